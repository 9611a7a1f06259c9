import { Column, CreateDateColumn, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { Company } from './company.entity';
import { Workspace } from './workspace.entity';

/** A company a workspace saved, with its own edit of the name. */
@Entity('saved_companies')
export class SavedCompany {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'saved_companies_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  @PrimaryColumn({ name: 'company_id', type: 'char', length: 24 })
  @ForeignKey(() => Company, { name: 'saved_companies_company_id_fkey' })
  companyId: string;

  @CreateDateColumn({ name: 'saved_at', type: 'timestamptz' })
  savedAt: Date;

  @Column({ name: 'name_edit', type: 'text', nullable: true })
  nameEdit: string | null;
}
