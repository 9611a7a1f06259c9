import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type StoredEmailStatus = 'valid' | 'invalid' | 'accept_all' | 'not_found';
export type JobChange = 'promotion' | 'new_company';

/**
 * A person of the data set, written only by the dataset loader, with the primary position and the
 * derived search columns copied in so one row answers the people search filters.
 */
@Entity('people')
@Check('people_best_email_status_check', `best_email_status IN ('valid', 'invalid', 'accept_all', 'not_found')`)
@Check('people_job_change_check', `job_change IN ('promotion', 'new_company')`)
@Index('people_departments_idx', ['departments'], { type: 'gin' })
@Index('people_seniority_idx', ['seniority'])
@Index('people_job_change_idx', ['jobChange', 'roleStartedAt'])
// Only ever looked up by equality (`= ANY(…)`): a hash holds it in half the space of a B-tree.
@Index('people_pro_network_key_idx', ['proNetworkKey'], { type: 'hash' })
@Index('people_title_terms_idx', ['titleTerms'], { type: 'gin' })
@Index('people_title_key_idx', ['titleKey'])
@Index('people_location_keys_idx', ['locationKeys'], { type: 'gin' })
@Index('people_role_started_idx', ['roleStartedAt'])
@Index('people_valid_email_idx', ['id'], { where: `best_email_status = 'valid' AND best_email IS NOT NULL` })
// Sort-order indexes with descending keys (people_followers_idx, people_company_rank_idx,
// people_headcount_sort_idx, people_first_name_sort_idx, people_last_name_sort_idx), the covering
// people_seniority_cover_idx and the to_tsvector expression index people_name_idx: TypeORM cannot
// express them; the migrations define them.
@Index('people_followers_idx', { synchronize: false })
@Index('people_seniority_cover_idx', { synchronize: false })
@Index('people_company_rank_idx', { synchronize: false })
@Index('people_headcount_sort_idx', { synchronize: false })
@Index('people_first_name_sort_idx', { synchronize: false })
@Index('people_last_name_sort_idx', { synchronize: false })
@Index('people_name_idx', { synchronize: false })
export class Person {
  @PrimaryColumn({ type: 'char', length: 24 })
  id: string;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  /** "first last": person.name matches every word of a term in it. */
  @Column({ name: 'full_name', type: 'text', default: '' })
  fullName: string;

  @Column({ name: 'pro_network_url', type: 'text', nullable: true })
  proNetworkUrl: string | null;

  /** Lower-case URL without scheme, www. and trailing slash: the key of person.pro_network_url lookups. */
  @Column({ name: 'pro_network_key', type: 'text', nullable: true })
  proNetworkKey: string | null;

  @Column({ type: 'integer', default: 0 })
  followers: number;

  @Column({ type: 'jsonb', nullable: true })
  location: Record<string, unknown> | null;

  @Column({ name: 'country_code', type: 'char', length: 2, nullable: true })
  countryCode: string | null;

  @Column({ type: 'text', nullable: true })
  state: string | null;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ name: 'phone_status', type: 'text', nullable: true })
  phoneStatus: string | null;

  /** The best stored email (valid wins). */
  @Column({ name: 'best_email', type: 'text', nullable: true })
  bestEmail: string | null;

  @Column({ name: 'best_email_status', type: 'text', nullable: true })
  bestEmailStatus: StoredEmailStatus | null;

  @Column({ name: 'primary_position_no', type: 'smallint', nullable: true })
  primaryPositionNo: number | null;

  @Column({ name: 'company_id', type: 'char', length: 24, nullable: true })
  companyId: string | null;

  @Column({ type: 'text', nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  seniority: string | null;

  /** The primary position's departments plus the groups of its sub-departments. */
  @Column({ type: 'text', array: true, default: [] })
  departments: string[];

  /** `YYYY-MM-DD`. */
  @Column({ name: 'role_started_at', type: 'date', nullable: true })
  roleStartedAt: string | null;

  @Column({ name: 'company_started_at', type: 'date', nullable: true })
  companyStartedAt: string | null;

  @Column({ name: 'job_change', type: 'text', nullable: true })
  jobChange: JobChange | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  /** Canonical title words plus the raw ones (CONTAINS). */
  @Column({ name: 'title_terms', type: 'text', array: true, default: [] })
  titleTerms: string[];

  /** The sorted canonical title words (EXACT). */
  @Column({ name: 'title_key', type: 'text', default: '' })
  titleKey: string;

  /** The canonical title words in order (phrases). */
  @Column({ name: 'title_canon', type: 'text', default: '' })
  titleCanon: string;

  /** 'c:us', 's:us:texas', 't:us:austin', 'i:us:texas:austin' and the state code variants. */
  @Column({ name: 'location_keys', type: 'text', array: true, default: [] })
  locationKeys: string[];

  /** A copy of the company's headcount for the company_employee_count sort, refreshed by every load. */
  @Column({ name: 'company_employee_count', type: 'integer', nullable: true })
  companyEmployeeCount: number | null;
}
