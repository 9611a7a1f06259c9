import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * `pending`: an attempt is due at `next_attempt_at`; `succeeded`/`failed`: final outcome;
 * `dropped`: the webhook was disabled or deleted before the task finished.
 */
export type WebhookTaskState = 'pending' | 'succeeded' | 'failed' | 'dropped';

/** Delivery state of one (event, webhook): the source of truth; BullMQ only schedules attempts. */
@Entity('webhook_tasks')
export class WebhookTask {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 64 })
  eventId: string;

  @PrimaryColumn({ name: 'webhook_id', type: 'varchar', length: 64 })
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

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
