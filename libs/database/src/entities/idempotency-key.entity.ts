import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

export type IdempotencyKeyState = 'in_progress' | 'completed';

/** One Idempotency-Key of a workspace (docs/idempotency.md); written through IdempotencyKeyRepository. */
@Entity('idempotency_keys')
@Index('idempotency_keys_created_at_idx', ['createdAt'])
@Check('idempotency_keys_state_check', `state IN ('in_progress', 'completed')`)
// A completed key holds its answer; a claim in progress holds none.
@Check('idempotency_keys_check', `(state = 'completed') = (response_status IS NOT NULL)`)
export class IdempotencyKey {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'idempotency_keys_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 (hex) of the method, path and canonical body of the first request. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash: string;

  @Column({ type: 'text' })
  state: IdempotencyKeyState;

  /** Who holds the claim: only that request may complete or release it. */
  @Column({ name: 'claim_token', type: 'uuid' })
  claimToken: string;

  @Column({ name: 'response_status', type: 'smallint', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'response_body', type: 'jsonb', nullable: true })
  responseBody: unknown;

  @Column({ name: 'response_headers', type: 'jsonb', nullable: true })
  responseHeaders: Record<string, string> | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  /** When the current claim was taken; a claim older than the stale bound is taken over. */
  @Column({ name: 'locked_at', type: 'timestamptz', default: () => 'now()' })
  lockedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
