import {
  answerClientError,
  assignRequestId,
  isProbe,
  requestLogMiddleware,
  ROOT_LOGGER,
  ShutdownState,
} from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { Logger as PinoLogger } from 'pino';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { mountDocs } from './docs/openapi';
import { ConnectionDrain } from './http/connection-drain';
import { corsOptions, noStore, securityHeaders } from './http/security-headers';
import { mountOps } from './ops/mount-ops';

// For main.ts, which imports this module only after reading `.env`.
export { stopOnSignals } from '@app/common';
export { Logger } from '@nestjs/common';

/** Builds the HTTP app exactly as it runs in production; `drain` is its part of a stop (main.ts). */
export async function createApiApp(): Promise<{ app: NestExpressApplication; drain: ConnectionDrain }> {
  // Paths are case-sensitive (/V2/lists is a 404): Express's router reads the setting once, when created, and
  // ExpressAdapter creates it in its constructor; hence our own instance, configured first.
  const server = express();
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ExpressAdapter(server), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // First, so every answer (405 and body errors included) carries the request id. 405/OPTIONS: StrictMethodsMiddleware.
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    assignRequestId(req, res);
    next();
  });
  // Counts requests in flight and closes keep-alive connections after their answer once the process stops.
  const drain = new ConnectionDrain(app.get(ShutdownState));
  app.use(drain.middleware);
  app.use(securityHeaders());
  app.use(noStore());
  const cors = corsOptions(app.get<AppConfig>(APP_CONFIG).corsOrigins);
  if (cors) app.enableCors(cors);
  // Before any route: the latency histogram times every request. Only with OPS_TOKEN set.
  mountOps(app);
  // The request log, after the operator routes (mountOps logs those itself) and before every Nest middleware and
  // route, so 404, 405 and 401 answers are logged too.
  app.use(requestLogMiddleware(app.get<PinoLogger>(ROOT_LOGGER, { strict: false }), isProbe));
  // No body parser here: JsonBodyInterceptor reads the body after the API key guard.
  app.disable('x-powered-by');
  // No ETag: every API answer is `Cache-Control: no-store`, so no cache revalidates one, and Express would hash
  // every body (SHA-1) to make it.
  app.set('etag', false);
  app.set('trust proxy', false);
  // Requests Node's parser refuses (431 for an over-long URL, 400 for malformed HTTP) answer in the envelope too.
  app.getHttpServer().on('clientError', answerClientError);
  mountDocs(app);
  return { app, drain };
}
