/**
 * The filter values only the database can settle, looked up before compiling: which lists are
 * live people lists of the workspace, which location strings name a place of the data, which
 * companies a keyword phrase or a name substring selects. Each lookup is one statement.
 */
import type { CompanyKeywordsFilter, LocationFilter, PeopleFilters } from '../filters/filter-types';
import { FilterValidationError } from '../filters/validate-filters';
import { locationCandidates } from '@app/domain/locations/location-keys';
import type { ResolvedValues } from '../compile/compile-context';
import { anyOf, SqlParams } from '../compile/sql-params';

export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** Most companies a keyword or CONTAINS-name filter may select; more answers 400 (docs/people-search.md). */
export const RESOLUTION_LIMIT = 50_000;

async function checkLists(db: Queryable, workspaceId: string, filters: PeopleFilters): Promise<void> {
  const lists = filters.lists;
  if (!lists || lists.include.length + lists.exclude.length === 0) return;
  const wanted = [...new Set([...lists.include, ...lists.exclude])];
  const { rows } = await db.query(
    `SELECT id FROM lists WHERE workspace_id = $1 AND type = 'people' AND deleted_at IS NULL AND id = ANY($2::text[])`,
    [workspaceId, wanted],
  );
  const live = new Set(rows.map((r) => r.id));
  for (const side of ['include', 'exclude'] as const) {
    const index = lists[side].findIndex((id) => !live.has(id));
    if (index >= 0)
      throw new FilterValidationError(
        `filters.lists.${side}[${index}]`,
        'invalid_value',
        `no live people list ${JSON.stringify(lists[side][index])} in this workspace`,
        lists[side][index],
      );
  }
}

async function resolveLocations(
  db: Queryable,
  table: 'people' | 'companies',
  filter: LocationFilter,
  field: string,
): Promise<{ include: string[]; exclude: string[] }> {
  const include = filter.include.map(locationCandidates);
  const exclude = filter.exclude.map(locationCandidates);
  const probe = [...new Set([...include, ...exclude].flatMap((c) => c.ifPresent))];
  const present = new Set<string>();
  if (probe.length > 0) {
    const { rows } = await db.query(
      `SELECT k FROM unnest($1::text[]) k WHERE EXISTS (SELECT 1 FROM ${table} t WHERE t.location_keys @> ARRAY[k])`,
      [probe],
    );
    for (const r of rows) present.add(r.k);
  }
  const keys = (c: { always: string[]; ifPresent: string[] }) => [
    ...c.always,
    ...c.ifPresent.filter((k) => present.has(k)),
  ];
  const resolved = { include: [...new Set(include.flatMap(keys))], exclude: [...new Set(exclude.flatMap(keys))] };
  if (filter.include.length > 0 && resolved.include.length === 0) {
    throw new FilterValidationError(
      `${field}.include`,
      'invalid_value',
      `none of the include locations names a known place (try "Country", "State, Country" or "City, State, Country")`,
      undefined,
      { unresolved: filter.include.slice(0, 20) },
    );
  }
  return resolved;
}

/** One phrase in one source: adjacent words in order inside one field (each specialty is a field of its own). */
function phraseInSource(params: SqlParams, phrase: string, source: CompanyKeywordsFilter['sources'][number]): string {
  const q = `phraseto_tsquery('simple', ${params.add(phrase, 'text')})`;
  switch (source) {
    case 'specialties':
      // Specialties are stored with a filler word between them: a phrase cannot span two.
      return `c.keywords_tsv @@ ${q}`;
    case 'social_media_description':
      return `c.social_tsv @@ ${q}`;
    case 'website_pages':
      return `c.website_tsv @@ ${q}`;
  }
}

async function resolveCompanies(
  db: Queryable,
  params: SqlParams,
  condition: string,
  field: string,
  what: string,
): Promise<string[]> {
  const statement = params.statement(
    what,
    `SELECT c.id FROM companies c WHERE ${condition} LIMIT ${RESOLUTION_LIMIT + 1}`,
  );
  const { rows } = await db.query(statement.text, statement.values);
  if (rows.length > RESOLUTION_LIMIT) {
    throw new FilterValidationError(
      field,
      'out_of_range',
      `${what} selects more than ${RESOLUTION_LIMIT.toLocaleString('en')} companies; use a more specific phrase`,
    );
  }
  return rows.map((r) => r.id);
}

function keywordCompanies(db: Queryable, f: CompanyKeywordsFilter): Promise<string[]> {
  const params = new SqlParams();
  const phrase = (p: string) => anyOf(f.sources.map((s) => phraseInSource(params, p, s)));
  const include = f.include.map(phrase);
  const condition = [f.include_all ? include.map((c) => `(${c})`).join(' AND ') : anyOf(include)];
  if (f.exclude.length > 0) condition.push(`NOT (${anyOf(f.exclude.map(phrase))})`);
  return resolveCompanies(
    db,
    params,
    condition.map((c) => `(${c})`).join(' AND '),
    'filters.company_keywords.include',
    'company_keywords',
  );
}

function nameContainsCompanies(db: Queryable, names: readonly string[]): Promise<string[]> {
  const params = new SqlParams();
  // OR-ed LIKEs (not LIKE ANY) so each one can use the trigram index.
  const condition = anyOf(
    names.map(
      (n) => `lower(c.name) LIKE ${params.add(`%${n.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`, 'text')}`,
    ),
  );
  return resolveCompanies(db, params, condition, 'filters.company.name.include', 'company.name CONTAINS');
}

/** Everything the compiler needs from the database; throws FilterValidationError for what cannot resolve. */
export async function resolveFilters(
  db: Queryable,
  workspaceId: string,
  filters: PeopleFilters,
): Promise<ResolvedValues> {
  const resolved: ResolvedValues = {};
  const name = filters.company?.name;
  const nameIsFilter =
    name?.match_mode === 'CONTAINS' && name.include.length > 0 && !filters.person?.pro_network_url?.length;
  await Promise.all([
    checkLists(db, workspaceId, filters),
    filters.person_location &&
      resolveLocations(db, 'people', filters.person_location, 'filters.person_location').then(
        (r) => (resolved.personLocation = r),
      ),
    filters.company_location &&
      resolveLocations(db, 'companies', filters.company_location, 'filters.company_location').then(
        (r) => (resolved.companyLocation = r),
      ),
    filters.company_keywords &&
      keywordCompanies(db, filters.company_keywords).then((ids) => (resolved.keywordCompanyIds = ids)),
    nameIsFilter && nameContainsCompanies(db, name.include).then((ids) => (resolved.nameContainsCompanyIds = ids)),
  ]);
  return resolved;
}
