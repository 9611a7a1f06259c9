import 'reflect-metadata';
import { loadConfig, loadEnvFile } from '@app/config';
import { Logger } from 'nestjs-pino';

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig(process.env, { requireSecretsKey: true });
  // Loaded only now: the modules validate the environment when imported, which must see `.env` too.
  const { createWorkerApp, stopOnSignals } = await import('./bootstrap.js');
  const app = await createWorkerApp();
  await app.init();
  // No delay: nothing routes traffic to the worker. Its processors stop taking jobs and finish those in hand.
  stopOnSignals(app, { delayMs: 0, timeoutMs: config.shutdownTimeoutMs });
  app.get(Logger).log(`worker ready (Node.js ${process.version})`);
}

main().catch((error) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
