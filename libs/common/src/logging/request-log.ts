import type { IncomingMessage, ServerResponse } from 'node:http';
import { safeErrorSerializer } from './safe-error';

type LoggedRequest = IncomingMessage & { id?: unknown; originalUrl?: string };

/**
 * What operators need from a request, and nothing else: pino-http's default serializer copies every
 * header (the API key among them, then redacted) and the socket details on every request, a
 * measurable share of a cheap GET's CPU. Used with `wrapSerializers: false`, so they get the raw objects.
 */
export const requestLogSerializers = {
  req: (req: LoggedRequest) => ({ id: req.id, method: req.method, url: req.originalUrl ?? req.url, remoteAddress: req.socket?.remoteAddress }),
  res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
  err: safeErrorSerializer,
};

/**
 * A 503 means a dependency is down or the deadline passed: the exception filter already warned once with the
 * reason, and an outage would otherwise fill the error log with one stack per request.
 */
export function requestLogLevel(_req: IncomingMessage, res: ServerResponse, err?: Error): 'info' | 'warn' | 'error' {
  if (res.statusCode === 503) return 'warn';
  return err || res.statusCode >= 500 ? 'error' : 'info';
}
