import { setTimeout as sleep } from 'node:timers/promises';
import type { AttemptRow, DeliveryStore } from '@app/webhooks';
import type { WebhookHealth } from '@app/webhooks/delivery/delivery-policy';
import { BatchedLoader } from './batched-loader';

/** One finished attempt, as the delivery record and the task's next state (its health kind is derived here). */
export type AttemptRecord = Omit<AttemptRow, 'healthKind'>;

export interface RecordedAttempt {
  deliveryId: string;
  /** The webhook's health once this attempt (and the others recorded with it) counted. */
  health: WebhookHealth;
}

const RECORD_RETRY_MS = 500;

const HEALTH_KIND = { succeeded: 's', timeout: 't', failed: 'f' } as const;

const healthKind = (r: AttemptRecord): 's' | 't' | 'f' =>
  r.status === 'succeeded' ? HEALTH_KIND.succeeded : r.error === 'timeout' ? HEALTH_KIND.timeout : HEALTH_KIND.failed;

/**
 * Records the attempts that concurrent jobs finish, many per statement: each attempt's delivery
 * record, its task's next state, and the webhooks' health, folded per webhook in attempt order.
 * Per-statement cost, not per-row cost, is what bounds the dispatcher's PostgreSQL time.
 *
 * Only the run that still holds an attempt records it (the task is pending at the attempt
 * before); a duplicate run of the same attempt answers null, as does a task dropped meanwhile.
 */
export class AttemptRecorder {
  private readonly batches: BatchedLoader<AttemptRecord, RecordedAttempt | null>;

  constructor(
    private readonly store: DeliveryStore,
    maxBatch = 200,
  ) {
    // One statement at a time: the attempts finished while it runs go together in the next, half the
    // statements of two at a time at the same deliveries/s (BENCHMARKS.md, "Webhook delivery").
    this.batches = new BatchedLoader((records) => this.recordMany(records), maxBatch, 1);
  }

  /**
   * Tries again every half second while PostgreSQL is away, until `retryUntil` (epoch ms): an
   * attempt that was made but is not recorded would be sent again once its lease runs out.
   */
  async record(attempt: AttemptRecord, retryUntil = 0): Promise<RecordedAttempt | null> {
    for (;;) {
      try {
        return await this.batches.load(attempt);
      } catch (error) {
        if (Date.now() + RECORD_RETRY_MS > retryUntil) throw error;
        await sleep(RECORD_RETRY_MS);
      }
    }
  }

  private async recordMany(records: AttemptRecord[]): Promise<(RecordedAttempt | null)[]> {
    // The same attempt twice in one batch (a duplicated job) is recorded once: the first.
    const firstOf = new Map<string, number>();
    records.forEach((r, i) => {
      const key = `${r.eventId}\n${r.webhookId}\n${r.attempt}`;
      if (!firstOf.has(key)) firstOf.set(key, i);
    });
    const unique = [...firstOf.values()].map((i) => records[i]);
    const rows = await this.store.recordAttempts(unique.map((r) => ({ ...r, healthKind: healthKind(r) })));
    const byUnique = new Map(rows.map((row) => [row.index, row]));
    const answers: (RecordedAttempt | null)[] = records.map(() => null);
    [...firstOf.values()].forEach((recordIndex, uniqueIndex) => {
      const row = byUnique.get(uniqueIndex);
      if (!row) return;
      answers[recordIndex] = {
        deliveryId: records[recordIndex].deliveryId,
        health: { consecutiveTimeouts: row.consecutiveTimeouts, failingSince: row.failingSince },
      };
    });
    return answers;
  }
}
