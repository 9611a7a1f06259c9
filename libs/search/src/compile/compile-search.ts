/**
 * A validated filter set and its resolved values become parameterised SQL statements over
 * `people p`: the count, the capped count for `max_person_per_company`, and one page of ids in
 * order. Pure functions: the engine runs what they return.
 */
import { CompanyFacet, companyFacetCodes } from '@app/domain/enums/company-facet-codes';
import { SENIORITIES } from '@app/domain/enums/people-enums';
import { proNetworkKey } from '@app/domain/records/person-derived';
import type { PeopleFilters, SortDirection, SortKey } from '../filters/filter-types';
import { companyConditions, companyIdIn, personCompanyCondition } from './company-conditions';
import type { CompileContext } from './compile-context';
import { membersOfSets, personConditions } from './person-conditions';
import { allOf, SqlParams, Statement } from './sql-params';

export type { Statement } from './sql-params';

/** Sorting costs a sort of every match: past this many the default order stays (docs/people-search.md#order). */
export const SORT_LIMIT = 500_000;
/** Up to this many matches, `max_person_per_company` prefers colleagues with a valid email and counts exactly. */
export const EXACT_CAP_LIMIT = 25_000;

interface SortSpec {
  expr: string;
  direction: SortDirection;
  join?: 'company' | 'saved';
  /**
   * The key takes few values (a seniority, a company type, a country: 2 to 130 on the generated data), of this SQL
   * type: a sorted page can be read group by group, each in the default order (`sortGroupsStatement`). `present`:
   * two groups, the people with a value (in the key's order; the workspace's saves, walked by save time) and then
   * those without (in the default order).
   */
  groups?: 'int' | 'text' | 'bool' | 'present';
  /**
   * One group's people selected by the column the key is computed from (a value of the key; never null), where
   * `expr = value` would hide the column: PostgreSQL then neither narrows by the column's index nor sizes the group
   * from its statistics, and reads every match of the other filters for a page of one group.
   */
  groupByColumn?: (value: string | number | boolean, params: SqlParams) => string;
}

/**
 * A sort by a company facet that has a code column (`companyFacetCodes`): its groups are sorted by the text, and one
 * group's companies are selected by the code, which `companies_industry_code_idx` carries, where the text is only in
 * the companies' 1.7 KB rows (a page of one company type at 1M: 148 ms with the rows read, 108-115 ms from the
 * index). A value outside the vocabulary has no code of its own (0 is every such value): compared as text.
 */
function codedFacetSort(facet: Exclude<CompanyFacet, 'employee_range'>): SortSpec {
  return {
    expr: `sc.${facet}`,
    direction: 'asc',
    join: 'company',
    groups: 'text',
    groupByColumn: (value, params) => {
      const [code] = companyFacetCodes(facet, [String(value)]);
      return code === undefined
        ? `sc.${facet} = ${params.add(value, 'text')}`
        : `sc.${facet}_code = ${params.add(code, 'int2')}`;
    },
  };
}

// Ranks from junior to senior, so `desc` (the default) puts owners first.
const SENIORITY_RANKS = [...SENIORITIES].reverse();
const SENIORITY_RANK = `array_position(ARRAY[${SENIORITY_RANKS.map((s) => `'${s}'`).join(',')}]::text[], p.seniority)`;

/** Each sort key's expression and default direction (docs/people-search.md "Order"). */
export const SORTS: Readonly<Record<SortKey, SortSpec>> = {
  person_first_name: { expr: 'lower(p.first_name)', direction: 'asc' },
  person_last_name: { expr: 'lower(p.last_name)', direction: 'asc' },
  person_seniority: {
    expr: SENIORITY_RANK,
    direction: 'desc',
    groups: 'int',
    groupByColumn: (rank, params) => `p.seniority = ${params.add(SENIORITY_RANKS[Number(rank) - 1], 'text')}`,
  },
  person_job_title: { expr: 'lower(p.title)', direction: 'asc' },
  person_country: { expr: `p.location->>'country'`, direction: 'asc', groups: 'text' },
  person_email_available: {
    expr: `COALESCE(p.best_email_status = 'valid', false)`,
    direction: 'desc',
    groups: 'bool',
    groupByColumn: (available) =>
      available ? `p.best_email_status = 'valid'` : `p.best_email_status IS DISTINCT FROM 'valid'`,
  },
  person_saved_at: { expr: 'ss.saved_at', direction: 'desc', join: 'saved', groups: 'present' },
  // The person's copy of the headcount (people_headcount_sort_idx walks it in order), not a join.
  company_employee_count: { expr: 'p.company_employee_count', direction: 'desc' },
  company_name: { expr: 'lower(sc.name)', direction: 'asc', join: 'company' },
  company_industry: codedFacetSort('industry'),
  company_founded: { expr: 'sc.founded', direction: 'desc', join: 'company', groups: 'int' },
  company_country: { expr: `sc.location->>'country'`, direction: 'asc', join: 'company', groups: 'text' },
  company_type: codedFacetSort('type'),
  company_business_type: codedFacetSort('business_type'),
  company_revenue_stream: codedFacetSort('revenue_stream'),
};

/** A value of a sort key that takes few values, and how many people of the filter set have it (null: no value). */
export interface SortGroup {
  value: string | number | boolean | null;
  n: number;
}

/** Whether the filter set's `sort_by` takes few values, so that its sorted pages can be read group by group. */
export function sortsByGroups(filters: PeopleFilters): boolean {
  return (
    filters.sort_by !== undefined && SORTS[filters.sort_by].groups !== undefined && !filters.person?.pro_network_url
  );
}

/**
 * The values of the sort key among the filter set's matches, in result order (nulls last), with how many match
 * each. A sorted page then reads the groups it spans, each in the default order (followers descending, the order
 * within a group), walking `people_followers_idx` until it has the page, where the sorted statement read, joined
 * and sorted every match for each page.
 */
export function sortGroupsStatement(filters: PeopleFilters, ctx: CompileContext): Statement {
  const params = new SqlParams();
  const where = whereClause(filters, ctx, params);
  const order = orderTerms(filters, ctx, params, true);
  if (!order.groups) throw new Error(`sort_by ${String(filters.sort_by)} is not read by groups`);
  return params.statement(
    'sort groups',
    `SELECT ${order.groups.key} AS value, count(*)::bigint AS n FROM people p${order.joins} WHERE ${where}
      GROUP BY 1 ORDER BY 1 ${order.groups.order}`,
  );
}

/** The WHERE clause of a filter set, written into `params`. */
export function whereClause(filters: PeopleFilters, ctx: CompileContext, params: SqlParams): string {
  const conditions = personConditions(filters, ctx, params);
  // Companies resolved to a short list first (resolve-filters.ts) meet people as that list.
  const company = ctx.resolved.companyIds
    ? companyIdIn(ctx.resolved.companyIds, params)
    : personCompanyCondition(companyConditions(filters, ctx.resolved, params), params);
  if (company) conditions.push(company);
  return allOf(conditions);
}

export function countStatement(filters: PeopleFilters, ctx: CompileContext): Statement {
  const params = new SqlParams();
  const where = whereClause(filters, ctx, params);
  return params.statement('count', `SELECT count(*)::bigint AS matched FROM people p WHERE ${where}`);
}

/** How many matches a sampled count expects to see: a relative standard error of about 1/sqrt(5,000), 1.4 %. */
export const SAMPLED_MATCHES = 5_000;

/** PostgreSQL's plan of the filter set's matches, without running it: its top node's row estimate. */
export function matchEstimateStatement(filters: PeopleFilters, ctx: CompileContext): Statement {
  const params = new SqlParams();
  const where = whereClause(filters, ctx, params);
  return params.statement('match estimate', `EXPLAIN (FORMAT JSON) SELECT 1 FROM people p WHERE ${where}`);
}

/**
 * The matches among a random `percent` of the people's pages (`TABLESAMPLE SYSTEM`): scaled by
 * 100 / percent, an estimate of the count that reads a few thousand pages where the exact count
 * reads millions of rows. `REPEATABLE`: the same data set answers the same estimate on every page.
 */
export function sampledCountStatement(filters: PeopleFilters, ctx: CompileContext, percent: number): Statement {
  const params = new SqlParams();
  const sample = params.add(percent, 'float4');
  const where = whereClause(filters, ctx, params);
  return params.statement(
    'count (sampled)',
    `SELECT count(*)::bigint AS matched FROM people p TABLESAMPLE SYSTEM (${sample}) REPEATABLE (0) WHERE ${where}`,
  );
}

/** The share of people pages to sample for a filter set PostgreSQL expects `expected` matches of. */
export function samplePercent(expected: number): number {
  return Math.min(100, Math.max(0.01, (100 * SAMPLED_MATCHES) / Math.max(1, expected)));
}

/**
 * The count of a filter set that selects nothing but one of the workspace's own sets of people (the
 * members of some lists, its saved or its exported people), read from that set alone. Every person
 * in such a set exists (saves and list additions check it, and loads never delete people), so
 * joining `people` would only add a probe per member or a scan of every person (a 50,000-person
 * list: a hash join over the million-row primary key). Null when other filters take part.
 */
export function workspaceSetCountStatement(filters: PeopleFilters, ctx: CompileContext): Statement | null {
  if (ctx.excludeIds?.length) return null;
  const { sort_by, sort_direction, lists, ...others } = filters;
  void sort_by;
  void sort_direction;
  if (Object.keys(others).length > 0) return null;
  const params = new SqlParams();
  const count = (text: string): Statement => params.statement('count (workspace set)', `SELECT ${text}`);
  const ws = () => params.addOpaque(ctx.workspaceId, 'text');
  if (!lists) {
    if (!ctx.onlyWorkspaces) return null;
    const members = membersOfSets(params, ws, ctx.onlyWorkspaces, 'UNION');
    return count(members ? `count(*)::bigint AS matched FROM (${members}) u` : '0::bigint AS matched');
  }
  if (ctx.onlyWorkspaces || lists.exclude.length > 0 || lists.saved_at) return null;
  if (lists.include.length > 0 && !lists.saved) {
    return count(
      `count(DISTINCT m.person_id)::bigint AS matched FROM people_list_members m WHERE m.list_id = ANY(${params.add(lists.include, 'text[]')})`,
    );
  }
  if (lists.include.length === 0 && lists.saved === 'any')
    return count(`count(*)::bigint AS matched FROM saved_people s WHERE s.workspace_id = ${ws()}`);
  return null;
}

/** Matches before the cap and after it, in one pass over the matches grouped by company. */
export function cappedCountStatement(filters: PeopleFilters, ctx: CompileContext, cap: number): Statement {
  const params = new SqlParams();
  const where = whereClause(filters, ctx, params);
  const n = params.add(cap, 'int');
  return params.statement(
    'capped count',
    `SELECT COALESCE(sum(g.n), 0)::bigint AS matched, COALESCE(sum(least(g.n, ${n})), 0)::bigint AS capped
       FROM (SELECT count(*) AS n FROM people p WHERE ${where} GROUP BY COALESCE(p.company_id, p.id)) g`,
  );
}

export interface PageOptions {
  limit: number;
  offset: number;
  /** false past SORT_LIMIT matches: the default order stays. */
  applySort: boolean;
  /** No ORDER BY: which people a LIMIT takes is then arbitrary (a preview that takes every match needs no order). */
  unordered?: boolean;
  /** `max_person_per_company`, and whether a valid email wins a slot (only up to EXACT_CAP_LIMIT matches). */
  cap?: { perCompany: number; preferValidEmail: boolean };
  /**
   * Only the matches whose sort key has this value (`sortGroupsStatement`), in the default order; `gather`: all of
   * them first, then the page of them (a rare group, which a walk in the default order would pass over for long).
   */
  group?: { value: SortGroup['value']; gather: boolean };
  /**
   * Every match first, then the page of them in order: for matches so rare that walking an index in the page's
   * order would pass over many people for each row it keeps (`PeopleSearchEngine` decides from the count).
   */
  gather?: boolean;
}

interface OrderTerm {
  expr: string;
  direction: 'ASC' | 'DESC';
  /**
   * Only sort keys can be null. The NOT NULL tie-breakers must keep the index's own null order (DESC = NULLS
   * FIRST): spelled `NULLS LAST`, `followers DESC` no longer matches `people_followers_idx`, and every page sorts
   * all matches instead of walking the index.
   */
  nullable?: boolean;
}

function orderTerms(
  filters: PeopleFilters,
  ctx: CompileContext,
  params: SqlParams,
  applySort: boolean,
): { terms: OrderTerm[]; joins: string; groups?: SortGroups } {
  const urls = filters.person?.pro_network_url;
  if (urls?.length) {
    // Results keep the caller's URL order; sort_by does not apply.
    return {
      terms: [
        {
          expr: `array_position(${params.add(
            urls.map((u) => proNetworkKey(u)),
            'text[]',
          )}, p.pro_network_key)`,
          direction: 'ASC',
        },
        { expr: 'p.id', direction: 'ASC' },
      ],
      joins: '',
    };
  }
  const terms: OrderTerm[] = [];
  let joins = '';
  let groups: SortGroups | undefined;
  const sort = applySort && filters.sort_by ? SORTS[filters.sort_by] : undefined;
  if (sort) {
    const direction = (filters.sort_direction ?? sort.direction) === 'asc' ? 'ASC' : 'DESC';
    terms.push({ expr: sort.expr, direction, nullable: true });
    const type = sort.groups;
    // `present`: true (a value, first in either direction, in the key's order), then false.
    if (type === 'present')
      groups = {
        key: `(${sort.expr} IS NOT NULL)`,
        order: 'DESC',
        part: (value) =>
          value === true
            ? { condition: `${sort.expr} IS NOT NULL`, keyOrder: true }
            : { condition: `${sort.expr} IS NULL` },
      };
    else if (type)
      groups = {
        key: sort.expr,
        order: `${direction} NULLS LAST`,
        part: (value) => ({
          condition:
            value === null
              ? `${sort.expr} IS NULL`
              : (sort.groupByColumn?.(value, params) ?? `${sort.expr} = ${params.add(value, type)}`),
        }),
      };
    if (sort.join === 'company') joins = ' LEFT JOIN companies sc ON sc.id = p.company_id';
    // Opaque: estimated from a stale statistic as one row, the saves were rescanned per person (see SqlParams.addOpaque).
    if (sort.join === 'saved')
      joins = ` LEFT JOIN saved_people ss ON ss.workspace_id = ${params.addOpaque(ctx.workspaceId, 'text')} AND ss.person_id = p.id`;
  }
  terms.push({ expr: 'p.followers', direction: 'DESC' }, { expr: 'p.id', direction: 'ASC' });
  return { terms, joins, groups };
}

/**
 * How a sort key with few values is read by groups: what the matches are grouped by and in which order, and, for one
 * group's value, its condition and whether its people keep the key's order (else the default order).
 */
interface SortGroups {
  key: string;
  order: string;
  part: (value: SortGroup['value']) => { condition: string; keyOrder?: boolean };
}

const orderBy = (terms: OrderTerm[], alias?: (i: number) => string) =>
  terms.map((t, i) => `${alias ? alias(i) : t.expr} ${t.direction}${t.nullable ? ' NULLS LAST' : ''}`).join(', ');

/** The order terms as columns s0, s1, … (the last is `p.id`), for a statement that orders the rows it selected. */
const projection = (terms: OrderTerm[]) => terms.map((t, i) => `${t.expr} AS s${i}`).join(', ');

/** One page of person ids in result order. */
export function pageStatement(filters: PeopleFilters, ctx: CompileContext, options: PageOptions): Statement {
  const params = new SqlParams();
  const where = whereClause(filters, ctx, params);
  if (options.unordered && !options.cap) {
    // No order: nothing of the sort (its join, the URL order) may add a value the text would not read.
    return params.statement(
      'page (unordered)',
      `SELECT p.id FROM people p WHERE ${where} LIMIT ${params.add(options.limit, 'int')} OFFSET ${params.add(options.offset, 'int')}`,
    );
  }
  const order = orderTerms(filters, ctx, params, options.applySort);
  const joins = order.joins;
  if (options.group && order.groups && !options.cap) {
    // One group of the sort key: its value is the same for every row, so the default order is the result order
    // (but for the people with a save time, who keep its order).
    const part = order.groups.part(options.group.value);
    const matches = `FROM people p${joins} WHERE ${where} AND ${part.condition}`;
    const window = `LIMIT ${params.add(options.limit, 'int')} OFFSET ${params.add(options.offset, 'int')}`;
    if (part.keyOrder)
      return params.statement(
        'page (sort key present)',
        `SELECT p.id ${matches} ORDER BY ${orderBy(order.terms)} ${window}`,
      );
    return options.group.gather
      ? gatheredPage('page (one sort group, gathered)', matches, order.terms.slice(1), window, params)
      : params.statement(
          'page (one sort group)',
          `SELECT p.id ${matches} ORDER BY ${orderBy(order.terms.slice(1))} ${window}`,
        );
  }
  const limit = params.add(options.limit, 'int');
  const offset = params.add(options.offset, 'int');
  if (!options.cap && options.gather && !filters.person?.pro_network_url?.length) {
    const window = `LIMIT ${limit} OFFSET ${offset}`;
    return gatheredPage('page (gathered)', `FROM people p${joins} WHERE ${where}`, order.terms, window, params);
  }
  if (!options.cap) {
    return params.statement(
      'page',
      `SELECT p.id FROM people p${joins} WHERE ${where} ORDER BY ${orderBy(order.terms)} LIMIT ${limit} OFFSET ${offset}`,
    );
  }
  const perCompany = params.add(options.cap.perCompany, 'int');
  if (!options.cap.preferValidEmail && order.terms.length === 2 && !filters.person?.pro_network_url?.length) {
    return walkingCappedPage(where, params, perCompany, limit, offset);
  }
  const rankOrder =
    (options.cap.preferValidEmail ? `COALESCE(p.best_email_status = 'valid', false) DESC, ` : '') +
    orderBy(order.terms);
  const projected = projection(order.terms);
  return params.statement(
    'capped page',
    `SELECT x.s${order.terms.length - 1} AS id FROM (
       SELECT ${projected}, row_number() OVER (PARTITION BY COALESCE(p.company_id, p.id) ORDER BY ${rankOrder}) AS company_rank
         FROM people p${joins} WHERE ${where}) x
      WHERE x.company_rank <= ${perCompany}
      ORDER BY ${orderBy(order.terms, (i) => `x.s${i}`)} LIMIT ${limit} OFFSET ${offset}`,
  );
}

/**
 * The matches gathered first, each with its order terms, then the window of them in that order. MATERIALIZED:
 * PostgreSQL may not walk an index in the order for them (people_followers_idx, a sort index), whatever it guesses
 * of how many match; it finds them as for a count.
 */
function gatheredPage(label: string, matches: string, terms: OrderTerm[], window: string, params: SqlParams) {
  return params.statement(
    label,
    `WITH m AS MATERIALIZED (SELECT ${projection(terms)} ${matches})
     SELECT m.s${terms.length - 1} AS id FROM m ORDER BY ${orderBy(terms, (i) => `m.s${i}`)} ${window}`,
  );
}

/**
 * `max_person_per_company` in the default order (followers descending) when a valid email does not
 * win slots (above EXACT_CAP_LIMIT matches): walk the matches in order and keep a person while
 * fewer than N colleagues who match the same filters rank ahead of them, read from
 * people_company_rank_idx a few rows at a time. A page touches about as many people as it shows,
 * where the window function ranked every match. The filters appear twice with the same
 * parameters: once for the walk, once (shadowing `p`) for the colleagues.
 */
function walkingCappedPage(
  where: string,
  params: SqlParams,
  perCompany: string,
  limit: string,
  offset: string,
): Statement {
  return params.statement(
    'capped page (walk)',
    `SELECT o.id FROM (SELECT p.id, p.company_id, p.followers FROM people p WHERE ${where}) o
      WHERE o.company_id IS NULL
         OR (SELECT count(*) FROM (
               SELECT 1 FROM people p
                WHERE p.company_id = o.company_id AND p.followers >= o.followers
                  AND (p.followers > o.followers OR p.id < o.id) AND ${where}
                LIMIT ${perCompany}) ahead) < ${perCompany}
      ORDER BY o.followers DESC, o.id ASC LIMIT ${limit} OFFSET ${offset}`,
  );
}
