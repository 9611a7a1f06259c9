import { companyFacetCodes } from '@app/domain/enums/company-facet-codes';
import { INDUSTRY_GROUPS } from '@app/domain/enums/industries';
import { SENIORITIES } from '@app/domain/enums/people-enums';
import type { PeopleFilters } from '../filters/filter-types';
import { parseBooleanSearch } from '../boolean/boolean-query';
import type { CompileContext } from './compile-context';
import fc from 'fast-check';
import { FilterValidationError, parsePeopleFilters } from '../filters/validate-filters';
import { FilterVocabulary, peopleFiltersArb } from '../../../../test/support/people-filters-arbitrary';
import {
  cappedCountStatement,
  countStatement,
  matchEstimateStatement,
  pageStatement,
  SAMPLED_MATCHES,
  sampledCountStatement,
  samplePercent,
  SORTS,
  sortGroupsStatement,
  sortsByGroups,
  workspaceSetCountStatement,
} from './compile-search';

const ctx = (over: Partial<CompileContext> = {}): CompileContext => ({
  workspaceId: 'ws_1',
  today: '2026-11-22',
  resolved: {},
  ...over,
});
const page = { limit: 25, offset: 50, applySort: true };
const ie = (include: string[] = [], exclude: string[] = []) => ({ include, exclude });

/** Placeholders of a statement must match its values one to one: PostgreSQL rejects any mismatch. */
function expectWellFormed(s: { text: string; values: unknown[] }) {
  const used = new Set([...s.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  expect([...used].sort((a, b) => a - b)).toEqual(s.values.map((_, i) => i + 1));
}

describe('countStatement and pageStatement', () => {
  it('select everybody in the default order (followers, then id) without filters', () => {
    const count = countStatement({}, ctx());
    expect(count.text).toBe('SELECT count(*)::bigint AS matched FROM people p WHERE true');
    const p = pageStatement({}, ctx(), page);
    // Exactly the index's order (DESC NULLS FIRST is the default), so a page walks people_followers_idx.
    expect(p.text).toContain('ORDER BY p.followers DESC, p.id ASC LIMIT $1::int OFFSET $2::int');
    expect(p.values).toEqual([25, 50]);
  });

  it('says status includes and seniority excludes on the bare columns, which PostgreSQL estimates from their statistics', () => {
    const s = countStatement(
      {
        person_seniority: ie([], ['VP', 'Owner']),
        contact_details: { email: { status: ['invalid', 'not_found'] }, phone: { status: ['found'] } },
      },
      ctx(),
    );
    expect(s.text).not.toContain('COALESCE');
    // NULL is "not_found" for emails (and "unknown" for phones); an exclude keeps people without a seniority.
    expect(s.text).toContain('(p.best_email_status = ANY($2::text[]) OR p.best_email_status IS NULL)');
    expect(s.text).toContain('(p.phone_status = ANY($3::text[]))');
    expect(s.text).toContain('(p.seniority IS NULL OR p.seniority <> ALL($1::text[]))');
    expectWellFormed(s);
  });

  it('compares headcount and founding year as integers, whatever the bounds', () => {
    const s = countStatement(
      { company_headcount_custom: { min: 4200.5, max: 1e308 }, company_founded: { max: 1999.9 } },
      ctx(),
    );
    expect(s.text).toContain('c.employee_count >= $1::int');
    expect(s.text).toContain('c.employee_count <= $2::int');
    expect(s.text).toContain('c.founded <= $3::int');
    expect(s.values).toEqual([4201, 2_147_483_647, 1999]);
    expect(s.text).not.toContain('numeric');
    // Past any int: nobody has that many employees.
    const none = countStatement({ company_headcount_custom: { min: 1e12 } }, ctx());
    expect(none.text).toContain('(false)');
    expect(none.values).toEqual([]);
  });

  it('never puts a value into the SQL text', () => {
    const evil = "x'); DROP TABLE people; --";
    const filters: PeopleFilters = {
      person: { name: ie([evil]) },
      person_job_title: { include: [evil], exclude: [], match_mode: 'EXACT' },
      company: { name: { include: [evil], exclude: [evil], match_mode: 'EXACT' } },
      company_industry: ie([evil]),
    };
    for (const s of [countStatement(filters, ctx()), pageStatement(filters, ctx(), page)]) {
      expect(s.text).not.toContain('DROP');
      expectWellFormed(s);
    }
  });

  it('ORs person.id with person.name and ANDs excludes', () => {
    const s = countStatement({ person: { id: ie(['a'.repeat(24)], ['b'.repeat(24)]), name: ie(['Ada']) } }, ctx());
    expect(s.text).toMatch(
      /\(\(p\.id = ANY\(\$1::bpchar\[\]\)\) OR \(to_tsvector\('simple', p\.full_name\) @@ \(plainto_tsquery\('simple', \$2::text\)\)\)\) AND \(NOT \(p\.id = ANY\(\$3::bpchar\[\]\)\)\)/,
    );
  });

  it('compiles company filters into one companies subquery: id OR exact name, AND the rest', () => {
    const filters: PeopleFilters = {
      company: {
        id: ie(['c'.repeat(24)]),
        name: { include: ['Globex', 'globex.com'], exclude: [], match_mode: 'EXACT' },
        domain: { ...ie(['globex.com']), match_mode: 'PRIMARY' },
      },
    };
    const s = countStatement(filters, ctx());
    expect(s.text).toContain(
      'p.company_id IN (SELECT c.id FROM companies c WHERE ((c.id = ANY($3::bpchar[])) OR ((lower(c.name) = ANY($1::text[])) OR (lower(c.website) = ANY($2::text[])))) AND',
    );
    expect(s.text).toContain("c.page_type = 'main'");
    expect(s.values[0]).toEqual(['globex', 'globex.com']);
    expect(s.values[1]).toEqual(['globex.com', 'www.globex.com']);
    expectWellFormed(s);
  });

  it('meets id lists alone with p.company_id directly, intersected, and inside the subquery otherwise', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((x) => x.repeat(24));
    const keywords = { include: ['cloud'], exclude: [], include_all: false, sources: ['specialties' as const] };
    const alone = countStatement(
      { company: { id: ie([a, b]) }, company_keywords: keywords },
      ctx({ resolved: { keywordCompanyIds: [b, c] } }),
    );
    expect(alone.text).toBe(
      'SELECT count(*)::bigint AS matched FROM people p WHERE (p.company_id = ANY($1::bpchar[]))',
    );
    expect(alone.values).toEqual([[b]]);
    const mixed = countStatement({ company: { id: ie([a]) }, company_type: ie(['Public Company']) }, ctx());
    expect(mixed.text).toContain(
      'p.company_id IN (SELECT c.id FROM companies c WHERE (c.type_code = ANY($1::int2[])) AND (c.id = ANY($2::bpchar[])))',
    );
    expect(mixed.values[0]).toEqual([2]);
    expectWellFormed(mixed);
  });

  it('writes a keyword or CONTAINS-name filter that selects too many companies for a list into the company subquery', () => {
    const a = 'a'.repeat(24);
    const keywords = {
      include: ['cloud computing'],
      exclude: ['hardware'],
      include_all: false,
      sources: ['specialties' as const],
    };
    const s = countStatement(
      { company: { id: ie([a]), name: { ...ie(['acme']), match_mode: 'CONTAINS' } }, company_keywords: keywords },
      ctx({ resolved: { keywordCompanyIds: 'broad', nameContainsCompanyIds: 'broad' } }),
    );
    expect(s.text).toContain('p.company_id IN (SELECT c.id FROM companies c WHERE ');
    expect(s.text).toContain('(lower(c.name) LIKE $1::text)');
    expect(s.text).toContain("(c.keywords_tsv @@ phraseto_tsquery('simple', $2::text))");
    expect(s.text).toContain("NOT (((c.keywords_tsv @@ phraseto_tsquery('simple', $3::text))))");
    expect(s.text).toContain('c.id = ANY($4::bpchar[])');
    expect(s.values.slice(0, 4)).toEqual(['%acme%', 'cloud computing', 'hardware', [a]]);
    expectWellFormed(s);
  });

  it('keeps people without a company when the company filters only exclude', () => {
    const s = countStatement({ company_type: ie([], ['Non Profit']) }, ctx());
    expect(s.text).toContain(
      'p.company_id IS NULL OR p.company_id NOT IN (SELECT c.id FROM companies c WHERE (c.type_code = ANY($1::int2[])))',
    );
    expect(s.values).toEqual([[3]]);
  });

  it('compares the company text facets by their codes, an industry group as the codes of its industries', () => {
    const s = countStatement(
      {
        company_industry: ie(['Construction'], ['Restaurants']),
        company_headcount_range: ['51-200', '10001+'],
        company_business_type: ie(['B2B']),
        company_revenue_stream: ie([], ['Advertising']),
      },
      ctx(),
    );
    expect(s.text).toContain('c.industry_code = ANY($1::int2[])');
    expect(s.text).toContain('c.industry_code = ANY($2::int2[])');
    expect(s.text).toContain('c.employee_range_code = ANY($3::int2[])');
    expect(s.text).toContain('c.business_type_code = ANY($4::int2[])');
    expect(s.text).toContain('c.revenue_stream_code = ANY($5::int2[])');
    expect(s.values).toEqual([
      companyFacetCodes('industry', INDUSTRY_GROUPS.Construction),
      companyFacetCodes('industry', ['Restaurants']),
      [3, 8],
      [1],
      [9],
    ]);
    expect(s.values[0]).toHaveLength(3);
    expectWellFormed(s);
  });

  it('applies headquarters_only to includes and excludes alike', () => {
    const any = countStatement(
      { company_country: { include: ['DE'], exclude: ['FR'], headquarters_only: false } },
      ctx(),
    ).text;
    expect(any).toContain('c.office_country_codes && $1::text[]');
    expect(any).toContain('c.office_country_codes && $2::text[]');
    const hq = countStatement(
      { company_country: { include: ['DE'], exclude: ['FR'], headquarters_only: true } },
      ctx(),
    ).text;
    expect(hq).toContain('c.country_code = ANY($1::bpchar[])');
    expect(hq).toContain('c.country_code = ANY($2::bpchar[])');
  });

  it('counts job changes by inclusive calendar months and months in role by whole months', () => {
    const change = countStatement({ person_job_change: { timeframe_months: 3, change_type: 'promotion' } }, ctx());
    expect(change.values).toEqual(['promotion', '2026-09-01']);
    const role = countStatement({ person_months_in_current_role: { min: 12, max: 24 } }, ctx());
    expect(role.text).toContain('p.role_started_at <= $1::date');
    expect(role.text).toContain('p.role_started_at > $2::date');
    expect(role.values).toEqual(['2025-11-22', '2024-10-22']);
  });

  it('compiles a boolean title search tree', () => {
    const tree = parseBooleanSearch('(\'Software Engineer\' OR "Data Scientist") AND !`VP Sales`');
    const s = countStatement(
      { person_job_title: { include: [], exclude: [], match_mode: 'CONTAINS', boolean: tree } },
      ctx(),
    );
    expect(s.text).toContain('p.title_terms @> $1::text[]');
    expect(s.text).toContain('p.title_key = $2::text');
    expect(s.text).toMatch(
      /NOT \(p\.title_terms @> \$3::text\[\] AND \(' ' \|\| p\.title_canon \|\| ' '\) LIKE \$4::text\)/,
    );
    expect(s.values[3]).toBe('% vice president sales %');
    expectWellFormed(s);
  });

  it('scopes saved and export filters to the workspace, and reads list members by the (already checked) list ids as plain values, the workspace id opaque to the planner', () => {
    const s = countStatement(
      { lists: { include: ['lst_1'], exclude: [], saved: 'without_list' }, duplicates: { exclude_exported: true } },
      ctx(),
    );
    expect(s.text).toContain(
      'p.id IN (SELECT m.person_id FROM people_list_members m WHERE m.list_id = ANY($1::text[]))',
    );
    expect(s.text).toContain('s.workspace_id = (SELECT $2::text)');
    expect(s.text).toContain('m.workspace_id = (SELECT $2::text)');
    expect(s.text).toContain('e.workspace_id = (SELECT $2::text)');
    // A stale estimate of a workspace set can make a join of it quadratic: every set is IN or NOT IN, never a join.
    expect(s.text).not.toMatch(/NOT EXISTS|JOIN saved_people|JOIN people_list_members|JOIN exported_people/);
    expect(s.values.slice(0, 2)).toEqual([['lst_1'], 'ws_1']);
    expectWellFormed(s);
  });

  it('looks the people of the one small set the filters select from up by id, as an array built first', () => {
    const filters = { lists: { include: ['lst_1'], exclude: [], saved: 'any' as const } };
    const saved = countStatement(filters, ctx({ resolved: { probedSets: { saved: true, lists: false } } }));
    expect(saved.text).toContain(
      'p.id = ANY(ARRAY(SELECT s.person_id FROM saved_people s WHERE s.workspace_id = (SELECT $2::text)))',
    );
    expect(saved.text).toContain('p.id IN (SELECT m.person_id FROM people_list_members m');
    const listed = countStatement(filters, ctx({ resolved: { probedSets: { saved: false, lists: true } } }));
    expect(listed.text).toContain(
      'p.id = ANY(ARRAY(SELECT m.person_id FROM people_list_members m WHERE m.list_id = ANY($1::text[])))',
    );
    expect(listed.text).toContain('p.id IN (SELECT s.person_id FROM saved_people s');
    expectWellFormed(saved);
    expectWellFormed(listed);
    // Excluded sets stay hashed NOT IN, whatever their size.
    const without = countStatement(
      { lists: { include: [], exclude: [], saved: 'without_list' } },
      ctx({ resolved: { probedSets: { saved: true, lists: false } } }),
    );
    expect(without.text).toContain('p.id = ANY(ARRAY(SELECT s.person_id FROM saved_people s');
    expect(without.text).toContain('p.id NOT IN (SELECT m.person_id FROM people_list_members m JOIN lists l');
  });

  it("counts only the people of the workspace's sets an exclude_exported, saved-none or lists.exclude count subtracts", () => {
    const s = countStatement({ person_seniority: ie(['VP']) }, ctx({ onlyWorkspaces: { exported: true } }));
    expect(s.text).toContain(
      'p.id IN (SELECT e.person_id FROM exported_people e WHERE e.workspace_id = (SELECT $2::text))',
    );
    expect(s.text).not.toContain('NOT IN (SELECT e.person_id');
    expectWellFormed(s);
    const saved = countStatement({ person_seniority: ie(['VP']) }, ctx({ onlyWorkspaces: { saved: true } }));
    expect(saved.text).toContain(
      'p.id IN (SELECT s.person_id FROM saved_people s WHERE s.workspace_id = (SELECT $2::text))',
    );
    expectWellFormed(saved);
    const all = countStatement(
      { person_seniority: ie(['VP']) },
      ctx({ onlyWorkspaces: { exported: true, saved: true, lists: ['lst_1', 'lst_2'] } }),
    );
    expect(all.text).toContain(
      'p.id IN (SELECT e.person_id FROM exported_people e WHERE e.workspace_id = (SELECT $2::text) UNION ALL ' +
        'SELECT s.person_id FROM saved_people s WHERE s.workspace_id = (SELECT $2::text) UNION ALL ' +
        'SELECT m.person_id FROM people_list_members m WHERE m.list_id = ANY($3::text[]))',
    );
    expect(all.values.slice(1)).toEqual(['ws_1', ['lst_1', 'lst_2']]);
    // No set: nobody.
    expect(countStatement({}, ctx({ onlyWorkspaces: { lists: [] } })).text).toContain('WHERE (false)');
    expect(workspaceSetCountStatement({}, ctx({ onlyWorkspaces: {} }))?.text).toBe('SELECT 0::bigint AS matched');
    expectWellFormed(all);
  });

  it("leaves out the caller's exclude_ids", () => {
    const s = countStatement({}, ctx({ excludeIds: ['a'.repeat(24)] }));
    expect(s.text).toContain('NOT (p.id = ANY($1::bpchar[]))');
  });
});

describe('estimated counts', () => {
  const filters: PeopleFilters = { person_seniority: ie(['VP']) };

  it("asks PostgreSQL's plan for the matches of the same WHERE clause as the count, without running it", () => {
    const estimate = matchEstimateStatement(filters, ctx());
    const count = countStatement(filters, ctx());
    expect(estimate.text).toBe(`EXPLAIN (FORMAT JSON) SELECT 1 FROM people p WHERE ${count.text.split(' WHERE ')[1]}`);
    expect(estimate.values).toEqual(count.values);
  });

  it('counts the same WHERE clause over a repeatable sample of the people pages, the share a parameter', () => {
    const sampled = sampledCountStatement(filters, ctx(), 0.5);
    expect(sampled.text).toBe(
      'SELECT count(*)::bigint AS matched FROM people p TABLESAMPLE SYSTEM ($1::float4) REPEATABLE (0) WHERE (p.seniority = ANY($2::text[]))',
    );
    expect(sampled.values).toEqual([0.5, ['VP']]);
    expectWellFormed(sampled);
  });

  it('samples enough pages to expect SAMPLED_MATCHES matches, between 0.01 % and every page', () => {
    expect(samplePercent(1_000_000)).toBeCloseTo((100 * SAMPLED_MATCHES) / 1_000_000);
    expect(samplePercent(10_000_000)).toBeCloseTo((100 * SAMPLED_MATCHES) / 10_000_000);
    expect(samplePercent(10_000_000_000)).toBe(0.01);
    expect(samplePercent(SAMPLED_MATCHES / 2)).toBe(100);
    expect(samplePercent(0)).toBe(100);
  });
});

describe('order', () => {
  it("uses each key's default direction, or the one asked for, then followers and id", () => {
    expect(pageStatement({ sort_by: 'person_last_name' }, ctx(), page).text).toContain(
      'ORDER BY lower(p.last_name) ASC NULLS LAST, p.followers DESC, p.id ASC',
    );
    expect(pageStatement({ sort_by: 'person_last_name', sort_direction: 'desc' }, ctx(), page).text).toContain(
      'ORDER BY lower(p.last_name) DESC NULLS LAST',
    );
    const bySize = pageStatement({ sort_by: 'company_employee_count' }, ctx(), page).text;
    expect(bySize).not.toContain('JOIN');
    expect(bySize).toContain('ORDER BY p.company_employee_count DESC NULLS LAST, p.followers DESC');
    const byName = pageStatement({ sort_by: 'company_name' }, ctx(), page).text;
    expect(byName).toContain('LEFT JOIN companies sc ON sc.id = p.company_id');
    expect(byName).toContain('ORDER BY lower(sc.name) ASC NULLS LAST, p.followers DESC');
  });

  it('keeps the default order when the sort does not apply', () => {
    expect(pageStatement({ sort_by: 'person_last_name' }, ctx(), { ...page, applySort: false }).text).toContain(
      'ORDER BY p.followers DESC',
    );
  });

  it("sorts saved people by the workspace's own save time", () => {
    const s = pageStatement({ sort_by: 'person_saved_at' }, ctx(), page);
    expect(s.text).toContain(
      'LEFT JOIN saved_people ss ON ss.workspace_id = (SELECT $1::text) AND ss.person_id = p.id',
    );
    expect(s.values[0]).toBe('ws_1');
    expectWellFormed(s);
  });

  it('keeps URL order with person.pro_network_url', () => {
    const s = pageStatement(
      {
        person: { pro_network_url: ['https://www.pronet.example/in/b/', 'pronet.example/in/a'] },
        sort_by: 'person_last_name',
      },
      ctx(),
      page,
    );
    expect(s.text).toContain('ORDER BY array_position(');
    expect(s.values).toContainEqual(['pronet.example/in/b', 'pronet.example/in/a']);
  });

  it('gives every sort key a readable default direction', () => {
    expect(Object.keys(SORTS)).toHaveLength(15);
    expect(SORTS.person_seniority.direction).toBe('desc');
  });
});

describe('max_person_per_company', () => {
  it('ranks colleagues per company, valid email first when exact, then the sort', () => {
    const s = pageStatement({ max_person_per_company: 2 }, ctx(), {
      ...page,
      cap: { perCompany: 2, preferValidEmail: true },
    });
    expect(s.text).toContain(
      "PARTITION BY COALESCE(p.company_id, p.id) ORDER BY COALESCE(p.best_email_status = 'valid', false) DESC, p.followers DESC",
    );
    expect(s.text).toContain('x.company_rank <= $3::int');
    expectWellFormed(s);
    const loose = pageStatement({ max_person_per_company: 2 }, ctx(), {
      ...page,
      cap: { perCompany: 2, preferValidEmail: false },
    });
    expect(loose.text).not.toContain("best_email_status = 'valid'");
  });

  it('walks the default order and counts colleagues ahead when a valid email does not win slots', () => {
    const filters = { person_seniority: ie(['VP']), max_person_per_company: 1 };
    const s = pageStatement(filters, ctx(), { ...page, cap: { perCompany: 1, preferValidEmail: false } });
    expect(s.label).toBe('capped page (walk)');
    expect(s.text).toContain('p.company_id = o.company_id AND p.followers >= o.followers');
    expect(s.text).toContain('ORDER BY o.followers DESC, o.id ASC');
    // The filters, with the same parameters, select both the walk and the colleagues.
    expect(s.text.split('p.seniority = ANY($1::text[])').length - 1).toBe(2);
    expectWellFormed(s);
    // A sort that applies, or the valid-email preference, keeps the window function.
    const sorted = pageStatement({ ...filters, sort_by: 'person_last_name' }, ctx(), {
      ...page,
      cap: { perCompany: 1, preferValidEmail: false },
    });
    expect(sorted.text).toContain('PARTITION BY COALESCE(p.company_id, p.id)');
    const exact = pageStatement(filters, ctx(), { ...page, cap: { perCompany: 1, preferValidEmail: true } });
    expect(exact.text).toContain('PARTITION BY COALESCE(p.company_id, p.id)');
  });

  it('counts before and after the cap in one pass', () => {
    const s = cappedCountStatement({ person_seniority: ie(['VP']) }, ctx(), 3);
    expect(s.text).toContain('sum(least(g.n, $2::int))');
    expect(s.text).toContain('GROUP BY COALESCE(p.company_id, p.id)');
    expectWellFormed(s);
  });
});

describe('unordered selections', () => {
  it('leave out ORDER BY and the sort joins, keeping the limit', () => {
    const s = pageStatement({ sort_by: 'company_name' }, ctx(), {
      limit: 1_000_001,
      offset: 0,
      applySort: true,
      unordered: true,
    });
    expect(s.text).toBe('SELECT p.id FROM people p WHERE true LIMIT $1::int OFFSET $2::int');
    expect(s.values).toEqual([1_000_001, 0]);
  });

  it('an unordered page reads no value of the order it leaves out (URL order, the saves join): each one was a 500', () => {
    const urls: PeopleFilters = { person: { pro_network_url: ['https://pronet.example/in/ada'] } };
    const savedSort: PeopleFilters = { sort_by: 'person_saved_at' };
    for (const filters of [urls, savedSort, { ...savedSort, sort_direction: 'asc' as const }]) {
      const unordered = pageStatement(filters, ctx(), { ...page, unordered: true });
      expect(unordered.text).not.toMatch(/ORDER BY|saved_people ss/);
      expectWellFormed(unordered);
      expectWellFormed(pageStatement(filters, ctx(), page));
    }
    expect(pageStatement(urls, ctx(), { ...page, unordered: true }).values).toEqual([
      ['pronet.example/in/ada'],
      25,
      50,
    ]);
    // The cap needs an order to rank colleagues: an unordered capped page is still ordered.
    expect(
      pageStatement({ ...savedSort, max_person_per_company: 1 }, ctx(), {
        ...page,
        unordered: true,
        cap: { perCompany: 1, preferValidEmail: true },
      }).text,
    ).toContain('ORDER BY');
  });
});

describe('workspaceSetCountStatement', () => {
  const lists = (over: Partial<NonNullable<PeopleFilters['lists']>>) => ({ include: [], exclude: [], ...over });

  it("counts list members, or saved or exported people, from the workspace's own rows when nothing else filters", () => {
    const members = workspaceSetCountStatement(
      { lists: lists({ include: ['l1', 'l2'] }), sort_by: 'person_last_name' },
      ctx(),
    );
    expect(members?.text).toBe(
      'SELECT count(DISTINCT m.person_id)::bigint AS matched FROM people_list_members m WHERE m.list_id = ANY($1::text[])',
    );
    expect(members?.values).toEqual([['l1', 'l2']]);
    expect(workspaceSetCountStatement({ lists: lists({ saved: 'any' }) }, ctx())?.text).toContain(
      'FROM saved_people s WHERE s.workspace_id = (SELECT $1::text)',
    );
    expect(workspaceSetCountStatement({}, ctx({ onlyWorkspaces: { saved: true } }))?.values).toEqual(['ws_1']);
    expect(workspaceSetCountStatement({}, ctx({ onlyWorkspaces: { exported: true } }))?.text).toContain(
      'FROM exported_people e',
    );
    // Several sets: each person once (UNION), however many sets hold them.
    const several = workspaceSetCountStatement({}, ctx({ onlyWorkspaces: { saved: true, lists: ['l1'] } }));
    expect(several?.text).toBe(
      'SELECT count(*)::bigint AS matched FROM (SELECT s.person_id FROM saved_people s WHERE s.workspace_id = ' +
        '(SELECT $1::text) UNION SELECT m.person_id FROM people_list_members m WHERE m.list_id = ANY($2::text[])) u',
    );
    expect(several?.values).toEqual(['ws_1', ['l1']]);
  });

  it('leaves every other filter set to the full count', () => {
    expect(workspaceSetCountStatement({}, ctx())).toBeNull();
    expect(
      workspaceSetCountStatement(
        { lists: lists({ include: ['l1'] }), person_seniority: { include: ['VP'], exclude: [] } },
        ctx(),
      ),
    ).toBeNull();
    expect(workspaceSetCountStatement({ lists: lists({ include: ['l1'] }) }, ctx({ excludeIds: ['p1'] }))).toBeNull();
    expect(workspaceSetCountStatement({ lists: lists({ include: ['l1'], exclude: ['l2'] }) }, ctx())).toBeNull();
    expect(workspaceSetCountStatement({ lists: lists({ include: ['l1'], saved: 'any' }) }, ctx())).toBeNull();
    expect(
      workspaceSetCountStatement({ lists: lists({ saved: 'any', saved_at: { from: '2026-01-01' } }) }, ctx()),
    ).toBeNull();
    expect(workspaceSetCountStatement({ lists: lists({ saved: 'none' }) }, ctx())).toBeNull();
    expect(
      workspaceSetCountStatement({ lists: lists({ include: ['l1'] }) }, ctx({ onlyWorkspaces: { saved: true } })),
    ).toBeNull();
  });
});

describe('every statement of any filter set reads each of its values through a cast (property)', () => {
  const hex = (prefix: string, n: number) => prefix + String(n).padStart(22, '0');
  const vocabulary: FilterVocabulary = {
    personIds: [hex('5e', 1), hex('5e', 2)],
    names: ['Ada Lovelace', 'Kovač'],
    proNetworkUrls: ['https://pronet.example/in/ada-01', 'pronet.example/in/bob-02/'],
    titles: ['Sales VP', 'Software Engineer'],
    companyIds: [hex('5c', 1)],
    companyNames: ['Globex', 'Acme Analytics'],
    domains: ['globex.com'],
    proNetworkIds: [1001],
    naics: [511210],
    locations: ['Austin, Texas, United States', 'Germany'],
    keywords: ['enterprise software'],
    industries: ['Banking'],
    lists: ['lst_1', 'lst_2'],
    savedAround: ['2026-11-20T10:00:00Z'],
  };
  // What the database would have resolved: some keys and company ids, or none.
  const resolvedArb = fc.record({
    personLocation: fc.record({ include: fc.subarray(['c:us', 't:us:austin']), exclude: fc.subarray(['c:de']) }),
    companyLocation: fc.record({ include: fc.subarray(['c:us']), exclude: fc.subarray(['c:fr', 'c:gb']) }),
    keywordCompanyIds: fc.subarray([hex('5c', 1), hex('5c', 2)]),
    nameContainsCompanyIds: fc.subarray([hex('5c', 3)]),
  });
  const frameArb = fc.record({
    resolved: resolvedArb,
    excludeIds: fc.option(fc.subarray([hex('5e', 3), hex('5e', 4)], { minLength: 1 }), { nil: undefined }),
    onlyWorkspaces: fc.option(
      fc.record({ exported: fc.boolean(), saved: fc.boolean(), lists: fc.subarray(['lst_1', 'lst_2']) }),
      { nil: undefined },
    ),
    options: fc.record({
      limit: fc.integer({ min: 1, max: 25_001 }),
      offset: fc.nat(100),
      applySort: fc.boolean(),
      unordered: fc.boolean(),
    }),
    cap: fc.option(fc.record({ perCompany: fc.integer({ min: 1, max: 100 }), preferValidEmail: fc.boolean() }), {
      nil: undefined,
    }),
  });

  it('holds for 3,000 random filter sets over the whole vocabulary, each compiled into every statement kind', () => {
    let compiled = 0;
    fc.assert(
      fc.property(peopleFiltersArb(vocabulary), frameArb, (raw, frame) => {
        let filters: PeopleFilters;
        try {
          filters = parsePeopleFilters(raw);
        } catch (error) {
          if (error instanceof FilterValidationError) return; // the API answers 400 before compiling
          throw error;
        }
        const c = ctx({ resolved: frame.resolved, excludeIds: frame.excludeIds, onlyWorkspaces: frame.onlyWorkspaces });
        const statements = [
          countStatement(filters, c),
          matchEstimateStatement(filters, c),
          sampledCountStatement(filters, c, 0.5),
          workspaceSetCountStatement(filters, c),
          cappedCountStatement(filters, c, frame.cap?.perCompany ?? 1),
          pageStatement(filters, c, { ...frame.options, cap: frame.cap }),
          pageStatement(filters, c, { ...frame.options, cap: undefined }),
        ];
        for (const s of statements) if (s) expectWellFormed(s);
        compiled++;
      }),
      { seed: 20261125, numRuns: 3000 },
    );
    // Most objects are valid: the property is about compiled SQL, not about refusals.
    expect(compiled).toBeGreaterThan(1500);
  });
});

describe('sorted pages read group by group', () => {
  it('groups the matches by the sort key in result order, nulls last, with the sort join', () => {
    const byType = sortGroupsStatement({ sort_by: 'company_type' }, ctx());
    expect(byType.text).toContain('FROM people p LEFT JOIN companies sc ON sc.id = p.company_id');
    expect(byType.text).toMatch(
      /SELECT sc\.type AS value, count\(\*\)::bigint AS n .* GROUP BY 1 ORDER BY 1 ASC NULLS LAST$/s,
    );
    const bySeniority = sortGroupsStatement({ sort_by: 'person_seniority', sort_direction: 'asc' }, ctx());
    expect(bySeniority.text).toMatch(/ORDER BY 1 ASC NULLS LAST$/);
    expect(sortGroupsStatement({ sort_by: 'company_founded' }, ctx()).text).toMatch(/ORDER BY 1 DESC NULLS LAST$/);
    expectWellFormed(byType);
  });

  it('reads one group in the default order, by its value or as the nulls, walked or gathered first', () => {
    const filters: PeopleFilters = { sort_by: 'company_type', person_seniority: ie(['VP']) };
    const walked = pageStatement(filters, ctx(), { ...page, group: { value: 'Privately Held', gather: false } });
    // A facet with a code column is selected by the code (companies_industry_code_idx carries it).
    expect(walked.text).toMatch(
      /AND sc\.type_code = \$2::int2 ORDER BY p\.followers DESC, p\.id ASC\s+LIMIT \$3::int OFFSET \$4::int$/,
    );
    expect(walked.values).toEqual([['VP'], companyFacetCodes('type', ['Privately Held'])[0], 25, 50]);
    for (const [sort_by, facet, value] of [
      ['company_industry', 'industry', 'Software Development'],
      ['company_business_type', 'business_type', 'B2C'],
      ['company_revenue_stream', 'revenue_stream', 'Unknown'],
    ] as const) {
      const coded = pageStatement({ sort_by }, ctx(), { ...page, group: { value, gather: false } });
      expect(coded.text).toContain(`WHERE true AND sc.${facet}_code = $1::int2 ORDER BY`);
      expect(coded.values[0]).toBe(companyFacetCodes(facet, [value])[0]);
      expect(coded.values[0]).toBeGreaterThan(0);
    }
    // A stored value outside the vocabulary (code 0 for all of them) is compared as text.
    const outside = pageStatement(filters, ctx(), { ...page, group: { value: 'Cooperative', gather: false } });
    expect(outside.text).toContain('AND sc.type = $2::text ORDER BY');
    expect(outside.values[1]).toBe('Cooperative');
    const nulls = pageStatement(filters, ctx(), { ...page, group: { value: null, gather: false } });
    expect(nulls.text).toContain('AND sc.type IS NULL ORDER BY');
    expectWellFormed(nulls);
    const gathered = pageStatement(filters, ctx(), { ...page, group: { value: 'Nonprofit', gather: true } });
    expect(gathered.text).toMatch(
      /^WITH m AS MATERIALIZED \(SELECT p\.followers AS s0, p\.id AS s1 FROM people p LEFT JOIN companies sc/,
    );
    expect(gathered.text).toContain('ORDER BY m.s0 DESC, m.s1 ASC LIMIT');
    expectWellFormed(gathered);
    const seniority = pageStatement({ sort_by: 'person_seniority' }, ctx(), {
      ...page,
      group: { value: 4, gather: false },
    });
    // A group of a computed key is selected by its column, which the column's index and statistics serve.
    expect(seniority.text).toContain('WHERE true AND p.seniority = $1::text ORDER BY p.followers DESC');
    expect(seniority.values[0]).toBe('Manager');
    const ranked = SENIORITIES.map((_, i) =>
      pageStatement({ sort_by: 'person_seniority' }, ctx(), { ...page, group: { value: i + 1, gather: false } }),
    );
    expect(ranked.map((s) => s.values[0])).toEqual([...SENIORITIES].reverse());
    const seniorityNulls = pageStatement({ sort_by: 'person_seniority' }, ctx(), {
      ...page,
      group: { value: null, gather: false },
    });
    expect(seniorityNulls.text).toContain('p.seniority) IS NULL ORDER BY');
    const byEmail = (value: boolean) =>
      pageStatement({ sort_by: 'person_email_available' }, ctx(), { ...page, group: { value, gather: false } }).text;
    expect(byEmail(true)).toContain(`AND p.best_email_status = 'valid' ORDER BY`);
    expect(byEmail(false)).toContain(`AND p.best_email_status IS DISTINCT FROM 'valid' ORDER BY`);
  });

  it('reads a sort by save time as the saved people in save order, then the others in the default order', () => {
    const bySave = { sort_by: 'person_saved_at', sort_direction: 'asc' } as const;
    const groups = sortGroupsStatement(bySave, ctx());
    expect(groups.text).toMatch(/SELECT \(ss\.saved_at IS NOT NULL\) AS value, .* GROUP BY 1 ORDER BY 1 DESC$/s);
    const saved = pageStatement(bySave, ctx(), { ...page, group: { value: true, gather: true } });
    expect(saved.text).toContain(
      'AND ss.saved_at IS NOT NULL ORDER BY ss.saved_at ASC NULLS LAST, p.followers DESC, p.id ASC LIMIT',
    );
    expect(saved.text).not.toContain('MATERIALIZED'); // the saves are walked in save order, never regathered
    const others = pageStatement(bySave, ctx(), { ...page, group: { value: false, gather: false } });
    expect(others.text).toContain('AND ss.saved_at IS NULL ORDER BY p.followers DESC, p.id ASC');
    expectWellFormed(saved);
    expectWellFormed(others);
  });

  it('applies to the keys with few values only, and never to a search by profile URL', () => {
    expect(sortsByGroups({ sort_by: 'company_industry' })).toBe(true);
    expect(sortsByGroups({ sort_by: 'person_email_available' })).toBe(true);
    expect(sortsByGroups({ sort_by: 'person_saved_at' })).toBe(true);
    for (const key of ['company_name', 'person_first_name', 'person_job_title', 'company_employee_count'] as const)
      expect(sortsByGroups({ sort_by: key })).toBe(false);
    expect(sortsByGroups({})).toBe(false);
    expect(sortsByGroups({ sort_by: 'company_type', person: { pro_network_url: ['https://example.com/in/x'] } })).toBe(
      false,
    );
  });
});
