import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { List } from './list.entity';

/** A person in a people list; the workspace is copied here for the lookups by person. */
@Entity('people_list_members')
@Index('people_list_members_person_idx', ['workspaceId', 'personId'])
export class PeopleListMember {
  @PrimaryColumn({ name: 'list_id', type: 'varchar', length: 64 })
  @ForeignKey(() => List, { name: 'people_list_members_list_id_fkey', onDelete: 'CASCADE' })
  listId: string;

  @PrimaryColumn({ name: 'person_id', type: 'char', length: 24 })
  personId: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt: Date;
}
