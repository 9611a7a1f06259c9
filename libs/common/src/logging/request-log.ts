import type { IncomingMessage, ServerResponse } from 'node:http';
import { safeErrorSerializer } from './safe-error';

type LoggedRequest = IncomingMessage & { id?: unknown; originalUrl?: string };

/** An API key (`pws_` and 43 URL-safe characters), or any long token with that prefix, wherever it is pasted. */
const KEY_SHAPED = /pws_[A-Za-z0-9_-]{8,}/g;
const REDACTED = '[redacted]';

/**
 * The URL as logged: the path, and the query with every value redacted (names kept, so `?page` and
 * `?api_key` still show): a key sent as `?api_key=…` (refused with 401) was written to the log in clear.
 * Anything shaped like an API key is redacted in the path and the names too.
 */
export function loggedUrl(url: string): string {
  const question = url.indexOf('?');
  const path = (question === -1 ? url : url.slice(0, question)).replace(KEY_SHAPED, REDACTED);
  if (question === -1) return path;
  const names = url
    .slice(question + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = (equals === -1 ? pair : pair.slice(0, equals)).replace(KEY_SHAPED, REDACTED);
      return equals === -1 ? name : `${name}=${REDACTED}`;
    });
  return names.length === 0 ? path : `${path}?${names.join('&')}`;
}

/**
 * What operators need from a request, and nothing else: pino-http's default serializer copies every
 * header (the API key among them, then redacted) and the socket details on every request, a
 * measurable share of a cheap GET's CPU. Used with `wrapSerializers: false`, so they get the raw objects.
 */
export const requestLogSerializers = {
  req: (req: LoggedRequest) => ({
    id: req.id,
    method: req.method,
    url: loggedUrl(req.originalUrl ?? req.url ?? ''),
    remoteAddress: req.socket?.remoteAddress,
  }),
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
