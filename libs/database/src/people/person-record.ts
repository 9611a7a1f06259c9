import type { EntityManager } from 'typeorm';
import { CompanyRecord, loadCompanyRecords } from '../companies/company-record';

export interface PersonLocation {
  city: string | null;
  state: string | null;
  state_code: string | null;
  country: string | null;
  country_code: string | null;
}

export interface PersonPosition {
  title: string | null;
  seniority: string | null;
  departments: string[];
  started_at: string | null;
  ended_at: string | null;
  company_id: string | null;
  /** The Company in search shape (no technologies); null when the company is not in the database. */
  company: CompanyRecord | null;
}

/** The Person as search, saves and events show it (docs/people-search.md). */
export interface PersonRecord {
  id: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  pro_network_url: string | null;
  followers: number;
  location: PersonLocation | null;
  contact_details: { email: { status: string; revealed: boolean }; phone: { status: string } };
  primary_position: PersonPosition | null;
  matched_url?: string;
  /** Only with the `savedBlock` option (the person record of GET /v2/people/{id}); search answers leave it out. */
  saved?: PersonSavedBlock | null;
}

/** The workspace's saved record of a person (docs/people-records.md). */
export interface PersonSavedBlock {
  /** Always null: kept for shape parity with the company saved block. */
  id: null;
  saved_at: string;
  /** Live people lists of the workspace holding the person, oldest membership first. */
  list_ids: string[];
  /** The edited email if set, else the revealed one, else null. */
  email: string | null;
  email_source: 'edited' | 'revealed' | null;
  /** The workspace's own edits; a key is present only while edited. */
  edits: { email?: string };
}

/** One row of SAVED_BLOCK_SQL. */
export interface PersonSavedRow {
  person_id: string;
  saved_at: Date | string;
  revealed_email: string | null;
  edited_email: string | null;
  list_ids: string[] | null;
}

/** Shapes the workspace's saved row of a person as the `saved` block. */
export function toPersonSavedBlock(row: PersonSavedRow): PersonSavedBlock {
  const email = row.edited_email ?? row.revealed_email ?? null;
  return {
    id: null,
    saved_at: new Date(row.saved_at).toISOString(),
    list_ids: row.list_ids ?? [],
    email,
    email_source: row.edited_email != null ? 'edited' : row.revealed_email != null ? 'revealed' : null,
    edits: row.edited_email != null ? { email: row.edited_email } : {},
  };
}

export interface PersonRecordOptions {
  /**
   * Lower-case company names: the first current (else past) position at a company of that name is
   * shown as `primary_position` (person.pro_network_url with company.name.include, docs/people-search.md).
   */
  positionHint?: string[];
  /** Add the workspace's `saved` block (null when never saved); search answers go without it. */
  savedBlock?: boolean;
}

interface PersonRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  pro_network_url: string | null;
  followers: number;
  location: Record<string, unknown> | null;
  phone_status: string | null;
  best_email_status: string | null;
  revealed: boolean;
  primary_position_no: number | null;
  positions: Array<{
    no: number;
    company_id: string | null;
    company_name: string | null;
    title: string | null;
    seniority: string | null;
    departments: string[];
    started_at: string | null;
    ended_at: string | null;
  }>;
}

const PERSON_SQL = `
  SELECT p.id, p.first_name, p.last_name, p.full_name, p.pro_network_url, p.followers, p.location, p.phone_status, p.best_email_status,
         p.primary_position_no,
         EXISTS (SELECT 1 FROM saved_people s WHERE s.workspace_id = $1 AND s.person_id = p.id AND s.revealed_email IS NOT NULL) AS revealed,
         COALESCE((SELECT json_agg(json_build_object('no', x.position_no, 'company_id', x.company_id, 'company_name', c.name, 'title', x.title,
                                                    'seniority', x.seniority, 'departments', x.departments, 'started_at', x.started_at, 'ended_at', x.ended_at)
                                   ORDER BY x.position_no)
                     FROM positions x LEFT JOIN companies c ON c.id = x.company_id
                    WHERE x.person_id = p.id), '[]') AS positions
    FROM people p
   WHERE p.id = ANY($2::char(24)[])`;

/**
 * The workspace's saved rows of the people, with the live people lists holding each, oldest
 * membership first: the live lists read once, each person's memberships by one index probe (the
 * plan of the company record's list ids).
 */
const SAVED_BLOCK_SQL = `
  SELECT s.person_id, s.saved_at, s.revealed_email, s.edited_email,
         ARRAY(SELECT m.list_id FROM people_list_members m
                WHERE m.workspace_id = $1 AND m.person_id = s.person_id
                  AND m.list_id = ANY (ARRAY(SELECT l.id FROM lists l WHERE l.workspace_id = $1 AND l.type = 'people' AND l.deleted_at IS NULL))
                ORDER BY m.added_at, m.list_id) AS list_ids
    FROM saved_people s
   WHERE s.workspace_id = $1 AND s.person_id = ANY($2::char(24)[])`;

/** The `saved` block of each person the workspace saved (people it did not save are left out). */
export async function loadPersonSavedBlocks(
  manager: Pick<EntityManager, 'query'>,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, PersonSavedBlock>> {
  if (ids.length === 0) return new Map();
  const rows: PersonSavedRow[] = await manager.query(SAVED_BLOCK_SQL, [workspaceId, [...new Set(ids)]]);
  return new Map(rows.map((r) => [r.person_id.trim(), toPersonSavedBlock(r)]));
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toLocation(raw: Record<string, unknown> | null): PersonLocation | null {
  if (!raw) return null;
  return {
    city: text(raw.city),
    state: text(raw.state),
    state_code: text(raw.state_code),
    country: text(raw.country),
    country_code: text(raw.country_code),
  };
}

/** The position to show: the hinted company's (current first), else the primary one. */
function shownPosition(
  row: PersonRow,
  hint: readonly string[] | undefined,
): PersonRow['positions'][number] | undefined {
  if (hint && hint.length > 0) {
    const hinted = row.positions
      .filter((p) => p.company_name !== null && hint.includes(p.company_name.toLowerCase()))
      .sort((a, b) => Number(a.ended_at !== null) - Number(b.ended_at !== null));
    if (hinted.length > 0) return hinted[0];
  }
  return row.positions.find((p) => p.no === row.primary_position_no);
}

/** Loads Person records by id for one workspace; answers them in the order of `ids` (unknown ids left out). */
export async function loadPersonRecords(
  manager: Pick<EntityManager, 'query'>,
  workspaceId: string,
  ids: readonly string[],
  options: PersonRecordOptions = {},
): Promise<PersonRecord[]> {
  if (ids.length === 0) return [];
  const rows: PersonRow[] = await manager.query(PERSON_SQL, [workspaceId, [...new Set(ids)]]);
  const shown = new Map(rows.map((r) => [r.id.trim(), shownPosition(r, options.positionHint)]));
  const companyIds = [...shown.values()].map((p) => p?.company_id).filter((id): id is string => !!id);
  const companies = await loadCompanyRecords(manager, workspaceId, companyIds, { technologies: false });
  const savedById = options.savedBlock
    ? await loadPersonSavedBlocks(
        manager,
        workspaceId,
        rows.map((r) => r.id.trim()),
      )
    : new Map<string, PersonSavedBlock>();
  const byId = new Map<string, PersonRecord>();
  for (const row of rows) {
    const id = row.id.trim();
    const position = shown.get(id);
    byId.set(id, {
      id,
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: row.full_name,
      pro_network_url: row.pro_network_url,
      followers: row.followers,
      location: toLocation(row.location),
      contact_details: {
        email: { status: row.best_email_status ?? 'not_found', revealed: row.revealed },
        phone: { status: row.phone_status ?? 'unknown' },
      },
      primary_position: position
        ? {
            title: position.title,
            seniority: position.seniority,
            departments: position.departments ?? [],
            started_at: position.started_at,
            ended_at: position.ended_at,
            company_id: position.company_id,
            company: (position.company_id && companies.get(position.company_id)) || null,
          }
        : null,
    });
    // `saved` stays the last member, as on the Company.
    if (options.savedBlock) byId.get(id)!.saved = savedById.get(id) ?? null;
  }
  return ids.map((id) => byId.get(id)).filter((r): r is PersonRecord => r !== undefined);
}
