/**
 * The company side of the filter set: which companies a person's primary position may be at.
 * `positive` conditions must all hold; `violations` are excludes, any of which drops the company.
 * Written over alias `c` (companies) so one subquery answers every company filter at once.
 */
import { companyFacetCodes, type CompanyFacet } from '@app/domain/enums/company-facet-codes';
import { INDUSTRY_GROUPS } from '@app/domain/enums/industries';
import type { CompanyFilter, PeopleFilters } from '../filters/filter-types';
import type { CompanyIds, ResolvedValues } from './compile-context';
import { keywordCondition, nameContainsCondition } from './company-text-conditions';
import { allOf, anyOf, none, SqlParams } from './sql-params';

export interface CompanyConditions {
  positive: string[];
  violations: string[];
  /** Id lists the company must be in (company.id include, keyword and CONTAINS-name companies), kept as lists so they can meet `p.company_id` directly. */
  idSets: string[][];
}

/** A resolved text filter: its list of company ids, or, when it selects too many for a list, its condition itself. */
function selectCompanies(out: CompanyConditions, ids: CompanyIds | undefined, condition: () => string): void {
  if (ids === 'broad') out.positive.push(condition());
  else out.idSets.push(ids ?? []);
}

/** Industry groups widen to their industries; an industry stays itself. */
export function expandIndustries(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((v) => INDUSTRY_GROUPS[v] ?? [v]))];
}

/** A domain and its `www.` spelling, as websites are stored either way. */
const withWww = (domains: readonly string[]) => domains.flatMap((d) => [d, `www.${d}`]);

/** Looks like a website rather than a name: `globex.com`, `www.globex.co.uk`. */
export function websiteShaped(name: string): string | null {
  const d = name
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(d) ? d : null;
}

/**
 * Pages of the organizations owning these domains (website or staff email domain), and pages that
 * have the domain themselves. Written as one id set (a UNION of two index lookups) rather than
 * `organization_id IN (…) OR website = …`: the OR made PostgreSQL test every company row (560 ms
 * per page on 100,000 companies instead of a few).
 */
function organizationPages(params: SqlParams, domains: readonly string[]): string {
  const d = params.add(withWww(domains), 'text[]');
  const owners = `SELECT o.id, o.organization_id FROM companies o WHERE lower(o.website) = ANY(${d}) OR lower(o.email_domain) = ANY(${d})`;
  return `c.id IN (SELECT x.id FROM companies x WHERE x.organization_id IN (SELECT w.organization_id FROM (${owners}) w) UNION SELECT w.id FROM (${owners}) w)`;
}

/** Pages whose own professional-network website is the domain or a subdomain of it. */
function networkWebsitePages(params: SqlParams, domains: readonly string[]): string {
  const exact = params.add(withWww(domains), 'text[]');
  const sub = params.add(
    domains.map((d) => `%.${d}`),
    'text[]',
  );
  return `lower(c.pro_network_website) = ANY(${exact}) OR lower(c.pro_network_website) LIKE ANY(${sub})`;
}

function domainInclude(params: SqlParams, domain: NonNullable<CompanyFilter['domain']>): string {
  switch (domain.match_mode) {
    case 'ORGANIZATION':
      return `c.page_type IS DISTINCT FROM 'link_only' AND (${organizationPages(params, domain.include)})`;
    case 'PRIMARY':
      return `c.page_type = 'main' AND (${organizationPages(params, domain.include)})`;
    case 'LINKEDIN_WEBSITE':
      return networkWebsitePages(params, domain.include);
  }
}

/** EXACT names: the whole name, case-insensitive; a website-shaped name also names the company on that domain. */
function exactNames(params: SqlParams, names: readonly string[]): string {
  const conditions = [
    `lower(c.name) = ANY(${params.add(
      names.map((n) => n.toLowerCase()),
      'text[]',
    )})`,
  ];
  const sites = names.map(websiteShaped).filter((d): d is string => d !== null);
  if (sites.length > 0) conditions.push(`lower(c.website) = ANY(${params.add(withWww(sites), 'text[]')})`);
  return anyOf(conditions);
}

const containsPatterns = (names: readonly string[]) =>
  names.map((n) => `%${n.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);

/** `column = ANY(…)` for the includes and the excludes; `encode` turns the values into what the column stores. */
function includeExclude<T>(
  out: CompanyConditions,
  params: SqlParams,
  column: string,
  f: { include: readonly T[]; exclude: readonly T[] } | undefined,
  cast: string,
  encode: (values: readonly T[]) => readonly unknown[] = (values) => values,
): void {
  if (!f) return;
  if (f.include.length > 0) out.positive.push(`${column} = ANY(${params.add(encode(f.include), cast)})`);
  if (f.exclude.length > 0) out.violations.push(`${column} = ANY(${params.add(encode(f.exclude), cast)})`);
}

/**
 * A text facet, compared by its code column (`@app/domain/enums/company-facet-codes`): the narrow facets index holds
 * the codes, and a value outside the vocabulary selects nothing, as its text would.
 */
function facet(
  out: CompanyConditions,
  params: SqlParams,
  name: CompanyFacet,
  f: { include: readonly string[]; exclude: readonly string[] } | undefined,
): void {
  includeExclude(out, params, `c.${name}_code`, f, 'int2[]', (values) => companyFacetCodes(name, values));
}

const INT_MAX = 2_147_483_647;

/**
 * An inclusive range over an integer column (headcount, founding year), whose bounds may be fractions or past
 * the column's type (4200.5, 1e308): said in integers, so the column is compared as it is and PostgreSQL estimates
 * the range from its histogram. (A `numeric` bound cast the column, and was estimated at a fixed third of
 * companies: a headcount over 15,000 in two countries was then read by probing every person's company.)
 */
function range(
  out: CompanyConditions,
  params: SqlParams,
  column: string,
  r: { min?: number; max?: number } | undefined,
): void {
  if (r?.min !== undefined) {
    const min = Math.ceil(r.min);
    out.positive.push(min > INT_MAX ? 'false' : `${column} >= ${params.add(min, 'int')}`);
  }
  if (r?.max !== undefined)
    out.positive.push(`${column} <= ${params.add(Math.min(Math.floor(r.max), INT_MAX), 'int')}`);
}

/** With person.pro_network_url, `company.name.include` picks a position and filters nothing. */
export const nameIsHint = (filters: PeopleFilters): boolean => (filters.person?.pro_network_url?.length ?? 0) > 0;

/** Company conditions of a filter set. */
export function companyConditions(
  filters: PeopleFilters,
  resolved: ResolvedValues,
  params: SqlParams,
): CompanyConditions {
  const out: CompanyConditions = { positive: [], violations: [], idSets: [] };
  const hint = nameIsHint(filters);
  const company = filters.company;
  const name = company?.name;
  const exactNameInclude = name && name.match_mode === 'EXACT' && !hint && name.include.length > 0 ? name.include : [];

  // id include OR EXACT name include; everything else ANDs with that.
  const idInclude = company?.id && company.id.include.length > 0 ? company.id.include : [];
  if (exactNameInclude.length > 0) {
    const named = [exactNames(params, exactNameInclude)];
    if (idInclude.length > 0) named.unshift(`c.id = ANY(${params.add(idInclude, 'bpchar[]')})`);
    out.positive.push(anyOf(named));
  } else if (idInclude.length > 0) out.idSets.push(idInclude);
  if (company?.id && company.id.exclude.length > 0)
    out.violations.push(`c.id = ANY(${params.add(company.id.exclude, 'bpchar[]')})`);

  if (company?.domain) {
    if (company.domain.include.length > 0) out.positive.push(domainInclude(params, company.domain));
    if (company.domain.exclude.length > 0)
      out.violations.push(
        anyOf([organizationPages(params, company.domain.exclude), networkWebsitePages(params, company.domain.exclude)]),
      );
  }
  if (name) {
    if (name.match_mode === 'CONTAINS' && !hint && name.include.length > 0)
      selectCompanies(out, resolved.nameContainsCompanyIds, () => nameContainsCondition(params, name.include));
    if (name.exclude.length > 0) {
      out.violations.push(
        name.match_mode === 'EXACT'
          ? exactNames(params, name.exclude)
          : `lower(c.name) LIKE ANY(${params.add(containsPatterns(name.exclude), 'text[]')})`,
      );
    }
  }
  includeExclude(out, params, 'c.pro_network_id', company?.pro_network_id, 'bigint[]');
  const keywords = filters.company_keywords;
  if (keywords) selectCompanies(out, resolved.keywordCompanyIds, () => keywordCondition(params, keywords));

  const industry = filters.company_industry;
  if (industry)
    facet(out, params, 'industry', {
      include: expandIndustries(industry.include),
      exclude: expandIndustries(industry.exclude),
    });
  if (filters.company_headcount_range?.length)
    facet(out, params, 'employee_range', { include: filters.company_headcount_range, exclude: [] });
  range(out, params, 'c.employee_count', filters.company_headcount_custom);
  range(out, params, 'c.founded', filters.company_founded);
  facet(out, params, 'type', filters.company_type);
  facet(out, params, 'business_type', filters.company_business_type);
  facet(out, params, 'revenue_stream', filters.company_revenue_stream);
  if (filters.company_naics) {
    const f = filters.company_naics;
    if (f.include.length > 0) out.positive.push(`c.naics_codes && ${params.add(f.include, 'int[]')}`);
    if (f.exclude.length > 0) out.violations.push(`c.naics_codes && ${params.add(f.exclude, 'int[]')}`);
  }

  // headquarters_only false widens includes and tightens excludes to every office alike.
  const country = filters.company_country;
  if (country) {
    const match = (codes: string[]) =>
      country.headquarters_only
        ? `c.country_code = ANY(${params.add(codes, 'bpchar[]')})`
        : `c.office_country_codes && ${params.add(codes, 'text[]')}`;
    if (country.include.length > 0) out.positive.push(match(country.include));
    if (country.exclude.length > 0) out.violations.push(match(country.exclude));
  }
  const location = filters.company_location;
  const keys = resolved.companyLocation;
  if (location && keys) {
    const column = location.headquarters_only ? 'c.hq_location_keys' : 'c.location_keys';
    if (location.include.length > 0) out.positive.push(`${column} && ${params.add(keys.include, 'text[]')}`);
    if (keys.exclude.length > 0) out.violations.push(`${column} && ${params.add(keys.exclude, 'text[]')}`);
  }
  return out;
}

/** Ids in every one of the lists. */
function intersect(sets: string[][]): string[] {
  return sets.slice(1).reduce((kept, set) => {
    const wanted = new Set(set);
    return kept.filter((id) => wanted.has(id));
  }, sets[0]);
}

/**
 * The companies the conditions select, over alias `c`: every positive condition and id list, and
 * none of the excludes. Null when nothing selects (only excludes, or none).
 */
export function companySelection(conditions: CompanyConditions, params: SqlParams): string | null {
  const clauses = [...conditions.positive];
  if (conditions.idSets.length > 0) clauses.push(`c.id = ANY(${params.add(intersect(conditions.idSets), 'bpchar[]')})`);
  if (clauses.length === 0) return null;
  if (conditions.violations.length > 0) clauses.push(none(anyOf(conditions.violations)));
  return allOf(clauses);
}

/**
 * The person condition for company conditions: people at a company that passes them. Id lists
 * alone meet `p.company_id` directly (a hashed array test while the page walks the followers
 * index; inside the companies subquery the planner probed it row by row: 1.7 s for a 5,000-company
 * keyword set). With only excludes, people without a (known) company stay in.
 */
export function personCompanyCondition(conditions: CompanyConditions, params: SqlParams): string | null {
  const { positive, violations, idSets } = conditions;
  if (idSets.length > 0 && positive.length === 0 && violations.length === 0)
    return companyIdIn(intersect(idSets), params);
  const selection = companySelection(conditions, params);
  if (selection) return `p.company_id IN (SELECT c.id FROM companies c WHERE ${selection})`;
  if (violations.length > 0)
    return `p.company_id IS NULL OR p.company_id NOT IN (SELECT c.id FROM companies c WHERE ${anyOf(violations)})`;
  return null;
}

/** People at one of these companies. */
export const companyIdIn = (ids: string[], params: SqlParams) => `p.company_id = ANY(${params.add(ids, 'bpchar[]')})`;
