import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module';

// For main.ts, which imports this module only after reading `.env`.
export { stopOnSignals } from '@app/common';

/** The worker as an application context (no HTTP server); tests start it the same way. */
export async function createWorkerApp() {
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // Signals are handled by main.ts (stopOnSignals), not by Nest's shutdown hooks.
  return app;
}
