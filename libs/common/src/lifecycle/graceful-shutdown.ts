// Plain module (no Nest imports) so its unit spec drives it with fake timers and a fake exit.
import { constants } from 'node:os';

export type StopSignal = 'SIGTERM' | 'SIGINT';

/** Signals that arrive this soon after the first one are the same request: npm and a terminal both deliver one Ctrl-C. */
export const SAME_REQUEST_WINDOW_MS = 1000;

export interface GracefulShutdownOptions {
  /** SIGTERM only: how long to keep serving after `begin` (readiness 503) before `stop`. SIGINT skips it. */
  delayMs: number;
  /** The longest `stop` may take; past it the process exits 1. */
  timeoutMs: number;
  /** Called at once on the first signal: readiness turns 503. */
  begin(signal: StopSignal): void;
  /** Stops accepting work, finishes what is in flight, closes connections. */
  stop(): Promise<void>;
  exit(code: number): void;
  log: { info(message: string): void; warn(message: string): void };
  now?: () => number;
}

/**
 * The stop sequence of a deployable: on the first SIGTERM, readiness turns 503 at once, the process
 * keeps serving for `delayMs` (the time a load balancer or orchestrator takes to stop routing to it),
 * then stops within `timeoutMs` and exits 0 (1 when `stop` failed or ran out of time). A second
 * signal while it stops exits at once with 128 + the signal's number, as a shell reports a kill.
 */
export class GracefulShutdown {
  private firstSignalAt: number | null = null;
  private exited = false;
  private readonly now: () => number;

  constructor(private readonly options: GracefulShutdownOptions) {
    this.now = options.now ?? Date.now;
  }

  get stopping(): boolean {
    return this.firstSignalAt !== null;
  }

  handle(signal: StopSignal): void {
    if (this.firstSignalAt === null) {
      this.firstSignalAt = this.now();
      void this.run(signal);
      return;
    }
    if (this.now() - this.firstSignalAt < SAME_REQUEST_WINDOW_MS) return;
    this.options.log.warn(`${signal} again while stopping: exiting now`);
    this.exit(128 + constants.signals[signal]);
  }

  /** Listens to SIGTERM and SIGINT on `target` (the process). */
  listen(target: Pick<NodeJS.Process, 'on'> = process): this {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) target.on(signal, () => this.handle(signal));
    return this;
  }

  private async run(signal: StopSignal): Promise<void> {
    const { delayMs, timeoutMs, log } = this.options;
    this.options.begin(signal);
    const delay = signal === 'SIGTERM' ? delayMs : 0;
    log.info(
      `${signal}: readiness answers 503; ${delay > 0 ? `still serving for ${delay} ms, then ` : ''}stopping within ${timeoutMs} ms`,
    );
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (this.exited) return;
    const deadline = setTimeout(() => {
      log.warn(`work in flight did not finish within SHUTDOWN_TIMEOUT (${timeoutMs} ms): exiting`);
      this.exit(1);
    }, timeoutMs);
    try {
      await this.options.stop();
      this.exit(0);
    } catch (error) {
      log.warn(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      this.exit(1);
    } finally {
      clearTimeout(deadline);
    }
  }

  /** Once: whichever comes first of a second signal, the deadline and the end of `stop`. */
  private exit(code: number): void {
    if (this.exited) return;
    this.exited = true;
    this.options.exit(code);
  }
}
