import { APP_CONFIG, AppConfig } from '@app/config';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino, { Logger } from 'pino';
import { requestLogSerializers } from './request-log';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request's id: the caller's `x-request-id` when it is a sane token, else a new UUID; echoed in the
 * answer's `x-request-id` header. Idempotent, so the early middleware and pino-http agree on one id.
 */
export function assignRequestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  req.id = id;
  res.setHeader('x-request-id', id);
  return id;
}

/** The process's root pino logger (what structuredLogger logs through), for requestLogMiddleware. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** Probes (/health, /health/live, /health/ready) come every few seconds from every load balancer: not logged. */
export const isProbe = (req: IncomingMessage): boolean =>
  req.url === '/health' || req.url?.startsWith('/health/') === true;

function rootLogger(appName: string, config: AppConfig): Logger {
  return pino({
    level: config.logLevel,
    base: { app: appName },
    redact: {
      paths: [
        'req.headers["x-api-key"]',
        'req.headers.authorization',
        'req.headers.cookie',
        '*.secret',
        '*.secrets',
        '*.api_key',
        'secret',
      ],
      censor: '[redacted]',
    },
    serializers: requestLogSerializers,
  });
}

/**
 * Structured JSON logs with a request id; keys and secrets are redacted wherever they appear. nestjs-pino serves
 * Nest's Logger (inside a request, through the request's `req.log`); the API writes its request log with
 * requestLogMiddleware, in place of pino-http's (`useExisting`).
 */
export function structuredLogger(appName: string) {
  return LoggerModule.forRootAsync({
    providers: [
      { provide: ROOT_LOGGER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => rootLogger(appName, config) },
    ],
    inject: [ROOT_LOGGER],
    useFactory: (root: Logger) => ({
      // pino-http is only nestjs-pino's way to take our logger: with useExisting it is never mounted, and
      // nestjs-pino only binds each request's `req.log` (set by requestLogMiddleware) for the logs written during it.
      pinoHttp: { logger: root, genReqId: assignRequestId, wrapSerializers: false },
      useExisting: true as const,
    }),
  });
}
