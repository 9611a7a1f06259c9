import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

/** The life of a background job row (email verification jobs, people exports). */
export type JobRowStatus = 'queued' | 'running' | 'completed' | 'failed';

/**
 * One email verification job: its progress and counts; its addresses are EmailVerificationResult rows.
 * A chunk's statuses, `processed` and the counts are committed together (docs/email-verification.md).
 */
@Entity('email_verification_jobs')
@Check('email_verification_jobs_status_check', `status IN ('queued', 'running', 'completed', 'failed')`)
@Check('email_verification_jobs_total_check', `total > 0`)
@Check('email_verification_jobs_check', `processed >= 0 AND processed <= total`)
@Check('email_verification_jobs_check1', `count_valid + count_invalid + count_accept_all + count_unknown = processed`)
@Index('email_verification_jobs_workspace_idx', { synchronize: false })
@Index('email_verification_jobs_active_idx', { synchronize: false })
@Index('email_verification_jobs_retention_idx', { synchronize: false })
export class EmailVerificationJob {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'email_verification_jobs_workspace_id_fkey' })
  workspace?: Workspace;

  @Column({ type: 'text', default: 'queued' })
  status: JobRowStatus;

  @Column({ type: 'integer' })
  total: number;

  @Column({ type: 'integer', default: 0 })
  processed: number;

  @Column({ name: 'count_valid', type: 'integer', default: 0 })
  countValid: number;

  @Column({ name: 'count_invalid', type: 'integer', default: 0 })
  countInvalid: number;

  @Column({ name: 'count_accept_all', type: 'integer', default: 0 })
  countAcceptAll: number;

  @Column({ name: 'count_unknown', type: 'integer', default: 0 })
  countUnknown: number;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** When maintenance deleted the results (VERIFICATION_RETENTION after the job ended); null while kept. */
  @Column({ name: 'results_expired_at', type: 'timestamptz', nullable: true })
  resultsExpiredAt: Date | null;
}
