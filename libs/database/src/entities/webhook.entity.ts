import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

export type WebhookStatus = 'active' | 'disabled';

/** A registered receiver. Secrets are kept only as AES-256-GCM ciphertext (libs/webhooks secret-box). */
@Entity('webhooks')
@Index('webhooks_workspace_status_idx', ['workspaceId', 'status'])
@Index('webhooks_created_by_member_idx', ['createdByMemberId'])
@Index('webhooks_created_by_api_key_idx', ['createdByApiKeyId'])
@Check('webhooks_status_check', `status IN ('active', 'disabled')`)
export class Webhook {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'webhooks_workspace_id_fkey', onDelete: 'CASCADE' })
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

  /** base64 of iv + tag + ciphertext under SECRETS_KEY; never the plain secret. */
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

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'consecutive_timeouts', type: 'integer', default: 0 })
  consecutiveTimeouts: number;

  /** Start of the current streak of only failures; null after a success. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true })
  lastSuccessAt: Date | null;
}
