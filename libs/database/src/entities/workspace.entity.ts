import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('workspaces')
export class Workspace {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** Email credits left; the CHECK constraint keeps it from going negative under concurrency. */
  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  credits: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
