import { Injectable } from '@nestjs/common';
import { DeliveryDb } from './delivery-db';
import { DeliveryQueue, DueAttempt } from './delivery-queue.service';
import { interleaveByWebhook } from './fair-order';
import { InFlightLimiter } from './in-flight-limiter';
import { limitedAttempt } from './limited-attempt';

const BATCH = 500;

/**
 * Moves outbox events into delivery tasks and queued jobs (or waiting attempts). Events, tasks
 * and the relayed mark change in one transaction (`SKIP LOCKED`, so replicas share the work);
 * attempts are dispatched after commit. A crash in between leaves pending tasks that the
 * sweeper enqueues.
 */
@Injectable()
export class OutboxRelay {
  constructor(
    private readonly db: DeliveryDb,
    private readonly queue: DeliveryQueue,
    private readonly limiter: InFlightLimiter,
  ) {}

  /** Relays every unrelayed event; answers how many events it took. */
  async relayAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const { events, tasks } = await this.relayBatch();
      await this.dispatch(tasks);
      total += events;
      if (events < BATCH) return total;
    }
  }

  /**
   * New attempts of a webhook (or workspace) without room wait in the limiter at once, as their
   * jobs would after finding no room: one script call instead of a BullMQ job each, which is what
   * lets one busy webhook's backlog drain at the receiver's pace. The others get jobs.
   */
  private async dispatch(attempts: DueAttempt[]): Promise<void> {
    const needJobs = new Set((await this.limiter.admit(attempts.map(limitedAttempt))).map((a) => a.attemptId));
    await this.queue.enqueue(attempts.filter((a) => needJobs.has(limitedAttempt(a).attemptId)));
  }

  private relayBatch(): Promise<{ events: number; tasks: DueAttempt[] }> {
    return this.db.transaction(async (m) => {
      const { rows: events } = await m.query<{ id: string }>(
        `SELECT id FROM events WHERE relayed_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH],
      );
      if (events.length === 0) return { events: 0, tasks: [] };
      const ids = events.map((e) => e.id);
      // A webhook gets only events from after its creation (docs/api.md#events). A test event
      // goes to its one webhook; the others to every active webhook subscribed to the type.
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
      // RETURNING follows the join's order, often one webhook after another: queue in event order, webhooks taking turns.
      const position = new Map(ids.map((id, i) => [id, i]));
      tasks.sort((a, b) => position.get(a.event_id)! - position.get(b.event_id)!);
      const attempts = tasks.map((t) => ({ eventId: t.event_id, webhookId: t.webhook_id, workspaceId: t.workspace_id, attempt: 1 }));
      return { events: events.length, tasks: interleaveByWebhook(attempts) };
    });
  }
}
