import { createProcessRegistry } from '@app/common';

/** The worker's Prometheus registry: process metrics plus what each feature registers. */
export const workerRegistry = createProcessRegistry('pws_worker_');
