import 'reflect-metadata';
import { loadConfig, loadEnvFile } from '@app/config';
import { Logger } from 'nestjs-pino';

async function main(): Promise<void> {
  loadEnvFile();
  loadConfig(process.env, { requireSecretsKey: true });
  // Loaded only now: the modules validate the environment when imported, which must see `.env` too.
  const { createWorkerApp } = await import('./bootstrap.js');
  const app = await createWorkerApp();
  await app.init();
  app.get(Logger).log('worker ready');
}

main().catch((error) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
