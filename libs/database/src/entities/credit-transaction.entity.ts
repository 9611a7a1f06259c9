import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { BIGINT_AS_NUMBER } from './column-transformers';
import { Workspace } from './workspace.entity';

export type CreditTransactionReason = 'opening_balance' | 'workspace_created' | 'credits_set' | 'people_save';

/**
 * One change of a workspace's credits, written in the transaction that changes them, so the balance
 * always equals the sum of `amount`. Named with a suffix: `CreditTransaction` is the API's record.
 */
@Entity('credit_transactions')
@Check('credit_transactions_balance_after_check', 'balance_after >= 0')
@Check(
  'credit_transactions_reason_check',
  `reason IN ('opening_balance', 'workspace_created', 'credits_set', 'people_save')`,
)
// (workspace_id, created_at DESC, id DESC): TypeORM cannot express a descending key.
@Index('credit_transactions_workspace_idx', { synchronize: false })
export class CreditTransactionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'credit_transactions_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  /** Positive adds credits, negative spends them. */
  @Column({ type: 'bigint', transformer: BIGINT_AS_NUMBER })
  amount: number;

  @Column({ name: 'balance_after', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  balanceAfter: number;

  @Column({ type: 'text' })
  reason: CreditTransactionReason;

  /** The API request (x-request-id) or the CLI command that made the change. */
  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId: string | null;

  /** Reason-specific figures, e.g. how many people a save revealed. */
  @Column({ type: 'jsonb', default: {} })
  details: Record<string, unknown>;

  /** clock_timestamp(): rows of one transaction keep their order. */
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt: Date;
}
