import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type ListType = 'people' | 'company';

@Entity('lists')
export class List {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
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
