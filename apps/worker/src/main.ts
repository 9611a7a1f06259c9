import 'reflect-metadata';
import { loadConfig, loadEnvFile } from '@app/config';
import { Logger } from 'nestjs-pino';
import { createWorkerApp } from './bootstrap';

async function main(): Promise<void> {
  loadEnvFile();
  loadConfig(process.env, { requireSecretsKey: true });
  const app = await createWorkerApp();
  await app.init();
  app.get(Logger).log('worker ready');
}

main().catch((error) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
