import { AuthContext, listAnswer, notFoundError, pageRequest, validationError } from '@app/common';
import { retryOnDeadlock, WebhookDeliveryRepository } from '@app/database';
import { TASK_DUE_CHANNEL } from '@app/webhooks';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { RecoverWebhookDto } from './dto/recover-webhook.dto';
import { WebhookActionThrottle } from './webhook-action-throttle';
import { checkPathId, WebhookAccess } from './webhook-access';
import { toDeliveryRecord, WebhookRow } from './webhook-record';

/**
 * Delivery history, resend and recover. Resend and recover change their tasks first and lock the webhook row last,
 * the order in which the worker records an attempt (its tasks, then the webhook's health): a webhook row held by
 * one while it waits for a task held by the other would be a deadlock, and under repetition PostgreSQL's victim
 * lost every rerun. Should another path still meet them in the other order, they run again (retryOnDeadlock).
 */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly db: DataSource,
    private readonly throttle: WebhookActionThrottle,
    private readonly access: WebhookAccess,
    private readonly deliveries: WebhookDeliveryRepository,
  ) {}

  /** Delivery history of one webhook, newest first. */
  async list(auth: AuthContext, id: string, query: ListDeliveriesQuery) {
    await this.access.requireWebhook(auth.workspaceId, id);
    const page = pageRequest(query);
    const found = await this.deliveries.page(id, { eventId: query.event_id, status: query.status }, page);
    return listAnswer(found.items.map(toDeliveryRecord), page, found.total);
  }

  /**
   * Sends the event of one delivery again, now, to this webhook. Checked first (404, disabled),
   * then counted against the on-demand throttle, then done and checked again under the webhook's
   * row lock (a webhook disabled meanwhile rolls the task back).
   */
  async resend(auth: AuthContext, id: string, deliveryId: string) {
    checkPathId('id', id);
    checkPathId('delivery_id', deliveryId);
    const hook = await this.access.requireWebhook(auth.workspaceId, id);
    refuseDisabled(hook);
    await this.requireDelivery(id, deliveryId);
    await this.throttle.spend('resend', auth.workspaceId, hook.url);
    return retryOnDeadlock(() =>
      this.db.transaction(async (manager) => {
        const { eventId, eventType } = await this.requireDelivery(id, deliveryId, manager);
        if (!(await this.deliveries.eventExists(auth.workspaceId, eventId, manager)))
          throw notFoundError('event of the delivery');
        // The task row normally exists; recreate it if maintenance removed it.
        const due = await this.deliveries.makeTaskDue(
          { eventId, webhookId: id, workspaceId: auth.workspaceId, eventType },
          manager,
        );
        refuseDisabled(await this.access.requireWebhook(auth.workspaceId, id, manager, true));
        await this.notifyDue(manager, `${eventId}:${id}`);
        return { event_id: eventId, webhook_id: id, state: 'pending', next_attempt_at: due.toISOString() };
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
    if (Number.isNaN(since.getTime()))
      throw validationError('since', 'invalid_format', 'since must be an ISO 8601 time');
    const hook = await this.access.requireWebhook(auth.workspaceId, id);
    refuseDisabled(hook);
    await this.throttle.spend('recover', auth.workspaceId, hook.url);
    return retryOnDeadlock(() =>
      this.db.transaction(async (manager) => {
        const recovered = await this.deliveries.makeFailedTasksDue(id, since, manager);
        refuseDisabled(await this.access.requireWebhook(auth.workspaceId, id, manager, true));
        if (recovered > 0) await this.notifyDue(manager, '');
        return { webhook_id: id, since: since.toISOString(), recovered };
      }),
    );
  }

  private async requireDelivery(
    webhookId: string,
    deliveryId: string,
    manager?: EntityManager,
  ): Promise<{ eventId: string; eventType: string }> {
    const found = await this.deliveries.eventOf(webhookId, deliveryId, manager);
    if (found === null) throw notFoundError('delivery');
    return found;
  }

  /** Wakes the worker at commit: `eventId:webhookId` for one task, empty for "sweep due tasks now". */
  private async notifyDue(manager: EntityManager, payload: string): Promise<void> {
    await this.deliveries.notify(TASK_DUE_CHANNEL, payload, manager);
  }
}

function refuseDisabled(hook: WebhookRow): void {
  if (hook.status !== 'active') {
    throw validationError('id', 'invalid_value', 'the webhook is disabled: set its status to active first', {
      webhook_status: hook.status,
    });
  }
}
