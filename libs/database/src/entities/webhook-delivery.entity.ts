import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Webhook } from './webhook.entity';

export type DeliveryStatus = 'succeeded' | 'failed';
export type DeliveryError = 'timeout' | 'connection_error' | 'redirect' | 'http_status' | 'blocked_target';

/** One delivery attempt: the delivery record (docs/api.md#webhooks). */
@Entity('webhook_deliveries')
// (webhook_id, created_at DESC, id DESC): TypeORM cannot express a descending key.
@Index('webhook_deliveries_webhook_created_idx', { synchronize: false })
@Index('webhook_deliveries_created_idx', ['createdAt'])
@Index('webhook_deliveries_webhook_event_idx', ['webhookId', 'eventId'])
@Check('webhook_deliveries_status_check', `status IN ('succeeded', 'failed')`)
@Check(
  'webhook_deliveries_error_check',
  `error IN ('timeout', 'connection_error', 'redirect', 'http_status', 'blocked_target')`,
)
export class WebhookDelivery {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'webhook_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Webhook, { name: 'webhook_deliveries_webhook_id_fkey', onDelete: 'CASCADE' })
  webhookId: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @Column({ name: 'event_id', type: 'varchar', length: 64 })
  eventId: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType: string;

  @Column({ type: 'integer' })
  attempt: number;

  @Column({ type: 'text' })
  status: DeliveryStatus;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  @Column({ type: 'text', nullable: true })
  error: DeliveryError | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', precision: 3, nullable: true })
  nextAttemptAt: Date | null;

  /** The retry this attempt scheduled was dropped (webhook disabled, task dropped): next_attempt_at is then null. */
  @Column({ name: 'retry_dropped', type: 'boolean', default: false })
  retryDropped: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
