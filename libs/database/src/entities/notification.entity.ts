import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

/** A message for the workspace admin, e.g. "webhook disabled" (docs/api.md#webhooks). */
@Entity('notifications')
// (workspace_id, created_at DESC, id DESC): TypeORM cannot express a descending key.
@Index('notifications_workspace_created_idx', { synchronize: false })
export class Notification {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'notifications_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  @Column({ type: 'text' })
  kind: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
