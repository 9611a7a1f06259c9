import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

export type ListType = 'people' | 'company';

@Entity('lists')
@Index('lists_workspace_idx', ['workspaceId', 'type'], { where: 'deleted_at IS NULL' })
@Check('lists_type_check', `type IN ('people', 'company')`)
export class List {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'lists_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  @Column({ type: 'text' })
  type: ListType;

  @Column({ type: 'text' })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** A deleted list is no longer live: no save or removal may use it. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
