import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

/** A person a workspace saved: the email a save revealed to it (paid for) and its own edit. */
@Entity('saved_people')
@Index('saved_people_saved_at_idx', ['workspaceId', 'savedAt'])
// (workspace_id, person_id) INCLUDE (edited_email, revealed_email) WHERE an email is owned, and
// (workspace_id, lower(revealed_email)): covering and expression indexes TypeORM cannot express.
@Index('saved_people_owned_idx', { synchronize: false })
@Index('saved_people_revealed_address_idx', { synchronize: false })
export class SavedPerson {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 64 })
  @ForeignKey(() => Workspace, { name: 'saved_people_workspace_id_fkey', onDelete: 'CASCADE' })
  workspaceId: string;

  @PrimaryColumn({ name: 'person_id', type: 'char', length: 24 })
  personId: string;

  @CreateDateColumn({ name: 'saved_at', type: 'timestamptz' })
  savedAt: Date;

  @Column({ name: 'revealed_email', type: 'text', nullable: true })
  revealedEmail: string | null;

  @Column({ name: 'revealed_at', type: 'timestamptz', nullable: true })
  revealedAt: Date | null;

  @Column({ name: 'edited_email', type: 'text', nullable: true })
  editedEmail: string | null;
}
