import { loadConfig, loadEnvFile } from '@app/config';
import { runMigrations } from './run-migrations';

/** `npm run migration:run`: applies pending migrations to DATABASE_URL and exits. */
async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig();
  const applied = await runMigrations(config.databaseUrl);
  process.stdout.write(JSON.stringify({ applied }) + '\n');
}

main().catch((error) => {
  process.stderr.write(`migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
