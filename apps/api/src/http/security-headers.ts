import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { OPS_QUEUES_PATH } from '../ops/mount-ops';

/** The pages a browser renders: Swagger UI and its document (/docs, /docs/*, /docs-json, /docs-yaml), the queue dashboard. */
const isBrowserPage = (path: string): boolean =>
  /^\/docs(?:$|\/|-json$|-yaml$)/.test(path) || path === OPS_QUEUES_PATH || path.startsWith(`${OPS_QUEUES_PATH}/`);

/**
 * helmet's headers on every answer. The JSON API loads nothing, so its CSP forbids everything; Swagger UI
 * and the queue dashboard keep helmet's default CSP, which is what they need (scripts from 'self', inline
 * styles, data: images, the dashboard's web fonts over https) and nothing more.
 */
export function securityHeaders(): RequestHandler {
  // Without upgrade-insecure-requests: over plain http (a LAN host, docker compose) the browser would fetch
  // Swagger UI's own scripts over https and show a blank page.
  const docs = helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } });
  const api = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  });
  return (req: Request, res: Response, next: NextFunction) => (isBrowserPage(req.path) ? docs : api)(req, res, next);
}

/** Answers that need a key or the operator token: the JSON API and the operator pages. */
const isPrivateAnswer = (path: string): boolean => /^\/(?:v2|ops|metrics)(?:\/|$)/.test(path);

/**
 * `Cache-Control: no-store` on every answer of the API and the operator pages, errors included: they hold
 * a workspace's data (a new webhook's secret, CSV downloads of people), which no browser or proxy may keep.
 * Set before any route runs, so 401, 405, 413 and every other error carries it too.
 */
export function noStore(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isPrivateAnswer(req.path)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/**
 * CORS for the origins of CORS_ORIGINS only; none (the default) leaves CORS off, so no answer carries
 * Access-Control-Allow-Origin and browsers keep other sites' pages from reading it.
 */
export function corsOptions(origins: string[]): CorsOptions | null {
  if (origins.length === 0) return null;
  return {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'x-api-key', 'x-request-id', 'idempotency-key'],
    exposedHeaders: [
      'x-request-id',
      'retry-after',
      'allow',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'idempotent-replayed',
      'location',
    ],
    maxAge: 600,
  };
}
