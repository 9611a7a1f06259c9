import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { OPS_QUEUES_PATH } from '../ops/ops-paths';

/** The pages a browser renders: Swagger UI and its document (/docs, /docs/*, /docs-json, /docs-yaml), the queue dashboard. */
const isBrowserPage = (path: string): boolean =>
  /^\/docs(?:$|\/|-json$|-yaml$)/.test(path) || path === OPS_QUEUES_PATH || path.startsWith(`${OPS_QUEUES_PATH}/`);

/** What a header middleware does to every answer, in order: set a header, or remove one. */
export type HeaderEdit = readonly ['set', string, string] | readonly ['remove', string];

/**
 * The edits a request-independent header middleware (helmet without nonces) makes, recorded once by running it
 * against a stand-in response; replaying them costs a few setHeader calls per request, without helmet's own chain
 * of thirteen middlewares. Throws if it needs the request or does not finish at once.
 */
export function recordHeaderEdits(middleware: RequestHandler): HeaderEdit[] {
  const edits: HeaderEdit[] = [];
  const response = {
    setHeader: (name: string, value: unknown) => edits.push(['set', name, String(value)]),
    removeHeader: (name: string) => edits.push(['remove', name]),
  };
  let finished = false;
  void middleware({} as Request, response as unknown as Response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('the header middleware passed an error');
    finished = true;
  });
  if (!finished) throw new Error('the header middleware did not finish synchronously');
  return edits;
}

function replay(res: Response, edits: readonly HeaderEdit[]): void {
  for (const edit of edits) {
    if (edit[0] === 'set') res.setHeader(edit[1], edit[2]);
    else res.removeHeader(edit[1]);
  }
}

/**
 * helmet's headers on every answer. The JSON API loads nothing, so its CSP forbids everything; Swagger UI
 * and the queue dashboard keep helmet's default CSP, which is what they need (scripts from 'self', inline
 * styles, data: images, the dashboard's web fonts over https) and nothing more. helmet runs once per set, at
 * start (recordHeaderEdits); each request replays its headers.
 */
export function securityHeaders(): RequestHandler {
  // Without upgrade-insecure-requests: over plain http (a LAN host, docker compose) the browser would fetch
  // Swagger UI's own scripts over https and show a blank page.
  const docs = recordHeaderEdits(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  const api = recordHeaderEdits(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    }),
  );
  return (req: Request, res: Response, next: NextFunction) => {
    replay(res, isBrowserPage(req.path) ? docs : api);
    next();
  };
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
