/**
 * The person side of the filter set over alias `p` (people): every condition reads columns the
 * loader derived (docs/people-search.md), so each is served by an index of its own.
 */
import { proNetworkKey } from '@app/domain/records/person-derived';
import type { BooleanNode } from '../boolean/boolean-query';
import type { JobTitleFilter, MinMax, PeopleFilters } from '../filters/filter-types';
import { canonicalTitleTokens, containsTokens, titleKey } from '@app/domain/titles/job-titles';
import { monthsBefore, monthStartBefore } from './calendar';
import type { CompileContext, WorkspaceSets } from './compile-context';
import { anyOf, SqlParams } from './sql-params';

const NAME_VECTOR = `to_tsvector('simple', p.full_name)`;

/** Every word of one of the terms, as whole words of the name (the `people_name_idx` expression). */
function nameMatches(params: SqlParams, terms: readonly string[]): string {
  const query = terms.map((t) => `plainto_tsquery('simple', ${params.add(t, 'text')})`).join(' || ');
  return `${NAME_VECTOR} @@ (${query})`;
}

function titleTerm(params: SqlParams, match: 'contains' | 'exact' | 'ordered', text: string): string {
  switch (match) {
    case 'exact':
      return `p.title_key = ${params.add(titleKey(text), 'text')}`;
    case 'contains': {
      const tokens = containsTokens(text);
      return tokens.length === 0 ? 'true' : `p.title_terms @> ${params.add(tokens, 'text[]')}`;
    }
    case 'ordered': {
      // The GIN index narrows to titles with every word; the pattern checks they stand in this order.
      const tokens = canonicalTitleTokens(text);
      if (tokens.length === 0) return 'true';
      return `p.title_terms @> ${params.add([...new Set(tokens)], 'text[]')} AND (' ' || p.title_canon || ' ') LIKE ${params.add(`% ${tokens.join(' ')} %`, 'text')}`;
    }
  }
}

/** A boolean_search tree as one condition. */
export function booleanCondition(params: SqlParams, node: BooleanNode): string {
  switch (node.kind) {
    case 'term':
      return titleTerm(params, node.match, node.text);
    case 'not':
      return `NOT (${booleanCondition(params, node.node)})`;
    case 'and':
      return node.nodes.map((n) => `(${booleanCondition(params, n)})`).join(' AND ');
    case 'or':
      return node.nodes.map((n) => `(${booleanCondition(params, n)})`).join(' OR ');
  }
}

function titleConditions(params: SqlParams, f: JobTitleFilter): string[] {
  if (f.boolean) return [booleanCondition(params, f.boolean)];
  const match = f.match_mode === 'EXACT' ? 'exact' : 'contains';
  const terms = (list: string[]) =>
    match === 'exact'
      ? `p.title_key = ANY(${params.add([...new Set(list.map(titleKey))], 'text[]')})`
      : anyOf(list.map((t) => titleTerm(params, 'contains', t)));
  const out: string[] = [];
  if (f.include.length > 0) out.push(terms(f.include));
  if (f.exclude.length > 0) out.push(`NOT (${terms(f.exclude)})`);
  return out;
}

/**
 * Whole months from `column` to today within [min, max]: "at least n months" is a start on or
 * before the same day n months ago; "at most n" a start after the same day n + 1 months ago.
 */
function monthsRange(params: SqlParams, column: string, range: MinMax, today: string): string[] {
  const out: string[] = [];
  if (range.min !== undefined) out.push(`${column} <= ${params.add(monthsBefore(today, range.min), 'date')}`);
  if (range.max !== undefined) out.push(`${column} > ${params.add(monthsBefore(today, range.max + 1), 'date')}`);
  return out;
}

/*
 * The workspace's own sets (saves, list members, exports) are read by workspace id passed
 * through `addOpaque`, so a bulk save that outdated the statistics cannot make them look like one
 * row; and they meet people only as `IN` (a semi join that probes people by key) or `NOT IN` (a
 * hashed subplan built once), never as the inner side of a join sized by their estimate.
 */
export const savedBy = (ws: string) => `SELECT s.person_id FROM saved_people s WHERE s.workspace_id = ${ws}`;
const listedBy = (ws: string) =>
  `SELECT m.person_id FROM people_list_members m JOIN lists l ON l.id = m.list_id AND l.deleted_at IS NULL WHERE m.workspace_id = ${ws}`;

const exportedBy = (ws: string) => `SELECT e.person_id FROM exported_people e WHERE e.workspace_id = ${ws}`;

/**
 * The people of some of the workspace's sets, one SELECT per set joined by `UNION ALL` (inside `IN`, where
 * duplicates do not matter) or `UNION` (to count them); null for no set.
 */
export function membersOfSets(
  params: SqlParams,
  ws: () => string,
  sets: WorkspaceSets,
  union: 'UNION' | 'UNION ALL',
): string | null {
  const parts: string[] = [];
  if (sets.exported) parts.push(exportedBy(ws()));
  if (sets.saved) parts.push(savedBy(ws()));
  if (sets.lists?.length) parts.push(membersOf(params, sets.lists));
  return parts.length > 0 ? parts.join(` ${union} `) : null;
}

/**
 * People of a workspace set. A small one (`probedSets`) as an array built first, which PostgreSQL plans as a few
 * ids and looks up in people_pkey one by one: planned as a semi join, its people were met by reading every
 * person's id (the cost of 50,000 lookups and of that scan come out alike in its units).
 */
const inSet = (set: string, probed = false) => (probed ? `p.id = ANY(ARRAY(${set}))` : `p.id IN (${set})`);

/*
 * List ids stay plain values: the members of named lists meet people as `IN`, which probes people by key
 * when the lists look small (linear even when a bulk save made them large), and the estimate of a list's own
 * size keeps a small list from a hash join over every person (500 members sorted by save time: 15 ms
 * planned from the list, 300 ms from the column's average share).
 */
export const membersOf = (params: SqlParams, listIds: string[]) =>
  `SELECT m.person_id FROM people_list_members m WHERE m.list_id = ANY(${params.add(listIds, 'text[]')})`;

/*
 * The two helpers below say their condition in the form PostgreSQL estimates from the column's statistics (most
 * common values, share of NULLs): `COALESCE(col, …) = ANY(…)` and `NOT COALESCE(col = ANY(…), false)` are
 * expressions without statistics, estimated at fixed defaults (0.5 % of people per value). A mix of email status
 * "not_found" and a seniority exclude (a quarter of everyone) was planned as 2,000 people and joined to companies by
 * 260,000 index probes where a hash join takes a tenth of the time.
 */

/** `column`'s status is one of `statuses`, NULL counting as `nullMeans`. */
function statusIn(params: SqlParams, column: string, statuses: string[], nullMeans: string): string {
  const known = `${column} = ANY(${params.add(statuses, 'text[]')})`;
  return statuses.includes(nullMeans) ? `(${known} OR ${column} IS NULL)` : known;
}

/** `column` is none of `values`; NULL is kept (an exclude never drops people it knows nothing about). */
function notAnyOrNull(params: SqlParams, column: string, values: string[]): string {
  return `(${column} IS NULL OR ${column} <> ALL(${params.add(values, 'text[]')}))`;
}

/** Person conditions of a filter set (company ones come from company-conditions.ts). */
export function personConditions(filters: PeopleFilters, ctx: CompileContext, params: SqlParams): string[] {
  const out: string[] = [];
  const ws = () => params.addOpaque(ctx.workspaceId, 'text');
  const person = filters.person;
  if (person) {
    const picks: string[] = [];
    if (person.id && person.id.include.length > 0)
      picks.push(`p.id = ANY(${params.add(person.id.include, 'bpchar[]')})`);
    if (person.name && person.name.include.length > 0) picks.push(nameMatches(params, person.name.include));
    if (picks.length > 0) out.push(anyOf(picks));
    if (person.id && person.id.exclude.length > 0)
      out.push(`NOT (p.id = ANY(${params.add(person.id.exclude, 'bpchar[]')}))`);
    if (person.name && person.name.exclude.length > 0) out.push(`NOT (${nameMatches(params, person.name.exclude)})`);
    if (person.pro_network_url)
      out.push(
        `p.pro_network_key = ANY(${params.add(
          person.pro_network_url.map((u) => proNetworkKey(u)),
          'text[]',
        )})`,
      );
  }
  const location = ctx.resolved.personLocation;
  if (filters.person_location && location) {
    if (filters.person_location.include.length > 0)
      out.push(`p.location_keys && ${params.add(location.include, 'text[]')}`);
    if (location.exclude.length > 0) out.push(`NOT (p.location_keys && ${params.add(location.exclude, 'text[]')})`);
  }
  if (filters.person_job_title) out.push(...titleConditions(params, filters.person_job_title));
  const seniority = filters.person_seniority;
  if (seniority?.include.length) out.push(`p.seniority = ANY(${params.add(seniority.include, 'text[]')})`);
  if (seniority?.exclude.length) out.push(notAnyOrNull(params, 'p.seniority', seniority.exclude));
  const departments = filters.person_department;
  if (departments?.include.length) out.push(`p.departments && ${params.add(departments.include, 'text[]')}`);
  if (departments?.exclude.length) out.push(`NOT (p.departments && ${params.add(departments.exclude, 'text[]')})`);
  if (filters.person_months_in_current_role)
    out.push(...monthsRange(params, 'p.role_started_at', filters.person_months_in_current_role, ctx.today));
  if (filters.person_months_in_current_company)
    out.push(...monthsRange(params, 'p.company_started_at', filters.person_months_in_current_company, ctx.today));
  const change = filters.person_job_change;
  if (change) {
    out.push(
      change.change_type === 'any'
        ? `p.job_change IS NOT NULL`
        : `p.job_change = ${params.add(change.change_type, 'text')}`,
    );
    out.push(`p.role_started_at >= ${params.add(monthStartBefore(ctx.today, change.timeframe_months - 1), 'date')}`);
  }
  const email = filters.contact_details?.email;
  if (email?.status?.length) out.push(statusIn(params, 'p.best_email_status', email.status, 'not_found'));
  if (email?.revealed !== undefined) {
    out.push(`p.id ${email.revealed ? '' : 'NOT '}IN (${savedBy(ws())} AND s.revealed_email IS NOT NULL)`);
  }
  const phone = filters.contact_details?.phone;
  if (phone?.status?.length) out.push(statusIn(params, 'p.phone_status', phone.status, 'unknown'));
  // Phones are never revealed: true selects nobody, false everybody.
  if (phone?.revealed === true) out.push('false');
  const lists = filters.lists;
  if (lists) {
    // The engine checked these are live people lists of this workspace: members by list id alone keep
    // the row estimate right (with the lists join it fell 200-fold, and 50,000 members were probed one by one).
    const probed = ctx.resolved.probedSets;
    if (lists.include.length > 0) out.push(inSet(membersOf(params, lists.include), probed?.lists));
    if (lists.exclude.length > 0) out.push(`p.id NOT IN (${membersOf(params, lists.exclude)})`);
    if (lists.saved === 'any') out.push(inSet(savedBy(ws()), probed?.saved));
    if (lists.saved === 'none') out.push(`p.id NOT IN (${savedBy(ws())})`);
    if (lists.saved === 'without_list')
      out.push(inSet(savedBy(ws()), probed?.saved), `p.id NOT IN (${listedBy(ws())})`);
    if (lists.saved_at) {
      const bounds: string[] = [];
      if (lists.saved_at.from) bounds.push(`s.saved_at >= ${instant(params, lists.saved_at.from)}`);
      if (lists.saved_at.to) bounds.push(inclusiveUpTo(params, lists.saved_at.to));
      out.push(`p.id IN (${savedBy(ws())}${bounds.map((b) => ` AND ${b}`).join('')})`);
    }
  }
  if (filters.duplicates?.exclude_exported) out.push(`p.id NOT IN (${exportedBy(ws())})`);
  if (ctx.onlyWorkspaces) {
    const members = membersOfSets(params, ws, ctx.onlyWorkspaces, 'UNION ALL');
    out.push(members ? `p.id IN (${members})` : 'false');
  }
  if (ctx.excludeIds && ctx.excludeIds.length > 0)
    out.push(`NOT (p.id = ANY(${params.add(ctx.excludeIds, 'bpchar[]')}))`);
  return out;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant as sent; a date-only value is that day's start in UTC, whatever the session's time zone. */
function instant(params: SqlParams, value: string): string {
  return DATE_ONLY.test(value)
    ? `(${params.add(value, 'date')}::timestamp AT TIME ZONE 'UTC')`
    : params.add(value, 'timestamptz');
}

/** A date-only `to` includes that whole day (UTC); an instant is taken as it is. */
function inclusiveUpTo(params: SqlParams, to: string): string {
  if (DATE_ONLY.test(to)) return `s.saved_at < ((${params.add(to, 'date')} + 1)::timestamp AT TIME ZONE 'UTC')`;
  return `s.saved_at <= ${params.add(to, 'timestamptz')}`;
}
