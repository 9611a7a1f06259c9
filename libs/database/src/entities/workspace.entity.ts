import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { BIGINT_AS_NUMBER } from './column-transformers';

@Entity('workspaces')
@Check('workspaces_credits_check', 'credits >= 0')
export class Workspace {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** Email credits left; the CHECK constraint keeps it from going negative under concurrency. */
  @Column({ type: 'bigint', default: 0, transformer: BIGINT_AS_NUMBER })
  credits: number;

  /**
   * Bumped by triggers whenever the workspace's saves, reveals, lists or exports change: the counts of searches
   * that follow them are cached under it (docs/people-search.md "Counts").
   */
  @Column({ name: 'search_sets_version', type: 'bigint', default: 0, select: false, transformer: BIGINT_AS_NUMBER })
  searchSetsVersion: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
