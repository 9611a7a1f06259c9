import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

export type MemberRole = 'owner' | 'member';

@Entity('members')
@Index('members_workspace_idx', ['workspaceId'])
@Check('members_role_check', `role IN ('owner', 'member')`)
export class Member {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'members_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  role: MemberRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Set when the member leaves the workspace; their keys stop working and their webhooks are disabled. */
  @Column({ name: 'removed_at', type: 'timestamptz', nullable: true })
  removedAt: Date | null;
}
