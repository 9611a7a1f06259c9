import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A person's position, written only by the dataset loader together with its person (so no foreign
 * keys); the company may not be in `companies`.
 */
@Entity('positions')
@Index('positions_company_idx', ['companyId'])
export class Position {
  @PrimaryColumn({ name: 'person_id', type: 'char', length: 24 })
  personId: string;

  @PrimaryColumn({ name: 'position_no', type: 'smallint' })
  positionNo: number;

  @Column({ name: 'company_id', type: 'char', length: 24, nullable: true })
  companyId: string | null;

  @Column({ type: 'text', nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  seniority: string | null;

  @Column({ type: 'text', array: true, default: [] })
  departments: string[];

  @Column({ name: 'started_at', type: 'date', nullable: true })
  startedAt: string | null;

  @Column({ name: 'ended_at', type: 'date', nullable: true })
  endedAt: string | null;

  @Column({ name: 'is_primary', type: 'boolean', default: false })
  isPrimary: boolean;
}
