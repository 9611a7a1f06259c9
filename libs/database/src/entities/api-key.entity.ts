import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { Member } from './member.entity';
import { Workspace } from './workspace.entity';

@Entity('api_keys')
@Index('api_keys_member_idx', ['memberId'])
@Unique('api_keys_key_hash_key', ['keyHash'])
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'api_keys_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  @Column({ name: 'member_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Member, { name: 'api_keys_member_id_fkey', onDelete: 'CASCADE' })
  memberId: string;

  /** SHA-256 of the key; the key itself is shown once and never stored. */
  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash: string;

  @Column({ name: 'key_hint', type: 'text' })
  keyHint: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
