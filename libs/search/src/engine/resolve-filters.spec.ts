import type { PeopleFilters } from '../filters/filter-types';
import { countStatement } from '../compile/compile-search';
import {
  COMPANY_SET_LIMIT,
  COMPANY_SET_MAX_COST,
  Queryable,
  RESOLUTION_LIMIT,
  resolveFilters,
} from './resolve-filters';

/**
 * A database whose company lookups answer `companies` ids (at most the statement's LIMIT) and plan `cost`,
 * recording the statements (not the plans).
 */
function fakeDb(companies: number, cost = 100) {
  const statements: string[] = [];
  return {
    statements,
    query: async (text: string) => {
      if (text.startsWith('EXPLAIN')) return { rows: [{ 'QUERY PLAN': [{ Plan: { 'Total Cost': cost } }] }] };
      statements.push(text);
      const limit = Number(/LIMIT (\d+)/.exec(text)?.[1] ?? companies);
      return { rows: Array.from({ length: Math.min(companies, limit) }, (_, i) => ({ id: `co_${i}` })) };
    },
  };
}

const keywords: PeopleFilters = {
  company_keywords: { include: ['cloud computing'], exclude: [], include_all: false, sources: ['specialties'] },
};
const nameContains: PeopleFilters = { company: { name: { include: ['acme'], exclude: [], match_mode: 'CONTAINS' } } };

describe('resolveFilters: companies of a keyword or CONTAINS-name filter', () => {
  it('answers their ids while they fit in a list', async () => {
    const db = fakeDb(3);
    expect((await resolveFilters(db, 'ws', keywords)).keywordCompanyIds).toEqual(['co_0', 'co_1', 'co_2']);
    expect((await resolveFilters(db, 'ws', nameContains)).nameContainsCompanyIds).toEqual(['co_0', 'co_1', 'co_2']);
    expect(db.statements[0]).toContain(`LIMIT ${RESOLUTION_LIMIT + 1}`);
  });

  it("answers 'broad' past RESOLUTION_LIMIT, for the compiler to write the condition in, rather than refusing the search", async () => {
    const db = fakeDb(RESOLUTION_LIMIT + 1);
    expect((await resolveFilters(db, 'ws', keywords)).keywordCompanyIds).toBe('broad');
    expect((await resolveFilters(db, 'ws', nameContains)).nameContainsCompanyIds).toBe('broad');
    const exactly = fakeDb(RESOLUTION_LIMIT);
    expect((await resolveFilters(exactly, 'ws', keywords)).keywordCompanyIds).toHaveLength(RESOLUTION_LIMIT);
  });
});

describe('resolveFilters: the companies all company filters select together', () => {
  const headcount: PeopleFilters = {
    company_headcount_range: ['10001+'],
    company_headcount_custom: { min: 15_000 },
    company_industry: { include: [], exclude: ['Banking'] },
  };
  const ctx = (resolved: Awaited<ReturnType<typeof resolveFilters>>) => ({
    workspaceId: 'ws',
    today: '2026-11-27',
    resolved,
  });

  it('answers their ids up to COMPANY_SET_LIMIT, every condition in one lookup, and people meet them as that list', async () => {
    const db = fakeDb(646);
    const resolved = await resolveFilters(db, 'ws', headcount);
    expect(resolved.companyIds).toHaveLength(646);
    expect(db.statements).toHaveLength(1);
    expect(db.statements[0]).toMatch(
      /^SELECT c\.id FROM companies c WHERE .*c\.employee_range_code = ANY.*c\.employee_count >= .*NOT .*c\.industry_code = ANY.* LIMIT 5001$/,
    );
    const count = countStatement(headcount, ctx(resolved));
    expect(count.text).toBe(
      'SELECT count(*)::bigint AS matched FROM people p WHERE (p.company_id = ANY($1::bpchar[]))',
    );
    expect(count.values).toEqual([resolved.companyIds]);
  });

  it('leaves more than COMPANY_SET_LIMIT companies to the company subquery', async () => {
    const resolved = await resolveFilters(fakeDb(COMPANY_SET_LIMIT + 1), 'ws', headcount);
    expect(resolved.companyIds).toBeUndefined();
    expect(countStatement(headcount, ctx(resolved)).text).toContain(
      'p.company_id IN (SELECT c.id FROM companies c WHERE',
    );
  });

  it('leaves a lookup PostgreSQL plans over COMPANY_SET_MAX_COST to the subquery, without running it', async () => {
    const db = fakeDb(646, COMPANY_SET_MAX_COST + 1);
    expect((await resolveFilters(db, 'ws', headcount)).companyIds).toBeUndefined();
    expect(db.statements).toHaveLength(0);
    expect((await resolveFilters(fakeDb(646, COMPANY_SET_MAX_COST), 'ws', headcount)).companyIds).toHaveLength(646);
  });

  it('looks nothing up for excludes alone (people without a company match them) or for id lists alone', async () => {
    const db = fakeDb(3);
    await resolveFilters(db, 'ws', { company_industry: { include: [], exclude: ['Banking'] } });
    await resolveFilters(db, 'ws', { company: { id: { include: ['c'.repeat(24)], exclude: [] } } });
    expect(db.statements).toHaveLength(0);
  });

  it('resolves the keyword companies first, then the set they make with the other filters', async () => {
    const db = fakeDb(3);
    const resolved = await resolveFilters(db, 'ws', {
      ...keywords,
      company_type: { include: ['Public Company'], exclude: [] },
    });
    expect(db.statements).toHaveLength(2);
    expect(db.statements[1]).toContain('c.id = ANY(');
    expect(resolved.companyIds).toEqual(['co_0', 'co_1', 'co_2']);
  });
});

describe('resolveFilters: the workspace set the filters select from, looked up by id when small', () => {
  /** Lists are live; the sizes query answers `most` (how large a set may be) and each set's size counted. */
  function setsDb(sizes: { most: number; saved: number | null; lists: number | null }) {
    const statements: string[] = [];
    const values: unknown[][] = [];
    const db: Queryable = {
      async query(text: string, given: unknown[] = []) {
        statements.push(text);
        values.push(given);
        if (text.startsWith('SELECT id FROM lists')) return { rows: (given[1] as string[]).map((id) => ({ id })) };
        const { most, saved, lists } = sizes;
        return { rows: [{ most: String(most), saved: saved && String(saved), lists: lists && String(lists) }] };
      },
    };
    return { db, statements, values };
  }
  const lists = (over: Partial<NonNullable<PeopleFilters['lists']>>): PeopleFilters => ({
    lists: { include: [], exclude: [], ...over },
  });

  it('probes the smaller set when it holds at most a hundredth of the people, and only that one', async () => {
    const both = lists({ include: ['lst_1'], saved: 'any' });
    const small = setsDb({ most: 100_000, saved: 50_500, lists: 100_001 });
    expect((await resolveFilters(small.db, 'ws', both)).probedSets).toEqual({ saved: true, lists: false });
    // Each set counted up to one more than the limit, never whole.
    expect(small.statements.find((t) => t.includes('AS most'))).toMatch(
      /LIMIT \(SELECT greatest\(1000, floor\(reltuples \* 0\.01\)\)::bigint FROM pg_class .*\) \+ 1\) x\)/s,
    );
    const listSmaller = setsDb({ most: 100_000, saved: 50_500, lists: 500 });
    expect((await resolveFilters(listSmaller.db, 'ws', both)).probedSets).toEqual({ saved: false, lists: true });
    const large = setsDb({ most: 100_000, saved: 100_001, lists: 100_001 });
    expect((await resolveFilters(large.db, 'ws', both)).probedSets).toEqual({ saved: false, lists: false });
    const withoutList = setsDb({ most: 100_000, saved: 7, lists: null });
    expect((await resolveFilters(withoutList.db, 'ws', lists({ saved: 'without_list' }))).probedSets).toEqual({
      saved: true,
      lists: false,
    });
    // Only the values the statement reads (PostgreSQL cannot type one it does not).
    expect(withoutList.values).toEqual([['ws']]);
  });

  it('asks nothing when the filters select from no set (excluded sets stay hashed)', async () => {
    const none = setsDb({ most: 100_000, saved: 1, lists: 1 });
    const resolved = await resolveFilters(none.db, 'ws', lists({ exclude: ['lst_1'], saved: 'none' }));
    expect(resolved.probedSets).toBeUndefined();
    expect(none.statements.some((t) => t.includes('AS most'))).toBe(false);
  });
});
