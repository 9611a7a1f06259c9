import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A Prometheus registry with the process metrics (CPU, RSS, heap, event-loop lag, GC) under `prefix`,
 * so the API's and the worker's series never collide when one Prometheus scrapes both.
 */
export function createProcessRegistry(prefix: string): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });
  return registry;
}
