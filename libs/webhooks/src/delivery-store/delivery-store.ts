import { retryOnDeadlock } from '@app/database/sql';
import { dropPendingTask } from '../disable';
import type { WebhookSecretColumns } from '../secrets';
import type { DeliveryDb } from './delivery-db';

/** One attempt of one (event, webhook) delivery task, as the dispatcher names it. */
export interface TaskAttemptKey {
  eventId: string;
  webhookId: string;
  attempt: number;
}

/** A task the relay created, waiting for its first attempt. */
export interface RelayedTask {
  eventId: string;
  webhookId: string;
  workspaceId: string;
}

/** A pending task as the sweeper re-enqueues it. */
export interface PendingTask extends RelayedTask {
  attempts: number;
  nextAttemptAt: Date | null;
}

/** What sending one attempt needs: the webhook's target and secrets, and the event's stored body. */
export interface ClaimedDelivery {
  url: string;
  status: 'active' | 'disabled';
  secrets: WebhookSecretColumns;
  eventType: string;
  body: string;
}

/** Where a task stands, for a job that could not claim it. */
export interface TaskState {
  state: string;
  attempts: number;
  nextAttemptAt: Date | null;
}

/** One finished attempt, as its delivery record and its task's next state. */
export interface AttemptRow extends TaskAttemptKey {
  /** The task's state after this attempt, and when the next attempt is due (pending only). */
  state: string;
  nextAttemptAt: Date | null;
  deliveryId: string;
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  startedAt: Date;
  /** How the attempt counts for its webhook's health: `s` succeeded, `t` timed out, `f` failed otherwise. */
  healthKind: 's' | 't' | 'f';
}

/** An attempt the batch recorded (its place in the batch) with its webhook's health after the batch. */
export interface RecordedAttemptRow {
  index: number;
  consecutiveTimeouts: number;
  failingSince: Date | null;
}

/** Where a page of `pendingTasks` ends: the next page starts after it. */
export type PendingTaskCursor = [Date, string, string];

interface TaskRow {
  event_id: string;
  webhook_id: string;
  workspace_id: string;
  attempts: number;
  next_attempt_at: Date | null;
}

const toPendingTask = (r: TaskRow): PendingTask => ({
  eventId: r.event_id,
  webhookId: r.webhook_id,
  workspaceId: r.workspace_id,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
});

/**
 * The dispatcher's statements on its own pool (DeliveryDb: `synchronous_commit = off`, prepared
 * statements): the outbox relay, the claims and attempt records of the hot path, and the sweeps.
 * Delivery state lives in `webhook_tasks` and `webhook_deliveries` (docs/webhook-delivery.md);
 * each statement finds its rows by key or by a partial index.
 */
export class DeliveryStore {
  constructor(private readonly db: DeliveryDb) {}

  /**
   * Relays at most `limit` unrelayed events in one transaction (`SKIP LOCKED`, so replicas share
   * the work): a task per subscribed webhook, and the events marked relayed. Answers how many
   * events it took and the tasks created, in event order.
   */
  relayBatch(limit: number): Promise<{ events: number; tasks: RelayedTask[] }> {
    return this.db.transaction(async (m) => {
      const { rows: events } = await m.query<{ id: string }>(
        `SELECT id FROM events WHERE relayed_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      if (events.length === 0) return { events: 0, tasks: [] };
      const ids = events.map((e) => e.id);
      // A webhook gets only events from after its creation. A test event goes to its one webhook;
      // the others to every active webhook subscribed to the type.
      const { rows: tasks } = await m.query<{ event_id: string; webhook_id: string; workspace_id: string }>(
        `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
         SELECT e.id, w.id, e.workspace_id, e.type, 'pending', 0, now()
           FROM events e
           JOIN webhooks w ON w.workspace_id = e.workspace_id AND w.status = 'active' AND w.created_at <= e.created_at
          WHERE e.id = ANY($1)
            AND CASE WHEN e.target_webhook_id IS NOT NULL THEN w.id = e.target_webhook_id ELSE e.type = ANY (w.events) END
         ON CONFLICT DO NOTHING
         RETURNING event_id, webhook_id, workspace_id`,
        [ids],
      );
      await m.query(`UPDATE events SET relayed_at = now() WHERE id = ANY($1)`, [ids]);
      // RETURNING follows the join's order, often one webhook after another: answered in event order.
      const position = new Map(ids.map((id, i) => [id, i]));
      tasks.sort((a, b) => position.get(a.event_id)! - position.get(b.event_id)!);
      return {
        events: events.length,
        tasks: tasks.map((t) => ({ eventId: t.event_id, webhookId: t.webhook_id, workspaceId: t.workspace_id })),
      };
    });
  }

  /** Whether the task still waits for exactly this attempt. */
  async stillWaits({ eventId, webhookId, attempt }: TaskAttemptKey): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM webhook_tasks WHERE event_id = $1 AND webhook_id = $2 AND (state = 'pending') IS TRUE AND attempts = $3 - 1`,
      [eventId, webhookId, attempt],
      'webhook-task-still-waits',
    );
    return rows.length > 0;
  }

  /**
   * What sending each attempt needs, in the order asked, null for an attempt its task no longer
   * waits for or that is not due yet. One statement for many jobs, finding tasks by primary key
   * (see `recordAttempts` for why the state test reads `IS TRUE`).
   */
  async claim(attempts: TaskAttemptKey[]): Promise<(ClaimedDelivery | null)[]> {
    const rows = await this.db.query<{
      i: string;
      url: string;
      status: 'active' | 'disabled';
      secret_ciphertext: string;
      previous_secret_ciphertext: string | null;
      previous_secret_expires_at: Date | null;
      event_type: string;
      body: string;
    }>(
      `SELECT k.i, w.url, w.status, w.secret_ciphertext, w.previous_secret_ciphertext, w.previous_secret_expires_at,
              t.event_type, e.body::text AS body
         FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS k(event_id, webhook_id, attempt, i)
         JOIN webhook_tasks t ON t.event_id = k.event_id AND t.webhook_id = k.webhook_id
         JOIN webhooks w ON w.id = t.webhook_id JOIN events e ON e.id = t.event_id
        WHERE (t.state = 'pending') IS TRUE AND t.attempts = k.attempt - 1
          AND COALESCE(t.next_attempt_at, '-infinity') <= now() + interval '50 milliseconds'`,
      [attempts.map((j) => j.eventId), attempts.map((j) => j.webhookId), attempts.map((j) => j.attempt)],
      'webhook-claim-many',
    );
    const found: (ClaimedDelivery | null)[] = attempts.map(() => null);
    for (const r of rows) {
      found[Number(r.i) - 1] = {
        url: r.url,
        status: r.status,
        secrets: {
          secret_ciphertext: r.secret_ciphertext,
          previous_secret_ciphertext: r.previous_secret_ciphertext,
          previous_secret_expires_at: r.previous_secret_expires_at,
        },
        eventType: r.event_type,
        body: r.body,
      };
    }
    return found;
  }

  /** The task's state, or null when it is gone. */
  async taskState(eventId: string, webhookId: string): Promise<TaskState | null> {
    const [row] = await this.db.query<{ state: string; attempts: number; next_attempt_at: Date | null }>(
      `SELECT state, attempts, next_attempt_at FROM webhook_tasks WHERE event_id = $1 AND webhook_id = $2`,
      [eventId, webhookId],
    );
    return row ? { state: row.state, attempts: row.attempts, nextAttemptAt: row.next_attempt_at } : null;
  }

  /** The pending task becomes `dropped` (its webhook was found disabled); see dropPendingTask. */
  async dropPendingTask(eventId: string, webhookId: string): Promise<void> {
    await dropPendingTask(this.db, eventId, webhookId);
  }

  /**
   * Records attempts in one statement: each attempt's delivery record, its task's next state, and
   * the webhooks' health folded per webhook in attempt order. Only an attempt whose task is still
   * pending at the attempt before is recorded; answers those, by their place in `attempts`.
   * Two batches that update the same failing webhooks in a different order can deadlock;
   * PostgreSQL aborts one, which runs again.
   */
  async recordAttempts(attempts: AttemptRow[]): Promise<RecordedAttemptRow[]> {
    const rows = await retryOnDeadlock(() => this.writeAttempts(attempts));
    return rows.map((r) => ({
      index: Number(r.i) - 1,
      consecutiveTimeouts: Number(r.consecutive_timeouts ?? 0),
      failingSince: r.failing_since ? new Date(r.failing_since) : null,
    }));
  }

  /**
   * Tasks are found by primary key. `(state = 'pending') IS TRUE` rather than `state = 'pending'`
   * keeps the planner off the partial due-index: the pending count swings by thousands between
   * ANALYZE runs, and with stale statistics it would scan every pending task for each batch.
   */
  private writeAttempts(records: AttemptRow[]) {
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
        records.map((r) => r.healthKind),
      ],
      'webhook-record-attempts',
    );
  }

  /**
   * A page of every pending task, due or not, in (due time, event, webhook) order, after `after`
   * (null: the first page); with the cursor of its last row.
   */
  async pendingTasks(
    after: PendingTaskCursor | null,
    limit: number,
  ): Promise<{ tasks: PendingTask[]; last: PendingTaskCursor | null }> {
    const rows = await this.db.query<TaskRow & { k: Date }>(
      `SELECT event_id, webhook_id, workspace_id, attempts, next_attempt_at, COALESCE(next_attempt_at, '-infinity') AS k
         FROM webhook_tasks
        WHERE state = 'pending' AND ($1::timestamptz IS NULL OR (COALESCE(next_attempt_at, '-infinity'), event_id, webhook_id) > ($1::timestamptz, $2::text, $3::text))
        ORDER BY COALESCE(next_attempt_at, '-infinity'), event_id, webhook_id
        LIMIT ${Number(limit)}`,
      after ?? [null, null, null],
    );
    const last = rows[rows.length - 1];
    return { tasks: rows.map(toPendingTask), last: last ? [last.k, last.event_id, last.webhook_id] : null };
  }

  /** At most `limit` pending tasks due more than `graceMs` ago, most overdue first. */
  async overdueTasks(graceMs: number, limit: number): Promise<PendingTask[]> {
    const rows = await this.db.query<TaskRow>(
      `SELECT event_id, webhook_id, workspace_id, attempts, next_attempt_at FROM webhook_tasks
        WHERE state = 'pending' AND COALESCE(next_attempt_at, '-infinity') <= now() - make_interval(secs => $1::float8 / 1000)
        ORDER BY next_attempt_at LIMIT ${Number(limit)}`,
      [graceMs],
    );
    return rows.map(toPendingTask);
  }

  /** The task, when it is pending and due now (the API made it so: resend, recover). */
  async dueTask(eventId: string, webhookId: string): Promise<PendingTask[]> {
    const rows = await this.db.query<TaskRow>(
      `SELECT event_id, webhook_id, workspace_id, attempts, next_attempt_at FROM webhook_tasks
        WHERE event_id = $1 AND webhook_id = $2 AND state = 'pending' AND COALESCE(next_attempt_at, '-infinity') <= now()`,
      [eventId, webhookId],
    );
    return rows.map(toPendingTask);
  }
}
