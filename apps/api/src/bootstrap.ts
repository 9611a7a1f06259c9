import { assignRequestId } from '@app/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { mountDocs } from './docs/openapi';

/** Builds the HTTP app exactly as it runs in production; tests call this too. */
export async function createApiApp(): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  // Before the body parser, so even a malformed body's 400 carries the request id.
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    assignRequestId(req, res);
    next();
  });
  app.useBodyParser('json', { limit: '8mb', strict: true, type: () => true });
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  // process.exit(0) after the hooks ran, so pino flushes and an orchestrator sees a clean exit code.
  app.enableShutdownHooks([], { useProcessExit: true });
  mountDocs(app);
  return app;
}
