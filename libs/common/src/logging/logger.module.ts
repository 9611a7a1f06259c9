import { APP_CONFIG, AppConfig } from '@app/config';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { requestLogLevel, requestLogSerializers } from './request-log';

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

/** Structured JSON logs with a request id; keys and secrets are redacted wherever they appear. */
export function structuredLogger(appName: string) {
  return LoggerModule.forRootAsync({
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => ({
      pinoHttp: {
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
        genReqId: assignRequestId,
        // Our serializers take the raw req/res; wrapping would first build pino's full copy of them.
        wrapSerializers: false,
        serializers: requestLogSerializers,
        // No quietReqLogger: pino-http builds the `req` child logger anyway, so a second `reqId` child only adds
        // cost (measured ~1.8x the logging time per request); logs written during a request carry the slim `req`.
        customLogLevel: requestLogLevel,
        // /metrics and /ops/* are logged by mountOps when OPS_TOKEN is set (they answer before this runs); without it they answer 404 here, logged.
        // Probes (/health, /health/live, /health/ready) come every few seconds from every load balancer: not logged.
        autoLogging: {
          ignore: (req: IncomingMessage) => req.url === '/health' || req.url?.startsWith('/health/') === true,
        },
      },
    }),
  });
}
