import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('api_keys')
@Index('api_keys_member_idx', ['memberId'])
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @Column({ name: 'member_id', type: 'varchar', length: 64 })
  memberId: string;

  /** SHA-256 of the key; the key itself is shown once and never stored. */
  @Column({ name: 'key_hash', type: 'char', length: 64, unique: true })
  keyHash: string;

  @Column({ name: 'key_hint', type: 'text' })
  keyHint: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
