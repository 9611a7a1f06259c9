import { Column, Entity, PrimaryColumn } from 'typeorm';

export type WebhookStatus = 'active' | 'disabled';

/** A registered receiver. Secrets are kept only as AES-256-GCM ciphertext (libs/webhooks secret-box). */
@Entity('webhooks')
export class Webhook {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', array: true })
  events: string[];

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', default: 'active' })
  status: WebhookStatus;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;

  @Column({ name: 'secret_ciphertext', type: 'text' })
  secretCiphertext: string;

  /** The secret before the last rotation; still signs until `previousSecretExpiresAt`. */
  @Column({ name: 'previous_secret_ciphertext', type: 'text', nullable: true })
  previousSecretCiphertext: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  @Column({ name: 'created_by_member_id', type: 'varchar', length: 64, nullable: true })
  createdByMemberId: string | null;

  @Column({ name: 'created_by_api_key_id', type: 'varchar', length: 64, nullable: true })
  createdByApiKeyId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @Column({ name: 'consecutive_timeouts', type: 'integer', default: 0 })
  consecutiveTimeouts: number;

  /** Start of the current streak of only failures; null after a success. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true })
  lastSuccessAt: Date | null;
}
