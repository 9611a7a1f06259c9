import {
  answerClientError,
  assignRequestId,
  isProbe,
  requestLogMiddleware,
  ROOT_LOGGER,
  ShutdownState,
} from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import express, { Request, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { mountDocs } from './docs/openapi';
import { ConnectionDrain } from './http/connection-drain';
import { JsonExpressAdapter } from './http/json-reply';
import { sequence } from './http/middleware-sequence';
import { requestDeadline } from './http/request-deadline.middleware';
import { strictMethods } from './http/strict-methods.middleware';
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
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new JsonExpressAdapter(server), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  const config = app.get<AppConfig>(APP_CONFIG);
  // Counts requests in flight and closes keep-alive connections after their answer once the process stops.
  const drain = new ConnectionDrain(app.get(ShutdownState));
  // One Express layer each for what runs on every request (sequence): Express matches and dispatches every layer.
  app.use(
    sequence<Request, Response>(
      // First, so every answer (405 and body errors included) carries the request id.
      (req, res, next) => (assignRequestId(req, res), next()),
      drain.middleware,
      securityHeaders(),
      noStore(),
    ),
  );
  const cors = corsOptions(config.corsOrigins);
  if (cors) app.enableCors(cors);
  // Before any route: the latency histogram times every request. Only with OPS_TOKEN set.
  mountOps(app);
  // No body parser here: JsonBodyInterceptor reads the body after the API key guard.
  app.disable('x-powered-by');
  // No ETag: every API answer is `Cache-Control: no-store`, so no cache revalidates one, and Express would hash
  // every body (SHA-1) to make it.
  app.set('etag', false);
  app.set('trust proxy', false);
  // Requests Node's parser refuses (431 for an over-long URL, 400 for malformed HTTP) answer in the envelope too.
  app.getHttpServer().on('clientError', answerClientError);
  mountDocs(app);
  // Every path the operator routes and the docs did not answer, before Nest's routes: the request log (so 404, 405
  // and 401 answers are logged), the REQUEST_TIMEOUT deadline, then 405 with Allow for a method the path does not
  // serve and 204 with Allow for OPTIONS.
  app.use(
    sequence<Request, Response>(
      requestLogMiddleware(app.get<PinoLogger>(ROOT_LOGGER, { strict: false }), isProbe),
      requestDeadline(config.requestTimeoutMs),
      strictMethods(server),
    ),
  );
  return { app, drain };
}
