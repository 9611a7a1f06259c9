import { collectDefaultMetrics, Registry } from 'prom-client';

/** The worker's Prometheus registry: process metrics plus what each feature registers. */
export const workerRegistry = new Registry();
collectDefaultMetrics({ register: workerRegistry, prefix: 'pws_worker_' });
