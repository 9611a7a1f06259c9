import type { WebhookHealth } from '@app/webhooks/delivery/delivery-policy';
import { retryOnDeadlock } from '@app/database/sql';
import { BatchedLoader } from './batched-loader';
import type { DeliveryDb } from './delivery-db';

/** One finished attempt, as the delivery record and the task's next state. */
export interface AttemptRecord {
  eventId: string;
  webhookId: string;
  attempt: number;
  /** The task's state after this attempt, and when the next attempt is due (pending only). */
  state: string;
  nextAttemptAt: Date | null;
  deliveryId: string;
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  startedAt: Date;
}

export interface RecordedAttempt {
  deliveryId: string;
  /** The webhook's health once this attempt (and the others recorded with it) counted. */
  health: WebhookHealth;
}

const HEALTH_KIND = { succeeded: 's', timeout: 't', failed: 'f' } as const;

const healthKind = (r: AttemptRecord): string =>
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
    private readonly db: DeliveryDb,
    maxBatch = 200,
  ) {
    this.batches = new BatchedLoader((records) => this.recordMany(records), maxBatch, 2);
  }

  record(attempt: AttemptRecord): Promise<RecordedAttempt | null> {
    return this.batches.load(attempt);
  }

  private async recordMany(records: AttemptRecord[]): Promise<(RecordedAttempt | null)[]> {
    // The same attempt twice in one batch (a duplicated job) is recorded once: the first.
    const firstOf = new Map<string, number>();
    records.forEach((r, i) => {
      const key = `${r.eventId}\n${r.webhookId}\n${r.attempt}`;
      if (!firstOf.has(key)) firstOf.set(key, i);
    });
    const unique = [...firstOf.values()].map((i) => records[i]);
    // Two batches that update the same failing webhooks in a different order can deadlock; PostgreSQL aborts one, which runs again.
    const rows = await retryOnDeadlock(() => this.write(unique));
    const byUnique = new Map(rows.map((row) => [Number(row.i) - 1, row]));
    const answers: (RecordedAttempt | null)[] = records.map(() => null);
    [...firstOf.values()].forEach((recordIndex, uniqueIndex) => {
      const row = byUnique.get(uniqueIndex);
      if (!row) return;
      answers[recordIndex] = {
        deliveryId: records[recordIndex].deliveryId,
        health: { consecutiveTimeouts: Number(row.consecutive_timeouts ?? 0), failingSince: row.failing_since ? new Date(row.failing_since) : null },
      };
    });
    return answers;
  }

  /**
   * Tasks are found by primary key. `(state = 'pending') IS TRUE` rather than `state = 'pending'`
   * keeps the planner off the partial due-index: the pending count swings by thousands between
   * ANALYZE runs, and with stale statistics it would scan every pending task for each batch.
   */
  private write(records: AttemptRecord[]) {
    return this.db.query<{ i: string; consecutive_timeouts: number | null; failing_since: Date | null }>(
      `WITH k AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::timestamptz[], $6::text[], $7::text[],
                              $8::int[], $9::text[], $10::int[], $11::timestamptz[], $12::text[])
           WITH ORDINALITY AS k(event_id, webhook_id, attempt, state, next_attempt_at, delivery_id, status,
                                response_status, error, duration_ms, started_at, kind, i)
       ), t AS (
         UPDATE webhook_tasks t
            SET state = k.state, attempts = k.attempt, next_attempt_at = k.next_attempt_at, last_error = k.error, updated_at = now()
           FROM k
          WHERE t.event_id = k.event_id AND t.webhook_id = k.webhook_id AND (t.state = 'pending') IS TRUE AND t.attempts = k.attempt - 1
          RETURNING k.i, k.webhook_id, k.kind, t.workspace_id, t.event_type
       ), d AS (
         INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event_id, event_type, attempt, status, response_status, error, duration_ms, next_attempt_at, created_at)
         SELECT k.delivery_id, k.webhook_id, t.workspace_id, k.event_id, t.event_type, k.attempt, k.status, k.response_status, k.error, k.duration_ms, k.next_attempt_at, k.started_at
           FROM t JOIN k ON k.i = t.i
       ), h AS (
         -- Each webhook's recorded attempts, folded in order: the timeouts since the last other
         -- outcome, whether any or the last one succeeded.
         SELECT webhook_id,
                count(*) AS n,
                bool_and(kind = 't') AS all_timeouts,
                bool_and(kind = 's') AS all_succeeded,
                bool_or(kind = 's') AS any_succeeded,
                count(*) FILTER (WHERE kind = 't' AND i > COALESCE(last_other, 0)) AS trailing_timeouts,
                (array_agg(kind ORDER BY i DESC))[1] AS last_kind
           FROM (SELECT t.*, max(i) FILTER (WHERE kind <> 't') OVER (PARTITION BY webhook_id) AS last_other FROM t) r
          GROUP BY webhook_id
       ), w AS (
         -- Successes only write when they change something: a busy healthy webhook's row stays cold.
         UPDATE webhooks w SET
           consecutive_timeouts = CASE WHEN h.all_timeouts THEN w.consecutive_timeouts + h.n ELSE h.trailing_timeouts END,
           failing_since = CASE WHEN h.last_kind = 's' THEN NULL WHEN h.any_succeeded THEN now() ELSE COALESCE(w.failing_since, now()) END,
           last_success_at = CASE WHEN h.any_succeeded THEN now() ELSE w.last_success_at END
           FROM h
          WHERE w.id = h.webhook_id
            AND (NOT h.all_succeeded OR w.consecutive_timeouts <> 0 OR w.failing_since IS NOT NULL OR w.last_success_at IS NULL
                 OR w.last_success_at < now() - interval '1 second')
          RETURNING w.id, w.consecutive_timeouts, w.failing_since
       )
       SELECT t.i, w.consecutive_timeouts, w.failing_since FROM t LEFT JOIN w ON w.id = t.webhook_id`,
      [
        records.map((r) => r.eventId),
        records.map((r) => r.webhookId),
        records.map((r) => r.attempt),
        records.map((r) => r.state),
        records.map((r) => r.nextAttemptAt),
        records.map((r) => r.deliveryId),
        records.map((r) => r.status),
        records.map((r) => r.responseStatus),
        records.map((r) => r.error),
        records.map((r) => r.durationMs),
        records.map((r) => r.startedAt),
        records.map(healthKind),
      ],
      'webhook-record-attempts',
    );
  }
}
