import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type MemberRole = 'owner' | 'member';

@Entity('members')
@Index('members_workspace_idx', ['workspaceId'])
export class Member {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
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
