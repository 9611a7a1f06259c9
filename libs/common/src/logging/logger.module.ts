import { APP_CONFIG, AppConfig } from '@app/config';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Structured JSON logs with a request id; keys and secrets are redacted wherever they appear. */
export function structuredLogger(appName: string) {
  return LoggerModule.forRootAsync({
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => ({
      pinoHttp: {
        level: config.logLevel,
        base: { app: appName },
        redact: {
          paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie', '*.secret', '*.secrets', '*.api_key', 'secret'],
          censor: '[redacted]',
        },
        genReqId: (req: IncomingMessage, res: ServerResponse) => {
          const given = req.headers['x-request-id'];
          const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
          res.setHeader('x-request-id', id);
          return id;
        },
        customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => (err || res.statusCode >= 500 ? 'error' : 'info'),
        autoLogging: { ignore: (req: IncomingMessage) => req.url === '/health' || req.url === '/metrics' },
      },
    }),
  });
}
