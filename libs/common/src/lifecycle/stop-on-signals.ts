import { INestApplicationContext, Logger } from '@nestjs/common';
import { GracefulShutdown } from './graceful-shutdown';
import { ShutdownState } from './shutdown-state';

export interface StopOnSignalsOptions {
  /** SIGTERM only: keep serving this long after readiness turned 503 (SHUTDOWN_DELAY). */
  delayMs: number;
  /** The longest the stop may take (SHUTDOWN_TIMEOUT); past it the process exits 1. */
  timeoutMs: number;
  /** Runs before the app's shutdown hooks, while every connection and pool is still open (the API's requests in flight). */
  beforeClose?: () => Promise<void>;
}

/**
 * SIGTERM and SIGINT stop the app through GracefulShutdown instead of Nest's own shutdown hooks, whose
 * first step (onModuleDestroy) would close pools under requests still being answered, and which has
 * no delay, no bound and no answer to a second signal. process.exit flushes pino's log on the way out.
 */
export function stopOnSignals(app: INestApplicationContext, options: StopOnSignalsOptions): GracefulShutdown {
  const state = app.get(ShutdownState);
  const logger = new Logger('Shutdown');
  return new GracefulShutdown({
    delayMs: options.delayMs,
    timeoutMs: options.timeoutMs,
    begin: (signal) => state.begin(signal),
    stop: async () => {
      await options.beforeClose?.();
      await app.close();
      logger.log('stopped');
    },
    exit: (code) => process.exit(code),
    log: { info: (message) => logger.log(message), warn: (message) => logger.warn(message) },
  }).listen();
}
