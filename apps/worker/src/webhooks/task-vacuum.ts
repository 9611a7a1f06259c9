import type { DeliveryStore } from '@app/webhooks';

/** Dead versions of task rows before a VACUUM pays: about two seconds of one busy webhook's deliveries. */
export const MIN_DEAD_VERSIONS = 5_000;

/** VACUUM takes at most this share of a worker's time, however large the table's history grows. */
export const MAX_VACUUM_SHARE = 0.1;

/**
 * Whether to VACUUM now: enough dead versions, and the last VACUUM (which took `lastMs`) ended long
 * enough ago that VACUUM keeps to MAX_VACUUM_SHARE of the time.
 */
export function vacuumDue(dead: number, lastMs: number, sinceLastEndMs: number): boolean {
  return dead >= MIN_DEAD_VERSIONS && sinceLastEndMs >= lastMs * (1 / MAX_VACUUM_SHARE - 1);
}

/**
 * Keeps the delivery queue's index small. A task is claimed oldest due first, and each claim and
 * recorded attempt leaves a dead entry at the front of the pending index, where every later claim
 * and "anything due?" check steps over it: with autovacuum off or a minute behind, a burst of
 * 65,000 events made that check take 17-38 ms instead of a fraction of one. Run on the dispatcher's
 * one-second pass; each worker replica keeps its own share, and SKIP_LOCKED keeps two from queueing.
 */
export class TaskVacuum {
  private lastMs = 0;
  private lastEndedAt = 0;

  constructor(
    private readonly store: Pick<DeliveryStore, 'deadTaskVersions' | 'vacuumTasks'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Vacuums the task table if it is due; answers whether it did. */
  async vacuumIfDue(): Promise<boolean> {
    if (!vacuumDue(await this.store.deadTaskVersions(), this.lastMs, this.now() - this.lastEndedAt)) return false;
    const started = this.now();
    try {
      await this.store.vacuumTasks();
    } finally {
      // A VACUUM that failed (a statement timeout on a huge history) counts too: the next one waits as long.
      this.lastEndedAt = this.now();
      this.lastMs = this.lastEndedAt - started;
    }
    return true;
  }
}
