import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { List } from './list.entity';

/** A company in a company list; the workspace is copied here for the lookups by company. */
@Entity('company_list_members')
@Index('company_list_members_company_idx', ['workspaceId', 'companyId'])
export class CompanyListMember {
  @PrimaryColumn({ name: 'list_id', type: 'varchar', length: 64 })
  @ForeignKey(() => List, { name: 'company_list_members_list_id_fkey', onDelete: 'CASCADE' })
  listId: string;

  @PrimaryColumn({ name: 'company_id', type: 'char', length: 24 })
  companyId: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 64 })
  workspaceId: string;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt: Date;
}
