/** How often a healthy sweeper looks for job rows Redis lost. */
export const SWEEP_EVERY_MS = 30_000;
/** After a sweep that failed or waited for Redis, the next one comes this soon. */
export const SWEEP_RETRY_MS = 1000;
/** A sweep taking longer than this waited for Redis (its commands queue while Redis is away). */
export const SLOW_SWEEP_MS = 5000;

export interface SweepOutcome {
  failed: boolean;
  tookMs: number;
}

/**
 * When the next sweep runs. A sweep that failed, or that hung until Redis came back, read its job
 * rows before rows committed during the outage existed: those jobs (created while their enqueue
 * could not reach Redis) are picked up by a sweep right after, not up to 30 s later.
 */
export function nextSweepDelayMs(outcome: SweepOutcome): number {
  return outcome.failed || outcome.tookMs > SLOW_SWEEP_MS ? SWEEP_RETRY_MS : SWEEP_EVERY_MS;
}
