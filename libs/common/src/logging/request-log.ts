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
