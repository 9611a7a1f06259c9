/**
 * The filter values only the database can settle, looked up before compiling: which lists are
 * live people lists of the workspace, which location strings name a place of the data, which
 * companies a keyword phrase or a name substring selects (or that it selects too many to list). Each lookup is one
 * statement.
 */
import type { CompanyKeywordsFilter, LocationFilter, PeopleFilters } from '../filters/filter-types';
import { FilterValidationError } from '../filters/validate-filters';
import { locationCandidates } from '@app/domain/locations/location-keys';
import type { CompanyIds, ResolvedValues } from '../compile/compile-context';
import { companyConditions, companySelection, nameIsHint } from '../compile/company-conditions';
import { keywordCondition, nameContainsCondition } from '../compile/company-text-conditions';
import { membersOf, savedBy } from '../compile/person-conditions';
import { SqlParams } from '../compile/sql-params';

export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** Most companies a keyword or CONTAINS-name filter resolves to as a list of ids (docs/people-search.md). */
export const RESOLUTION_LIMIT = 50_000;

/**
 * Most companies all company filters together resolve to as one list of ids. PostgreSQL estimates a
 * list by its length, where it guessed the companies of correlated conditions (a headcount range and
 * a minimum headcount) 12 times too few and probed each of their people for a title one by one.
 */
export const COMPANY_SET_LIMIT = 5_000;

/**
 * The most PostgreSQL may plan for that lookup, in its cost units: a sparse set is read whole, and a
 * full scan of the companies' facets index plans 11,700 at 100,000 companies (60 ms) and ten times
 * that at a million. Past it the subquery stays, where PostgreSQL may start from a few people instead.
 */
export const COMPANY_SET_MAX_COST = 20_000;

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

/**
 * The ids of the companies `condition` selects, or `'broad'` when there are more than `limits.most` (RESOLUTION_LIMIT)
 * or PostgreSQL plans the lookup over `limits.maxCost`: too many (or too costly) to carry as a list, so the compiler
 * writes the condition itself into the search's company subquery.
 */
async function resolveCompanies(
  db: Queryable,
  params: SqlParams,
  condition: string,
  what: string,
  limits: { most: number; maxCost?: number } = { most: RESOLUTION_LIMIT },
): Promise<CompanyIds> {
  const statement = params.statement(what, `SELECT c.id FROM companies c WHERE ${condition} LIMIT ${limits.most + 1}`);
  if (limits.maxCost !== undefined) {
    const plan = await db.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
    if (!(Number(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Total Cost']) <= limits.maxCost)) return 'broad';
  }
  const { rows } = await db.query(statement.text, statement.values);
  return rows.length > limits.most ? 'broad' : rows.map((r) => r.id);
}

function keywordCompanies(db: Queryable, f: CompanyKeywordsFilter): Promise<CompanyIds> {
  const params = new SqlParams();
  return resolveCompanies(db, params, keywordCondition(params, f), 'company_keywords');
}

function nameContainsCompanies(db: Queryable, names: readonly string[]): Promise<CompanyIds> {
  const params = new SqlParams();
  return resolveCompanies(db, params, nameContainsCondition(params, names), 'company.name CONTAINS');
}

/**
 * The companies that the company filters select together, when there are at most COMPANY_SET_LIMIT
 * (the query stops at one more) and the lookup plans at most COMPANY_SET_MAX_COST; undefined when
 * they select more, would cost more, or select nothing of their own (only excludes, or only id
 * lists, which meet people as lists already).
 */
async function resolveCompanySet(
  db: Queryable,
  filters: PeopleFilters,
  resolved: DatasetResolution,
): Promise<string[] | undefined> {
  const params = new SqlParams();
  const conditions = companyConditions(filters, resolved, params);
  if (conditions.positive.length === 0) return undefined;
  const ids = await resolveCompanies(db, params, companySelection(conditions, params)!, 'company set', {
    most: COMPANY_SET_LIMIT,
    maxCost: COMPANY_SET_MAX_COST,
  });
  return ids === 'broad' ? undefined : ids;
}

/**
 * A workspace set of at most this share of all people is looked up by id: at 10M, 50,500 saved people were probed in
 * 1.0 s (20 µs each) where PostgreSQL's plan read every person's id to meet them (3.7 s), at 0.3 to 0.4 µs a person.
 */
export const SET_PROBE_SHARE = 1 / 100;
/** However few the people, a set this small is looked up by id (tens of milliseconds at most). */
export const SET_PROBE_FLOOR = 1_000;

/**
 * Which set the filters select from is looked up by id: the smaller, when it is small (SET_PROBE_SHARE or
 * SET_PROBE_FLOOR; each counted up to one more than that). Only one: a second array would be searched row by row
 * for each person of the first. Undefined when they select from none.
 */
async function resolveProbedSets(
  db: Queryable,
  workspaceId: string,
  filters: PeopleFilters,
): Promise<ResolvedValues['probedSets']> {
  const lists = filters.lists;
  const saved = lists?.saved === 'any' || lists?.saved === 'without_list';
  const listed = (lists?.include.length ?? 0) > 0;
  if (!saved && !listed) return undefined;
  const params = new SqlParams();
  const most = `(SELECT greatest(${SET_PROBE_FLOOR}, floor(reltuples * ${SET_PROBE_SHARE}))::bigint FROM pg_class WHERE oid = 'people'::regclass)`;
  const size = (set: () => string) => `(SELECT count(*) FROM (${set()} LIMIT ${most} + 1) x)`;
  const savedSet = () => savedBy(params.add(workspaceId, 'text'));
  const listSet = () => membersOf(params, lists!.include);
  const statement = params.statement(
    'workspace set sizes',
    `SELECT ${most} AS most, ${saved ? size(savedSet) : 'NULL'} AS saved, ${listed ? size(listSet) : 'NULL'} AS lists`,
  );
  const { rows } = await db.query(statement.text, statement.values);
  const [limit, savedSize, listSize] = [rows[0].most, rows[0].saved, rows[0].lists].map((n) =>
    n === null ? Infinity : Number(n),
  );
  if (Math.min(savedSize, listSize) > limit) return { saved: false, lists: false };
  return { saved: savedSize < listSize, lists: listSize <= savedSize };
}

/** What resolving reads from the data set alone (not from the workspace): the same until the next load. */
export type DatasetResolution = Omit<ResolvedValues, 'probedSets'>;

/** Keeps a data set's resolution of a filter set between requests (ResolutionCache), or resolves it each time. */
export type KeepResolution = (resolve: () => Promise<DatasetResolution>) => Promise<DatasetResolution>;

/** Everything the compiler needs from the database; throws FilterValidationError for what cannot resolve. */
export async function resolveFilters(
  db: Queryable,
  workspaceId: string,
  filters: PeopleFilters,
  keep: KeepResolution = (resolve) => resolve(),
): Promise<ResolvedValues> {
  const [dataset, , probedSets] = await Promise.all([
    keep(() => resolveFromDataset(db, filters)),
    checkLists(db, workspaceId, filters),
    resolveProbedSets(db, workspaceId, filters),
  ]);
  return { ...dataset, probedSets };
}

async function resolveFromDataset(db: Queryable, filters: PeopleFilters): Promise<DatasetResolution> {
  const resolved: DatasetResolution = {};
  const name = filters.company?.name;
  const nameIsFilter = name?.match_mode === 'CONTAINS' && name.include.length > 0 && !nameIsHint(filters);
  await Promise.all([
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
  resolved.companyIds = await resolveCompanySet(db, filters, resolved);
  return resolved;
}
