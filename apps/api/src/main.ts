import 'reflect-metadata';
import { loadConfig, loadEnvFile } from '@app/config';

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig(process.env, { requireSecretsKey: true });
  // Loaded only now: the modules validate the environment when imported, which must see `.env` too.
  const { createApiApp, stopOnSignals, Logger } = await import('./bootstrap.js');
  const { app, drain } = await createApiApp();
  const server = app.getHttpServer();
  // Keep-alive longer than a typical load balancer's idle timeout, so it closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await app.listen(config.port, '0.0.0.0');
  const logger = new Logger('Main');
  logger.log(`api listening on port ${config.port} (Node.js ${process.version})`);
  // SIGTERM: readiness 503 at once, still serving for SHUTDOWN_DELAY, then the port closes and requests in flight finish.
  stopOnSignals(app, {
    delayMs: config.shutdownDelayMs,
    timeoutMs: config.shutdownTimeoutMs,
    beforeClose: () => drain.close(server, (message) => logger.log(message)),
  });
}

main().catch((error) => {
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
