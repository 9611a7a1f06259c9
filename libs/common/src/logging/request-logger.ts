import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { requestLogLevel } from './request-log';

type LoggedRequest = IncomingMessage & { id?: unknown; log?: Logger };

/**
 * `root.child({ req })`, built on first use: the logger nestjs-pino hands to whatever logs during the request
 * (useExisting reads `req.log`). Most requests log nothing but their request line, so most never build it;
 * building it runs the request serializer and the redaction of its bindings.
 */
export function lazyRequestLogger(root: Logger, req: IncomingMessage): Logger {
  let child: Logger | undefined;
  const target = (): Logger => (child ??= root.child({ req }));
  return new Proxy(Object.create(null) as Logger, {
    get(_stub, property) {
      const logger = target();
      const value: unknown = Reflect.get(logger, property, logger);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(logger) : value;
    },
    set(_stub, property, value) {
      return Reflect.set(target(), property, value);
    },
    has(_stub, property) {
      return property in target();
    },
  });
}

/**
 * The request log, one line per answer, as pino-http wrote it (`req`, `res`, `err` for a 5xx, `responseTime`,
 * `request completed` or `request errored`, the level of requestLogLevel), at a fraction of its cost: no
 * child logger per request (logs during the request get a lazy one, lazyRequestLogger), one listener, and the
 * line goes through a child of `root` without redaction: it holds only what requestLogSerializers keep
 * (id, method, the URL with query values and key-shaped text redacted, remote address, status), never a header.
 * `ignore`: requests not logged (the probes).
 */
export function requestLogMiddleware(root: Logger, ignore: (req: IncomingMessage) => boolean) {
  const lines = root.child({}, { redact: { paths: [] } });
  return (req: LoggedRequest, res: ServerResponse, next: () => void): void => {
    req.log = lazyRequestLogger(root, req);
    if (!ignore(req)) {
      const started = Date.now();
      const done = (error?: Error): void => {
        res.removeListener('close', done);
        res.removeListener('error', done);
        const responseTime = Date.now() - started;
        if (error || res.statusCode >= 500) {
          const err = error ?? new Error(`failed with status code ${res.statusCode}`);
          lines[requestLogLevel(req, res, err)]({ req, res, err, responseTime }, 'request errored');
        } else {
          lines[requestLogLevel(req, res)]({ req, res, responseTime }, 'request completed');
        }
      };
      // 'close' follows 'finish' on every answer, and comes alone when the client goes first.
      res.on('close', done);
      res.on('error', done);
    }
    next();
  };
}
