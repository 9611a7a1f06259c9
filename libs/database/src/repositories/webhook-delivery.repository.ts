import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryError, DeliveryStatus } from '../entities/webhook-delivery.entity';
import { mutateReturning } from '../sql';
import { PageOf, PageWindow } from './page';

const DELIVERY_COLUMNS = [
  'id, webhook_id, event_id, event_type, attempt, status, response_status, error, duration_ms, next_attempt_at',
  'retry_dropped, created_at',
].join(', ');

/** A `webhook_deliveries` row as the driver answers it. */
export interface WebhookDeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: DeliveryStatus;
  response_status: number | null;
  error: DeliveryError | null;
  duration_ms: number;
  next_attempt_at: Date | null;
  retry_dropped: boolean;
  created_at: Date;
}

export interface DeliveryFilter {
  eventId?: string;
  status?: DeliveryStatus;
}

/**
 * Makes a task a fresh delivery run, due now: `attempts` restarts at 0 so the retry schedule
 * applies again. The worker picks it up from the NOTIFY (or its sweeper).
 */
const MAKE_DUE = `state = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now()`;

/**
 * The API's side of deliveries: the history of a webhook's attempts (`webhook_deliveries`, written by the worker)
 * and the on-demand actions that make delivery tasks (`webhook_tasks`) due again.
 *
 * Methods that may run inside a caller's transaction take its EntityManager last.
 */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of one webhook's delivery history, newest first. */
  async page(webhookId: string, filter: DeliveryFilter, page: PageWindow): Promise<PageOf<WebhookDeliveryRow>> {
    const params: unknown[] = [webhookId];
    let where = 'webhook_id = $1';
    if (filter.eventId !== undefined) {
      params.push(filter.eventId);
      where += ` AND event_id = $${params.length}`;
    }
    if (filter.status !== undefined) {
      params.push(filter.status);
      where += ` AND status = $${params.length}`;
    }
    const [rows, [{ total }]]: [WebhookDeliveryRow[], Array<{ total: string }>] = await Promise.all([
      this.dataSource.query(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE ${where}
          ORDER BY created_at DESC, id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`,
        params,
      ),
      this.dataSource.query(`SELECT count(*) AS total FROM webhook_deliveries WHERE ${where}`, params),
    ]);
    return { items: rows, total: Number(total) };
  }

  /** The event a delivery of this webhook carried, or null when the webhook has no such delivery. */
  async eventOf(
    webhookId: string,
    deliveryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ eventId: string; eventType: string } | null> {
    const found: Array<{ event_id: string; event_type: string }> = await manager.query(
      `SELECT d.event_id, d.event_type FROM webhook_deliveries d WHERE d.id = $1 AND d.webhook_id = $2`,
      [deliveryId, webhookId],
    );
    return found.length === 0 ? null : { eventId: found[0].event_id, eventType: found[0].event_type };
  }

  /** Whether the workspace's event is still stored (maintenance prunes old ones). */
  async eventExists(
    workspaceId: string,
    eventId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM events WHERE id = $1 AND workspace_id = $2`, [
      eventId,
      workspaceId,
    ]);
    return rows.length > 0;
  }

  /** Makes the (event, webhook) task a fresh run due now (recreated if maintenance removed it); answers when due. */
  async makeTaskDue(
    task: { eventId: string; webhookId: string; workspaceId: string; eventType: string },
    manager: EntityManager,
  ): Promise<Date> {
    const rows: Array<{ next_attempt_at: Date }> = await manager.query(
      `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
       VALUES ($1, $2, $3, $4, 'pending', 0, now())
       ON CONFLICT (event_id, webhook_id) DO UPDATE SET ${MAKE_DUE}
       RETURNING next_attempt_at`,
      [task.eventId, task.webhookId, task.workspaceId, task.eventType],
    );
    return new Date(rows[0].next_attempt_at);
  }

  /** Makes every task of the webhook that failed for good (or was dropped) since `since` due again; counts them. */
  async makeFailedTasksDue(webhookId: string, since: Date, manager: EntityManager): Promise<number> {
    const rows = await mutateReturning<{ event_id: string }>(
      manager,
      `UPDATE webhook_tasks SET ${MAKE_DUE}
        WHERE webhook_id = $1 AND state IN ('failed', 'dropped') AND updated_at >= $2 RETURNING event_id`,
      [webhookId, since],
    );
    return rows.length;
  }

  /** NOTIFY at commit on the worker's task channel (libs/webhooks channels.ts). */
  async notify(channel: string, payload: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_notify($1, $2)`, [channel, payload]);
  }
}
