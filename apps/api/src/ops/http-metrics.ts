import { createProcessRegistry } from '@app/common/metrics/process-registry';
import type { NextFunction, Request, Response } from 'express';
import { Histogram } from 'prom-client';

/** The API's Prometheus registry: process metrics and the request latency histogram. */
export const apiRegistry = createProcessRegistry('pws_api_');

/** Every path no route serves (404s, 405s, scans) shares this label, so random URLs cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const requestDuration = new Histogram({
  name: 'pws_api_http_request_duration_seconds',
  help: 'Time from the request reaching the API to the last byte of its answer, by route template, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [apiRegistry],
});

/** What Express leaves on a request that a route served: the matched layer's route and the mount path. */
interface RoutedRequest {
  method: string;
  baseUrl?: string;
  route?: { path?: unknown; methods?: Record<string, boolean> };
}

/**
 * The route template that served a request (`/v2/companies/:id`), never the raw path. Nest mounts middleware
 * as wildcard (`/*path`) or all-methods routes on every path: a request that ended there matched no real route.
 */
export function routeLabel(req: RoutedRequest, fixed?: unknown): string {
  if (typeof fixed === 'string') return fixed;
  const route = req.route;
  if (!route || typeof route.path !== 'string' || route.path.includes('*') || route.methods?._all)
    return UNMATCHED_ROUTE;
  return `${req.baseUrl ?? ''}${route.path}`;
}

export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : 'OTHER';
}

/** Express middleware, first in line: observes each answer once it is sent (or the connection closed). */
export function recordHttpLatency(req: Request, res: Response, next: NextFunction): void {
  const end = requestDuration.startTimer();
  let recorded = false;
  const record = () => {
    if (recorded) return;
    recorded = true;
    end({
      method: methodLabel(req.method),
      route: routeLabel(req, res.locals.metricsRoute),
      status: String(res.statusCode),
    });
  };
  res.once('finish', record);
  res.once('close', record);
  next();
}

/** Labels every request under a mounted sub-application (the queue dashboard) with its mount path. */
export function fixedRouteLabel(label: string) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.locals.metricsRoute = label;
    next();
  };
}

/** `GET /metrics` in the Prometheus text format. */
export function serveMetrics(_req: Request, res: Response, next: NextFunction): void {
  apiRegistry.metrics().then((text) => res.status(200).type(apiRegistry.contentType).send(text), next);
}
