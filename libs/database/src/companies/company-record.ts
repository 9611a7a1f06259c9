import type { LocationInput, TechnologyInput } from '@app/domain/records/record-types';
import type { EntityManager } from 'typeorm';

/** Keys of the Company `social_networks` block (docs/api.md#companies). */
export const SOCIAL_NETWORK_KEYS = [
  'pro_network_url',
  'social_a_url',
  'social_b_url',
  'social_c_url',
  'video_a_url',
  'video_b_url',
  'directory_url',
  'code_host_url',
  'pinboard_url',
] as const;

/** The location and technology shapes are the dataset's: the record shows them as imported. */
export type CompanyLocation = LocationInput;
export type Technology = TechnologyInput;

export interface CompanySavedBlock {
  id: null;
  saved_at: string | null;
  list_ids: string[];
  edits: { name?: string };
}

/** The Company record (docs/api.md#companies), as every answer and event shows it. */
export interface CompanyRecord {
  id: string;
  name: string | null;
  description: string | null;
  logo: string | null;
  website: string | null;
  email: { domain: string | null; provider: null };
  pro_network_url: string | null;
  social_networks: Record<(typeof SOCIAL_NETWORK_KEYS)[number], string | null>;
  industry: string | null;
  keywords: string[];
  naics_codes: number[];
  type: string | null;
  business_type: string | null;
  revenue_stream: string | null;
  founded: number | null;
  employee_count: number | null;
  employee_range: string | null;
  location: CompanyLocation | null;
  other_locations: CompanyLocation[];
  /** Only in company get and enrich answers; omitted (not empty) everywhere else. */
  technologies?: Technology[];
  technologies_checked_at?: string | null;
  saved: CompanySavedBlock | null;
}

/** One row of COMPANY_RECORD_SQL. */
export interface CompanyRow {
  id: string;
  name: string | null;
  description: string | null;
  logo: string | null;
  website: string | null;
  email_domain: string | null;
  pro_network_url: string | null;
  social_networks: Record<string, unknown> | null;
  industry: string | null;
  keywords: string[] | null;
  naics_codes: number[] | null;
  type: string | null;
  business_type: string | null;
  revenue_stream: string | null;
  founded: number | null;
  employee_count: number | null;
  employee_range: string | null;
  location: Record<string, unknown> | null;
  other_locations: Array<Record<string, unknown>> | null;
  technologies?: Technology[] | null;
  technologies_checked_at?: Date | string | null;
  saved_at: Date | string | null;
  name_edit: string | null;
  list_ids: string[] | null;
}

export interface CompanyRecordOptions {
  /** Include `technologies` and `technologies_checked_at` (company get, enrich and the company.saved event only). */
  technologies: boolean;
}

/** The record as GET /v2/companies/{id} answers it; the `company.saved` event carries this same shape. */
export const COMPANY_GET_SHAPE: CompanyRecordOptions = Object.freeze({ technologies: true });

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toLocation(raw: Record<string, unknown> | null | undefined): CompanyLocation | null {
  if (!raw || typeof raw !== 'object') return null;
  return {
    city: text(raw.city),
    state: text(raw.state),
    state_code: text(raw.state_code),
    country: text(raw.country),
    country_code: text(raw.country_code),
    raw_address: text(raw.raw_address),
  };
}

function socialNetworks(raw: Record<string, unknown> | null): CompanyRecord['social_networks'] {
  const socials = raw ?? {};
  const out = {} as Record<(typeof SOCIAL_NETWORK_KEYS)[number], string | null>;
  for (const key of SOCIAL_NETWORK_KEYS) out[key] = text(socials[key]);
  return out;
}

function otherLocations(raw: Array<Record<string, unknown>> | null): CompanyLocation[] {
  const out: CompanyLocation[] = [];
  for (const item of raw ?? []) {
    const location = toLocation(item);
    if (location !== null) out.push(location);
  }
  return out;
}

/**
 * Shapes a database row as the Company record, applying the workspace's name edit and the presence rules. Built in
 * its final member order in one go (it runs for every company of every answer): `saved` is the last member, as
 * docs/api.md#companies lists it.
 */
export function toCompanyRecord(row: CompanyRow, options: CompanyRecordOptions): CompanyRecord {
  const saved: CompanySavedBlock | null =
    row.saved_at == null
      ? null
      : {
          id: null,
          saved_at: iso(row.saved_at),
          list_ids: row.list_ids ?? [],
          edits: row.name_edit != null ? { name: row.name_edit } : {},
        };
  const record: Omit<CompanyRecord, 'saved'> & { saved?: CompanySavedBlock | null } = {
    id: row.id.trim(),
    name: row.name_edit ?? row.name,
    description: row.description,
    logo: row.logo,
    website: row.website,
    email: { domain: row.email_domain, provider: null },
    pro_network_url: row.pro_network_url,
    social_networks: socialNetworks(row.social_networks),
    industry: row.industry,
    keywords: row.keywords ?? [],
    naics_codes: (row.naics_codes ?? []).map(Number),
    type: row.type,
    business_type: row.business_type,
    revenue_stream: row.revenue_stream,
    founded: row.founded,
    employee_count: row.employee_count,
    employee_range: row.employee_range,
    location: toLocation(row.location),
    other_locations: otherLocations(row.other_locations),
  };
  if (options.technologies) {
    record.technologies = row.technologies ?? [];
    record.technologies_checked_at = iso(row.technologies_checked_at);
  }
  record.saved = saved;
  return record as CompanyRecord;
}

/**
 * Reads companies with the workspace's saved block; list ids are the live lists holding each, oldest membership first.
 * The live lists are read once (an init plan) and each company's memberships by one index probe: joining `lists`
 * inside the subquery let the planner loop over every list per company when statistics are missing (80x slower
 * for 500 companies in 20 lists).
 *
 * The saved row is a LATERAL probe by key (`LIMIT 1` keeps it one, as the primary key does): a join is sized from
 * the saves' statistics, which bulk saves outdate, and planned from "a few rows" it hashed every save of the
 * workspace for each read, 27 ms for a save of 500 in a workspace holding 65,000 (BENCHMARKS.md, "Webhook delivery").
 */
export function companyRecordSql(options: CompanyRecordOptions): string {
  const technologyColumns = options.technologies ? 'c.technologies, c.technologies_checked_at,' : '';
  return `
    SELECT c.id, c.name, c.description, c.logo, c.website, c.email_domain, c.pro_network_url, c.social_networks,
           c.industry, c.keywords, c.naics_codes, c.type, c.business_type, c.revenue_stream, c.founded,
           c.employee_count, c.employee_range, c.location, c.other_locations, ${technologyColumns}
           s.saved_at, s.name_edit,
           COALESCE((SELECT array_agg(m.list_id ORDER BY m.added_at, m.list_id)
                       FROM company_list_members m
                      WHERE m.workspace_id = $1 AND m.company_id = c.id
                        AND m.list_id = ANY (ARRAY(SELECT l.id FROM lists l WHERE l.workspace_id = $1 AND l.type = 'company' AND l.deleted_at IS NULL))), '{}') AS list_ids
      FROM companies c
      LEFT JOIN LATERAL (SELECT s.saved_at, s.name_edit FROM saved_companies s
                          WHERE s.workspace_id = $1 AND s.company_id = c.id LIMIT 1) s ON true
     WHERE c.id = ANY($2::char(24)[])`;
}

/** Loads Company records by id for one workspace; ids with no company are absent from the map. */
export async function loadCompanyRecords(
  manager: Pick<EntityManager, 'query'>,
  workspaceId: string,
  ids: string[],
  options: CompanyRecordOptions,
): Promise<Map<string, CompanyRecord>> {
  const records = new Map<string, CompanyRecord>();
  if (ids.length === 0) return records;
  const rows: CompanyRow[] = await manager.query(companyRecordSql(options), [workspaceId, [...new Set(ids)]]);
  for (const row of rows) {
    const record = toCompanyRecord(row, options);
    records.set(record.id, record);
  }
  return records;
}
