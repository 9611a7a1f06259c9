import { retryOnDeadlock } from '@app/database/sql';
import { dropPendingTask } from '../disable';
import type { WebhookSecretColumns } from '../secrets';
import type { DeliveryDb } from './delivery-db';
import { PENDING_HEADS_SQL } from './pending-heads';

/** One attempt of one (event, webhook) delivery task, as the dispatcher names it. */
export interface TaskAttemptKey {
  eventId: string;
  webhookId: string;
  attempt: number;
}

/** A task the relay created, waiting for its first attempt. */
export interface RelayedTask extends DueWebhook {
  eventId: string;
}

/**
 * A due task a drain claimed (leased until its attempt is recorded), with what sending it needs:
 * the webhook's target and secrets, and the event's stored body.
 */
export interface ClaimedTask extends TaskAttemptKey {
  workspaceId: string;
  /** When the lease ends (this process' clock, read before the claim): the attempt must be recorded by then. */
  leaseEndsAt: number;
  url: string;
  status: 'active' | 'disabled';
  secrets: WebhookSecretColumns;
  eventType: string;
  body: string;
}

/** A webhook with due tasks, for the pass that fills free slots. */
export interface DueWebhook {
  webhookId: string;
  workspaceId: string;
}

/** Due tasks no drain holds yet: all webhooks together, and the webhooks with the most. */
export interface WaitingTasks {
  total: number;
  top: { webhookId: string; waiting: number; oldestAgeSeconds: number }[];
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

/**
 * The dispatcher's statements on its own pool (DeliveryDb: `synchronous_commit = off`, prepared
 * statements): the outbox relay, the claims and attempt records of the hot path, and the sweeps.
 * Delivery state lives in `webhook_tasks` and `webhook_deliveries` (docs/webhook-delivery.md);
 * each statement finds its rows by key or by a partial index.
 */
export class DeliveryStore {
  constructor(private readonly db: DeliveryDb) {}

  /**
   * Relays at most `limit` unrelayed events in one statement (`SKIP LOCKED`, so replicas share the
   * work): the events marked relayed, and a task per subscribed webhook. Answers how many events it
   * took and the tasks created, in event order. A webhook gets only events from after its creation;
   * a test event goes to its one webhook, the others to every active webhook subscribed to the type.
   */
  async relayBatch(limit: number): Promise<{ events: number; tasks: RelayedTask[] }> {
    const rows = await this.db.query<{
      events: number;
      event_id: string | null;
      webhook_id: string | null;
      workspace_id: string | null;
    }>(
      `WITH marked AS (
         UPDATE events SET relayed_at = now()
          WHERE id IN (SELECT id FROM events WHERE relayed_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id, workspace_id, type, created_at, target_webhook_id
       ), tasks AS (
         INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
         SELECT e.id, w.id, e.workspace_id, e.type, 'pending', 0, now()
           FROM marked e
           JOIN webhooks w ON w.workspace_id = e.workspace_id AND w.status = 'active' AND w.created_at <= e.created_at
          WHERE CASE WHEN e.target_webhook_id IS NOT NULL THEN w.id = e.target_webhook_id ELSE e.type = ANY (w.events) END
         ON CONFLICT DO NOTHING
         RETURNING event_id, webhook_id, workspace_id
       )
       -- One row per task (at least one row: the count), in event order.
       SELECT c.events, t.event_id, t.webhook_id, t.workspace_id
         FROM (SELECT count(*)::int AS events FROM marked) c
         LEFT JOIN (tasks t JOIN marked e ON e.id = t.event_id) ON true
        ORDER BY e.created_at, t.event_id, t.webhook_id`,
      [limit],
      'webhook-relay-batch',
    );
    return {
      events: rows[0]?.events ?? 0,
      tasks: rows
        .filter((r) => r.event_id !== null)
        .map((r) => ({ eventId: r.event_id!, webhookId: r.webhook_id!, workspaceId: r.workspace_id! })),
    };
  }

  /**
   * Claims up to `limit` due tasks of one webhook, oldest due first (then by event id, which is
   * time-ordered), with `FOR UPDATE SKIP LOCKED` so that concurrent drains never claim the same
   * task. The claim is a lease: `next_attempt_at` moves `leaseMs` ahead, so the task is due again
   * only if its attempt is not recorded by then (the drain died); recording sets the real next time.
   */
  async claimDue(webhookId: string, limit: number, leaseMs: number): Promise<ClaimedTask[]> {
    const leaseEndsAt = Date.now() + leaseMs;
    const rows = await this.db.query<{
      event_id: string;
      attempts: number;
      workspace_id: string;
      event_type: string;
      body: string;
      url: string;
      status: 'active' | 'disabled';
      secret_ciphertext: string;
      previous_secret_ciphertext: string | null;
      previous_secret_expires_at: Date | null;
    }>(
      `WITH c AS (
         SELECT event_id, next_attempt_at AS due_at FROM webhook_tasks
          WHERE webhook_id = $1 AND state = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, event_id LIMIT $2 FOR UPDATE SKIP LOCKED
       ), t AS (
         UPDATE webhook_tasks t SET next_attempt_at = now() + make_interval(secs => $3::float8 / 1000)
           FROM c WHERE t.event_id = c.event_id AND t.webhook_id = $1
         RETURNING t.event_id, t.attempts, t.workspace_id, t.event_type, c.due_at
       )
       SELECT t.event_id, t.attempts, t.workspace_id, t.event_type, e.body::text AS body,
              w.url, w.status, w.secret_ciphertext, w.previous_secret_ciphertext, w.previous_secret_expires_at
         FROM t JOIN events e ON e.id = t.event_id JOIN webhooks w ON w.id = $1
        ORDER BY t.due_at, t.event_id`,
      [webhookId, limit, leaseMs],
      'webhook-claim-due',
    );
    return rows.map((r) => ({
      eventId: r.event_id,
      webhookId,
      attempt: r.attempts + 1,
      workspaceId: r.workspace_id,
      leaseEndsAt,
      eventType: r.event_type,
      body: r.body,
      url: r.url,
      status: r.status,
      secrets: {
        secret_ciphertext: r.secret_ciphertext,
        previous_secret_ciphertext: r.previous_secret_ciphertext,
        previous_secret_expires_at: r.previous_secret_expires_at,
      },
    }));
  }

  /** Claimed tasks a drain will not send after all (it is stopping): due again at once. */
  async releaseClaims(tasks: TaskAttemptKey[]): Promise<void> {
    if (tasks.length === 0) return;
    await this.db.query(
      `UPDATE webhook_tasks t SET next_attempt_at = now()
         FROM unnest($1::text[], $2::text[], $3::int[]) AS k(event_id, webhook_id, attempt)
        WHERE t.event_id = k.event_id AND t.webhook_id = k.webhook_id AND (t.state = 'pending') IS TRUE AND t.attempts = k.attempt - 1`,
      [tasks.map((t) => t.eventId), tasks.map((t) => t.webhookId), tasks.map((t) => t.attempt)],
    );
  }

  /**
   * Whether the webhook has a due task no drain holds: its earliest pending task, in the order of the
   * pending index. Without the order, when every task looked due the planner could as well walk the
   * primary key and filter, which reads past every finished task of other webhooks.
   */
  async hasDueTask(webhookId: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM webhook_tasks WHERE webhook_id = $1 AND state = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at LIMIT 1`,
      [webhookId],
      'webhook-has-due-task',
    );
    return rows.length > 0;
  }

  /** Webhooks with due tasks (at most `limit`), one index probe per webhook with pending tasks (PENDING_HEADS_SQL). */
  async webhooksWithDueTasks(limit: number): Promise<DueWebhook[]> {
    const rows = await this.db.query<{ webhook_id: string; workspace_id: string }>(
      `${PENDING_HEADS_SQL}
       SELECT w.id AS webhook_id, w.workspace_id FROM heads h JOIN webhooks w ON w.id = h.id
        WHERE h.due <= now()
        LIMIT ${Number(limit)}`,
    );
    return rows.map((r) => ({ webhookId: r.webhook_id, workspaceId: r.workspace_id }));
  }

  /**
   * Dead row versions in `webhook_tasks` since its last VACUUM (`pg_stat_user_tables`, which
   * backends update about once a second): each claim and each recorded attempt leaves one, and so
   * does its entry in the pending index, which claims walk past until VACUUM removes it.
   */
  async deadTaskVersions(): Promise<number> {
    const [row] = await this.db.query<{ dead: string }>(
      `SELECT n_dead_tup AS dead FROM pg_stat_user_tables WHERE relid = 'webhook_tasks'::regclass`,
    );
    return Number(row?.dead ?? 0);
  }

  /**
   * VACUUM of `webhook_tasks` (docs/webhook-delivery.md, "Vacuuming the task table"):
   * `INDEX_CLEANUP` on, because the dead entries in the pending index are what it is for and
   * PostgreSQL would skip the indexes when few heap pages hold dead rows (a long history);
   * `TRUNCATE` off, because giving empty pages back takes a lock that would stall every claim;
   * `SKIP_LOCKED`, so a replica's VACUUM does not wait behind another's. It cannot run inside a
   * transaction, and needs none.
   */
  async vacuumTasks(): Promise<void> {
    await this.db.query(`VACUUM (SKIP_LOCKED, INDEX_CLEANUP ON, TRUNCATE OFF) webhook_tasks`);
  }

  /** The workspace of a webhook (a job from before jobs carried it), null when the webhook is gone. */
  async workspaceOf(webhookId: string): Promise<string | null> {
    const [row] = await this.db.query<{ workspace_id: string }>(`SELECT workspace_id FROM webhooks WHERE id = $1`, [
      webhookId,
    ]);
    return row?.workspace_id ?? null;
  }

  /** How long in seconds the most overdue pending task has been due; 0 when none is due (PENDING_HEADS_SQL). */
  async oldestDueTaskAgeSeconds(): Promise<number> {
    const [row] = await this.db.query<{ age: number }>(
      `${PENDING_HEADS_SQL}
       SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(due)), 0)::float8 AS age FROM heads WHERE due <= now()`,
    );
    return Math.max(0, Number(row?.age ?? 0));
  }

  /** Due tasks that no drain holds: the total, and the `top` webhooks with the most (ties: the longest waiting). */
  async waitingTasks(top: number): Promise<WaitingTasks> {
    const rows = await this.db.query<{ webhook_id: string; waiting: number; age: number; total: number }>(
      `SELECT webhook_id, count(*)::int AS waiting,
              GREATEST(0, EXTRACT(EPOCH FROM now() - min(next_attempt_at)))::float8 AS age,
              (sum(count(*)) OVER ())::int AS total
         FROM webhook_tasks WHERE state = 'pending' AND next_attempt_at <= now()
        GROUP BY webhook_id ORDER BY waiting DESC, age DESC LIMIT ${Number(top)}`,
    );
    return {
      total: rows[0]?.total ?? 0,
      top: rows.map((r) => ({ webhookId: r.webhook_id, waiting: r.waiting, oldestAgeSeconds: r.age })),
    };
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
}
