import { Column, Entity, PrimaryColumn } from 'typeorm';

export type DeliveryStatus = 'succeeded' | 'failed';
export type DeliveryError = 'timeout' | 'connection_error' | 'redirect' | 'http_status' | 'blocked_target';

/** One delivery attempt: the delivery record (docs/api.md#webhooks). */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'webhook_id', type: 'varchar', length: 64 })
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

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
