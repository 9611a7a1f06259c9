import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module';

/** The worker as an application context (no HTTP server); tests start it the same way. */
export async function createWorkerApp() {
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // process.exit(0) after the hooks ran, so pino flushes and an orchestrator sees a clean exit code.
  app.enableShutdownHooks([], { useProcessExit: true });
  return app;
}
