import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Webhook } from './webhook.entity';

/**
 * `pending`: an attempt is due at `next_attempt_at`; `succeeded`/`failed`: final outcome;
 * `dropped`: the webhook was disabled or deleted before the task finished.
 */
export type WebhookTaskState = 'pending' | 'succeeded' | 'failed' | 'dropped';

/** Delivery state of one (event, webhook): the source of truth, and the only place where waiting work waits. */
@Entity('webhook_tasks')
// A drain claims its webhook's due tasks in due order; the fill pass and the gauges find webhooks with due
// tasks. The only index of pending tasks: with another, a claim planned on stale statistics could read and
// sort every due task (migration 1796500000000).
@Index('webhook_tasks_pending_webhook_due_idx', ['webhookId', 'nextAttemptAt', 'eventId'], {
  where: `state = 'pending'`,
})
// Pruning reads only what is finished.
@Index('webhook_tasks_finished_updated_idx', ['updatedAt'], { where: `state <> 'pending'` })
// "Recover everything that failed since T" for one webhook. Finished tasks only: with pending ones in
// it, a claim planned on stale statistics read every pending task of the webhook (migration 1796000000000).
@Index('webhook_tasks_webhook_finished_idx', ['webhookId', 'state', 'updatedAt'], { where: `state <> 'pending'` })
@Check('webhook_tasks_state_check', `state IN ('pending', 'succeeded', 'failed', 'dropped')`)
export class WebhookTask {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 64 })
  eventId: string;

  @PrimaryColumn({ name: 'webhook_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Webhook, { name: 'webhook_tasks_webhook_id_fkey', onDelete: 'CASCADE' })
  webhookId: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType: string;

  @Column({ type: 'text', default: 'pending' })
  state: WebhookTaskState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt: Date;
}
