/**
 * The people search filter set (docs/people-search.md#the-filters) after validation: every key optional, every list
 * already checked against its limits, enum values in their canonical spelling, defaults applied.
 * `parsePeopleFilters` (validate-filters.ts) is the only producer; the compiler the only consumer.
 */
import type { BooleanNode } from '../boolean/boolean-query';

export interface IncludeExclude<T = string> {
  include: T[];
  exclude: T[];
}

export interface MinMax {
  min?: number;
  max?: number;
}

export type TitleMatchMode = 'CONTAINS' | 'EXACT';
export type DomainMatchMode = 'ORGANIZATION' | 'PRIMARY' | 'LINKEDIN_WEBSITE';
export type CompanyNameMatchMode = 'EXACT' | 'CONTAINS';
export type KeywordSource = 'specialties' | 'social_media_description' | 'website_pages';
export type JobChangeType = 'any' | 'promotion' | 'new_company';
export type SavedFilter = 'any' | 'none' | 'without_list';

export const SORT_KEYS = [
  'person_first_name',
  'person_last_name',
  'person_seniority',
  'company_employee_count',
  'company_name',
  'company_industry',
  'person_country',
  'company_founded',
  'person_email_available',
  'person_job_title',
  'company_country',
  'company_type',
  'company_business_type',
  'company_revenue_stream',
  'person_saved_at',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface PersonFilter {
  /** Person ids (24 lowercase hex), at most 100 each. */
  id?: IncludeExclude;
  /** Name terms, at most 500 each; OR-ed with `id` for include. */
  name?: IncludeExclude;
  /** 1-50 professional-network URLs as sent (order kept); never together with id/name. */
  pro_network_url?: string[];
}

export interface LocationFilter {
  /** Unified location strings, 1-100, each 2-200 characters (resolution happens against the database). */
  include: string[];
  exclude: string[];
  /** Only for company_location. */
  headquarters_only: boolean;
}

export interface CompanyKeywordsFilter {
  include: string[];
  exclude: string[];
  include_all: boolean;
  sources: KeywordSource[];
}

export interface JobTitleFilter {
  include: string[];
  exclude: string[];
  match_mode: TitleMatchMode;
  /** Parsed `boolean_search`; set only when include/exclude are empty. */
  boolean?: BooleanNode;
}

export interface JobChangeFilter {
  timeframe_months: number;
  change_type: JobChangeType;
}

export interface CompanyFilter {
  /** Company ids (24 lowercase hex), at most 20,000 each. */
  id?: IncludeExclude;
  /** Domains already normalized (scheme, www., path stripped, lower-case). */
  domain?: IncludeExclude & { match_mode: DomainMatchMode };
  name?: IncludeExclude & { match_mode: CompanyNameMatchMode };
  pro_network_id?: IncludeExclude<number>;
}

export interface CountryFilter {
  /** Upper-case ISO 3166-1 alpha-2 codes. */
  include: string[];
  exclude: string[];
  headquarters_only: boolean;
}

export interface ContactFilter {
  email?: { status?: string[]; revealed?: boolean };
  phone?: { status?: string[]; revealed?: boolean };
}

export interface ListsFilter {
  include: string[];
  exclude: string[];
  saved?: SavedFilter;
  /** ISO 8601 instants, inclusive; a date-only `to` covers that whole day (UTC). */
  saved_at?: { from?: string; to?: string };
}

export interface PeopleFilters {
  person?: PersonFilter;
  person_location?: LocationFilter;
  company_keywords?: CompanyKeywordsFilter;
  person_job_title?: JobTitleFilter;
  person_seniority?: IncludeExclude;
  /** Department groups and sub-departments in canonical spelling. */
  person_department?: IncludeExclude;
  person_months_in_current_role?: MinMax;
  person_months_in_current_company?: MinMax;
  person_job_change?: JobChangeFilter;
  company?: CompanyFilter;
  /** Industries and industry groups in canonical spelling. */
  company_industry?: IncludeExclude;
  company_headcount_range?: string[];
  company_headcount_custom?: MinMax;
  company_country?: CountryFilter;
  company_location?: LocationFilter;
  company_type?: IncludeExclude;
  company_business_type?: IncludeExclude;
  company_revenue_stream?: IncludeExclude;
  company_founded?: MinMax;
  company_naics?: IncludeExclude<number>;
  contact_details?: ContactFilter;
  lists?: ListsFilter;
  duplicates?: { exclude_exported: boolean };
  max_person_per_company?: number;
  sort_by?: SortKey;
  /** Set only together with sort_by; absent = the key's default direction. */
  sort_direction?: SortDirection;
}
