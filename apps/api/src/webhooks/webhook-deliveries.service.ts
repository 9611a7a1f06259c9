import { AuthContext, listAnswer, notFoundError, pageRequest, validationError } from '@app/common';
import { mutateReturning, retryOnDeadlock } from '@app/database';
import { TASK_DUE_CHANNEL } from '@app/webhooks';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { RecoverWebhookDto } from './dto/recover-webhook.dto';
import { WebhookActionThrottle } from './webhook-action-throttle';
import { checkPathId, requireWebhook } from './webhook-access';
import { DELIVERY_COLUMNS, DeliveryRow, toDeliveryRecord, WebhookRow } from './webhook-record';

/**
 * Makes a task a fresh delivery run, due now: `attempts` restarts at 0 so the retry schedule
 * applies again. The worker picks it up from the NOTIFY (or its sweeper).
 */
const MAKE_DUE = `state = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now()`;

/**
 * Delivery history, resend and recover. Resend and recover lock the webhook row, then tasks; the
 * worker records an attempt by locking tasks, then updating the webhook's health. PostgreSQL may
 * therefore abort either as a deadlock victim: both run again (retryOnDeadlock), as a delete does.
 */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly db: DataSource,
    private readonly throttle: WebhookActionThrottle,
  ) {}

  /** Delivery history of one webhook, newest first. */
  async list(auth: AuthContext, id: string, query: ListDeliveriesQuery) {
    await requireWebhook(this.db, auth.workspaceId, id);
    const page = pageRequest(query);
    const params: unknown[] = [id];
    let where = 'webhook_id = $1';
    if (query.event_id !== undefined) {
      params.push(query.event_id);
      where += ` AND event_id = $${params.length}`;
    }
    if (query.status !== undefined) {
      params.push(query.status);
      where += ` AND status = $${params.length}`;
    }
    const [rows, [{ total }]]: [DeliveryRow[], Array<{ total: string }>] = await Promise.all([
      this.db.query(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`,
        params,
      ),
      this.db.query(`SELECT count(*) AS total FROM webhook_deliveries WHERE ${where}`, params),
    ]);
    return listAnswer(rows.map(toDeliveryRecord), page, total);
  }

  /**
   * Sends the event of one delivery again, now, to this webhook. Checked first (404, disabled),
   * then counted against the on-demand throttle, then done under the webhook's row lock.
   */
  async resend(auth: AuthContext, id: string, deliveryId: string) {
    checkPathId('id', id);
    checkPathId('delivery_id', deliveryId);
    const hook = await requireWebhook(this.db, auth.workspaceId, id);
    refuseDisabled(hook);
    await this.requireDelivery(this.db, id, deliveryId);
    await this.throttle.spend('resend', auth.workspaceId, hook.url);
    return retryOnDeadlock(() =>
      this.db.transaction(async (manager) => {
        refuseDisabled(await requireWebhook(manager, auth.workspaceId, id, true));
        const { event_id: eventId, event_type: eventType } = await this.requireDelivery(manager, id, deliveryId);
        const event = await manager.query(`SELECT 1 FROM events WHERE id = $1 AND workspace_id = $2`, [eventId, auth.workspaceId]);
        if (event.length === 0) throw notFoundError('event of the delivery');
        // The task row normally exists; recreate it if maintenance removed it.
        const rows = await manager.query(
          `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
           VALUES ($1, $2, $3, $4, 'pending', 0, now())
           ON CONFLICT (event_id, webhook_id) DO UPDATE SET ${MAKE_DUE}
           RETURNING next_attempt_at`,
          [eventId, id, auth.workspaceId, eventType],
        );
        await notifyDue(manager, `${eventId}:${id}`);
        return { event_id: eventId, webhook_id: id, state: 'pending', next_attempt_at: new Date(rows[0].next_attempt_at).toISOString() };
      }),
    );
  }

  /**
   * Every event whose task to this webhook failed for good (or was dropped) since `since` is sent
   * again. Counted against the on-demand throttle once the request is known to be valid.
   */
  async recover(auth: AuthContext, id: string, dto: RecoverWebhookDto) {
    checkPathId('id', id);
    const since = new Date(dto.since);
    if (Number.isNaN(since.getTime())) throw validationError('since', 'invalid_format', 'since must be an ISO 8601 time');
    const hook = await requireWebhook(this.db, auth.workspaceId, id);
    refuseDisabled(hook);
    await this.throttle.spend('recover', auth.workspaceId, hook.url);
    return retryOnDeadlock(() =>
      this.db.transaction(async (manager) => {
        refuseDisabled(await requireWebhook(manager, auth.workspaceId, id, true));
        const rows = await mutateReturning<{ event_id: string }>(
          manager,
          `UPDATE webhook_tasks SET ${MAKE_DUE}
            WHERE webhook_id = $1 AND state IN ('failed', 'dropped') AND updated_at >= $2 RETURNING event_id`,
          [id, since],
        );
        if (rows.length > 0) await notifyDue(manager, '');
        return { webhook_id: id, since: since.toISOString(), recovered: rows.length };
      }),
    );
  }

  private async requireDelivery(manager: Pick<EntityManager, 'query'>, webhookId: string, deliveryId: string): Promise<{ event_id: string; event_type: string }> {
    const found: { event_id: string; event_type: string }[] = await manager.query(
      `SELECT d.event_id, d.event_type FROM webhook_deliveries d WHERE d.id = $1 AND d.webhook_id = $2`,
      [deliveryId, webhookId],
    );
    if (found.length === 0) throw notFoundError('delivery');
    return found[0];
  }
}

function refuseDisabled(hook: WebhookRow): void {
  if (hook.status !== 'active') {
    throw validationError('id', 'invalid_value', 'the webhook is disabled: set its status to active first', { webhook_status: hook.status });
  }
}

/** Wakes the worker at commit: `eventId:webhookId` for one task, empty for "sweep due tasks now". */
async function notifyDue(manager: EntityManager, payload: string): Promise<void> {
  await manager.query(`SELECT pg_notify($1, $2)`, [TASK_DUE_CHANNEL, payload]);
}
