import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { JobRowStatus } from './email-verification-job.entity';
import { Workspace } from './workspace.entity';

/**
 * A people export: the saved people it takes (resolved when it was asked for) and, once the worker
 * has run it, the CSV. The CSV and the ids are read only where needed (`select: false`); maintenance
 * deletes both after EXPORT_RETENTION and stamps `expired_at` (docs/people-export.md).
 */
@Entity('people_exports')
@Check('people_exports_status_check', `status IN ('queued', 'running', 'completed', 'failed')`)
@Check('people_exports_total_check', `total >= 0`)
@Check('people_exports_skipped_check', `skipped >= 0`)
@Check('people_exports_check', `processed >= 0 AND processed <= total`)
@Index('people_exports_workspace_idx', { synchronize: false })
@Index('people_exports_active_idx', { synchronize: false })
@Index('people_exports_retention_idx', { synchronize: false })
export class PeopleExport {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'people_exports_workspace_id_fkey' })
  workspace?: Workspace;

  @Column({ type: 'text', default: 'queued' })
  status: JobRowStatus;

  /** The saved people to export, in the order the rows are written; null once expired. */
  @Column({ name: 'person_ids', type: 'char', length: 24, array: true, nullable: true, select: false })
  personIds?: string[] | null;

  @Column({ type: 'integer' })
  total: number;

  /** Ids of the request the workspace had not saved. */
  @Column({ type: 'integer', default: 0 })
  skipped: number;

  @Column({ type: 'integer', default: 0 })
  processed: number;

  @Column({ type: 'text', nullable: true, select: false })
  csv?: string | null;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** When maintenance deleted the file and the ids (EXPORT_RETENTION after completion); null while kept. */
  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true })
  expiredAt: Date | null;
}
