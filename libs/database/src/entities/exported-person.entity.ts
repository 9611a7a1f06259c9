import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

/** Who a workspace has exported, and when last: what `duplicates.exclude_exported` of people search reads. */
@Entity('exported_people')
export class ExportedPerson {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'exported_people_workspace_id_fkey' })
  workspace?: Workspace;

  @PrimaryColumn({ name: 'person_id', type: 'char', length: 24 })
  personId: string;

  @Column({ name: 'exported_at', type: 'timestamptz', default: () => 'now()' })
  exportedAt: Date;
}
