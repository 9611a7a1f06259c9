import { companyFacetCodes } from '@app/domain/enums/company-facet-codes';
import type { CountCache } from './count-cache';
import { PeopleSearchEngine, SearchEngineOptions } from './people-search-engine';
import type { Queryable } from './resolve-filters';

/**
 * A database that answers the statements of a count by their kind: PostgreSQL's plan (`planned`
 * rows), the sample (`seen` matches) and the exact count (`exact`); the page is empty.
 */
function scriptedDb(answers: { planned: number; seen?: number; exact: number }) {
  const ran: { text: string; values: unknown[] }[] = [];
  const db: Queryable = {
    async query(text: string, values: unknown[] = []) {
      ran.push({ text, values });
      if (text.startsWith('EXPLAIN')) return { rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': answers.planned } }] }] };
      if (text.includes('TABLESAMPLE')) return { rows: [{ matched: String(answers.seen ?? 0) }] };
      if (text.startsWith('SELECT count(*)')) return { rows: [{ matched: String(answers.exact) }] };
      return { rows: [] };
    },
  };
  return { db, ran, sampled: () => ran.filter((s) => s.text.includes('TABLESAMPLE')) };
}

const filters = { person_seniority: { include: ['VP'] } };
const request = { workspaceId: 'ws_1', page: 1, perPage: 25, today: '2026-11-27' };
const options = { estimateCountsAbove: 1_000_000 };

describe('PeopleSearchEngine counts over SEARCH_COUNT_ESTIMATE_ABOVE', () => {
  it('estimates a count PostgreSQL plans over the threshold from a sample sized to see 5,000 matches', async () => {
    const { db, sampled } = scriptedDb({ planned: 2_000_000, seen: 5_123, exact: 0 });
    const result = await new PeopleSearchEngine(db, undefined, options).search(filters, request);
    expect(sampled()[0].values[0]).toBeCloseTo(0.25); // 5,000 of 2,000,000 planned: a quarter of a percent
    expect(result).toMatchObject({ total: 2_000_000, totalIsEstimate: true }); // 5,123 / 0.25 % = 2,049,200
  });

  it('samples a plan up to 50 times under the threshold, and estimates when the sample finds the count over it', async () => {
    // PostgreSQL planned 30,000 where 2,226,005 matched (a company condition that goes with the seniority).
    const { db, sampled } = scriptedDb({ planned: 30_000, seen: 11_130, exact: 2_226_005 });
    const result = await new PeopleSearchEngine(db, undefined, options).search(filters, request);
    expect(sampled()[0].values[0]).toBeCloseTo(0.5); // sized for a count at the threshold
    expect(result).toMatchObject({ total: 2_200_000, totalIsEstimate: true });
  });

  it('counts exactly when the sample finds the count under the threshold', async () => {
    const { db, sampled } = scriptedDb({ planned: 30_000, seen: 1_000, exact: 199_123 });
    const result = await new PeopleSearchEngine(db, undefined, options).search(filters, request);
    expect(sampled()).toHaveLength(1);
    expect(result).toMatchObject({ total: 199_123, totalIsEstimate: false });
  });

  it('neither samples a plan more than 50 times under the threshold, nor plans at all with the threshold 0', async () => {
    const under = scriptedDb({ planned: 20_000, exact: 20_412 });
    expect(await new PeopleSearchEngine(under.db, undefined, options).search(filters, request)).toMatchObject({
      total: 20_412,
      totalIsEstimate: false,
    });
    expect(under.sampled()).toHaveLength(0);
    const off = scriptedDb({ planned: 5_000_000, exact: 5_012_345 });
    expect(await new PeopleSearchEngine(off.db).search(filters, request)).toMatchObject({
      total: 5_012_345,
      totalIsEstimate: false,
    });
    expect(off.ran.filter((s) => s.text.startsWith('EXPLAIN'))).toHaveLength(0);
  });

  it('answers the estimate as the count before the cap of a max_person_per_company search', async () => {
    const { db } = scriptedDb({ planned: 2_000_000, seen: 5_000, exact: 0 });
    const result = await new PeopleSearchEngine(db, undefined, options).search(
      { ...filters, max_person_per_company: 2 },
      request,
    );
    expect(result).toMatchObject({ total: 2_000_000, totalIsEstimate: true });
  });
});

describe('PeopleSearchEngine counts of filters that leave out workspace sets', () => {
  /**
   * Counts by statement: the cached rest, and the part of it in the workspace's sets; the list lookup answers
   * live; `bump()` is a change to the workspace's sets (what the triggers do to `search_sets_version`).
   */
  function partsDb(rest: number, part: number) {
    const ran: string[] = [];
    let setsVersion = 0;
    const db: Queryable = {
      async query(text: string, values: unknown[] = []) {
        ran.push(text);
        if (text.startsWith('SELECT id FROM lists')) return { rows: (values[1] as string[]).map((id) => ({ id })) };
        // Sets too large to look up by id (resolve-filters.ts).
        if (text.includes('AS most')) return { rows: [{ most: '10', saved: '11', lists: '11' }] };
        if (text.includes('search_sets_version'))
          return { rows: [{ version: `1.1.${String(values[0])}.${setsVersion}` }] };
        if (text.includes('dataset_state')) return { rows: [{ version: '1.1' }] };
        if (text.includes('least(g.n')) return { rows: [{ matched: '500', capped: '300' }] };
        if (text.startsWith('SELECT count(*)'))
          return { rows: [{ matched: String(text.includes('p.id IN (') ? part : rest) }] };
        return { rows: [] };
      },
    };
    const kept = new Map<string, string>();
    const cache = { get: async (k: string) => kept.get(k), set: async (k: string, v: string) => void kept.set(k, v) };
    return { db, ran, cache, kept, bump: () => void (setsVersion += 1) };
  }

  it('subtracts the people of every excluded set (exports, saves, lists) from the cached count of the rest', async () => {
    const { db, ran, cache, kept } = partsDb(10_000, 1_234);
    const engine = new PeopleSearchEngine(db, cache);
    const mixed = {
      ...filters,
      duplicates: { exclude_exported: true },
      lists: { saved: 'none', exclude: ['lst_a', 'lst_b'] },
    };
    expect(await engine.search(mixed, request)).toMatchObject({ total: 8_766, totalIsEstimate: false });
    const part = ran.find((t) => t.includes('p.id IN ('));
    expect(part).toMatch(/exported_people e .* UNION ALL .*saved_people s .* UNION ALL .*people_list_members m/);
    expect(part).not.toContain('NOT IN');
    // The rest is kept for every workspace, the whole under this workspace's sets version.
    // Each with the time counting took (`n@ms`).
    expect([...kept.values()].sort()).toEqual([
      expect.stringMatching(/^10000@\d+$/),
      expect.stringMatching(/^8766@\d+$/),
    ]);
  });

  it('counts a set the filters select from (lists.include, saved: any) whole, without a subtraction', async () => {
    const { db, ran, cache, kept } = partsDb(10_000, 1_234);
    const engine = new PeopleSearchEngine(db, cache);
    await engine.search({ ...filters, lists: { include: ['lst_a'], exclude: ['lst_b'] } }, request);
    await engine.search({ ...filters, lists: { saved: 'any' }, duplicates: { exclude_exported: true } }, request);
    expect(ran.filter((t) => t.startsWith('SELECT count(*)'))).toHaveLength(2);
    expect(kept.size).toBe(2);
  });

  it("keeps a count that follows the workspace's sets until they change, and apart for each workspace", async () => {
    const { db, ran, cache, bump } = partsDb(10_000, 1_234);
    const engine = new PeopleSearchEngine(db, cache);
    const saved = { ...filters, lists: { saved: 'any' } };
    const counts = () => ran.filter((t) => t.startsWith('SELECT count(*)')).length;
    await engine.search(saved, request);
    await engine.search({ ...saved, sort_by: 'person_last_name' }, { ...request, page: 2 });
    expect(counts()).toBe(1); // paging and sorting reuse it
    bump();
    await engine.search(saved, request);
    expect(counts()).toBe(2); // a save, list edit or export: counted again
    await engine.search(saved, { ...request, workspaceId: 'ws_2' });
    expect(counts()).toBe(3); // another workspace's saves are other people
  });

  it('answers a capped search past 25,000 matches from the plain count, split the same way, without grouping by company', async () => {
    const { db, ran, cache } = partsDb(970_000, 2_000);
    const capped = { ...filters, duplicates: { exclude_exported: true }, max_person_per_company: 1 };
    expect(await new PeopleSearchEngine(db, cache).search(capped, request)).toMatchObject({
      total: 970_000, // 968,000 rounded to two significant digits
      totalIsEstimate: true,
    });
    expect(ran.filter((t) => t.includes('least(g.n'))).toHaveLength(0);
    expect(ran.some((t) => t.includes('p.id IN (SELECT e.person_id FROM exported_people'))).toBe(true);
  });

  it('groups the matches by company for a capped search under 25,000 matches', async () => {
    const { db, ran, cache } = partsDb(10_000, 1_234);
    const capped = { ...filters, duplicates: { exclude_exported: true }, max_person_per_company: 1 };
    expect(await new PeopleSearchEngine(db, cache).search(capped, request)).toMatchObject({
      total: 300,
      totalIsEstimate: false,
    });
    expect(ran.filter((t) => t.includes('least(g.n'))).toHaveLength(1);
  });
});

describe('PeopleSearchEngine sorted pages read group by group', () => {
  /** Answers the count (the groups' sum), the sort key's groups and the people estimate; records each statement. */
  function groupsDb(groups: Array<[string | null, number]>, people = 1_000_000) {
    const ran: { text: string; values: unknown[] }[] = [];
    const db: Queryable = {
      async query(text: string, values: unknown[] = []) {
        ran.push({ text, values });
        if (text.startsWith('SELECT count(*)'))
          return { rows: [{ matched: String(groups.reduce((sum, [, n]) => sum + n, 0)) }] };
        if (text.includes('GROUP BY 1 ORDER BY 1'))
          return { rows: groups.map(([value, n]) => ({ value, n: String(n) })) };
        if (text.includes('reltuples')) return { rows: [{ n: String(people) }] };
        return { rows: [] };
      },
    };
    // A value of the company types is selected by its code, another one (Nonprofit) by its text.
    const pages = () => ran.filter((s) => /sc\.type(_code)? (=|IS NULL)/.test(s.text) && !s.text.includes('GROUP BY'));
    return { db, ran, pages };
  }
  const byType = { sort_by: 'company_type' };
  const PRIVATELY_HELD = companyFacetCodes('type', ['Privately Held'])[0];
  const from0 = { groupedSorts: { from: 0 } };

  it('reads the groups a page spans, each from the right offset', async () => {
    const { db, pages } = groupsDb([
      ['Nonprofit', 30_000],
      ['Privately Held', 100_000],
      [null, 20_000],
    ]);
    const engine = new PeopleSearchEngine(db);
    await engine.search(byType, { ...request, page: 1_201, perPage: 25 }); // offset 30,000: the second group's start
    expect(pages().map((s) => s.values)).toEqual([[PRIVATELY_HELD, 25, 0]]);
    const across = groupsDb([
      ['Nonprofit', 3_010],
      ['Privately Held', 100_000],
    ]);
    await new PeopleSearchEngine(across.db).search(byType, { ...request, page: 121, perPage: 25 }); // offset 3,000
    expect(across.pages().map((s) => s.values)).toEqual([
      ['Nonprofit', 10, 3_000],
      [PRIVATELY_HELD, 15, 0],
    ]);
  });

  it('reads the nulls last, and gathers a group too rare to walk', async () => {
    const { db, pages } = groupsDb([
      ['Nonprofit', 2_000],
      [null, 100],
    ]);
    await new PeopleSearchEngine(db).search(byType, { ...request, page: 81, perPage: 25 }); // offset 2,000
    const [nulls] = pages();
    expect(nulls.text).toContain('sc.type IS NULL');
    // 1,000,000 people / 100 in the group × 25 wanted: a walk would pass over 250,000 people.
    expect(nulls.text).toMatch(/^WITH m AS MATERIALIZED/);
    const dense = groupsDb([['Nonprofit', 400_000]]);
    await new PeopleSearchEngine(dense.db).search(byType, { ...request, page: 1, perPage: 25 });
    expect(dense.pages()[0].text).not.toContain('MATERIALIZED');
  });

  it('leaves a page over many small groups, few matches or a key with many values to the sorted statement', async () => {
    // 1,000 people: 150 matches are dense enough to walk (the rare ones are gathered, below).
    const many = groupsDb(
      Array.from({ length: 30 }, (_, i): [string, number] => [`type ${i}`, 5]),
      1_000,
    );
    await new PeopleSearchEngine(many.db, undefined, from0).search(byType, { ...request, page: 1, perPage: 25 });
    expect(many.pages()).toEqual([]);
    expect(many.ran.some((s) => s.text.includes('ORDER BY sc.type ASC NULLS LAST, p.followers DESC'))).toBe(true);
    const few = groupsDb([['Nonprofit', 1_999]]);
    await new PeopleSearchEngine(few.db).search(byType, request);
    expect(few.pages()).toEqual([]);
    expect(few.ran.some((s) => s.text.includes('ORDER BY sc.type ASC NULLS LAST, p.followers DESC'))).toBe(true);
    const names = groupsDb([['Acme', 100_000]]);
    await new PeopleSearchEngine(names.db).search({ sort_by: 'company_name' }, request);
    expect(names.ran.some((s) => s.text.includes('GROUP BY'))).toBe(false);
  });
});

describe('PeopleSearchEngine counts of sorts by a key with few values', () => {
  function countingDb(groups: Array<[string | null, number]>) {
    const ran: string[] = [];
    const db: Queryable = {
      async query(text: string) {
        ran.push(text);
        if (text.includes('least(g.n')) return { rows: [{ matched: '10', capped: '5' }] };
        if (text.startsWith('SELECT count(*)')) return { rows: [{ matched: '-1' }] };
        if (text.includes('GROUP BY 1 ORDER BY 1'))
          return { rows: groups.map(([value, n]) => ({ value, n: String(n) })) };
        if (text.includes('reltuples')) return { rows: [{ n: '1000000' }] };
        return { rows: [] };
      },
    };
    return {
      db,
      counts: () => ran.filter((t) => t.startsWith('SELECT count(*)')),
      groups: () => ran.filter((t) => t.includes('GROUP BY 1')),
    };
  }

  it('counts by the groups of the sort key, which the page then reads without a second statement', async () => {
    const { db, counts, groups } = countingDb([
      ['Nonprofit', 30_000],
      [null, 2_345],
    ]);
    const result = await new PeopleSearchEngine(db).search({ sort_by: 'company_type' }, request);
    expect(result).toMatchObject({ total: 32_345, totalIsEstimate: false });
    expect(counts()).toEqual([]);
    expect(groups()).toHaveLength(1);
  });

  it('counts apart a sort the sorted statement reads, a capped search, and every sort with grouped sorts off', async () => {
    const names = countingDb([['Acme', 10]]);
    expect((await new PeopleSearchEngine(names.db).search({ sort_by: 'company_name' }, request)).total).toBe(-1);
    expect(names.groups()).toEqual([]);
    const off = countingDb([['Nonprofit', 10]]);
    await new PeopleSearchEngine(off.db, undefined, { groupedSorts: false }).search(
      { sort_by: 'company_type' },
      request,
    );
    expect(off.groups()).toEqual([]);
    expect(off.counts()).toHaveLength(1);
    // A capped page reads no groups: its count before the cap is a plain count.
    const capped = countingDb([['Nonprofit', 10]]);
    await new PeopleSearchEngine(capped.db).search({ sort_by: 'company_type', max_person_per_company: 1 }, request);
    expect(capped.groups()).toEqual([]);
    expect(capped.counts()).toHaveLength(1);
  });
});

describe('PeopleSearchEngine pages past the last match', () => {
  it('answers a sorted or capped page past an exact count without looking for it', async () => {
    const ran: string[] = [];
    const db: Queryable = {
      async query(text: string) {
        ran.push(text);
        if (text.includes('least(g.n')) return { rows: [{ matched: '6', capped: '4' }] };
        if (text.startsWith('SELECT count(*)')) return { rows: [{ matched: '6' }] };
        return { rows: [{ id: 'should not be read' }] };
      },
    };
    const engine = new PeopleSearchEngine(db);
    const sorted = await engine.search({ sort_by: 'person_last_name' }, { ...request, page: 2, perPage: 25 });
    expect(sorted).toMatchObject({ ids: [], total: 6, totalIsEstimate: false });
    const capped = await engine.search({ max_person_per_company: 1 }, { ...request, page: 2, perPage: 4 });
    expect(capped).toMatchObject({ ids: [], total: 4, totalIsEstimate: false });
    expect(ran.filter((t) => t.includes('ORDER BY'))).toEqual([]);
    // The last page still reads its matches.
    expect((await engine.search({ sort_by: 'person_last_name' }, request)).ids).toEqual(['should not be read']);
  });
});

describe('PeopleSearchEngine pages of rare matches', () => {
  /**
   * Answers the exact count `matched`, taking `countMs` on the engine's clock, and the people estimate; records each
   * statement. `engine()` is an engine on it.
   */
  function rareDb(matched: number, people = 1_000_000, { countMs = 1_000 } = {}) {
    const ran: string[] = [];
    let now = 0;
    const db: Queryable = {
      async query(text: string) {
        ran.push(text);
        if (text.startsWith('SELECT count(*)')) {
          now += countMs;
          return { rows: [{ matched: String(matched) }] };
        }
        if (text.includes('reltuples')) return { rows: [{ n: String(people) }] };
        if (text.includes('FROM dataset_state')) return { rows: [{ version: 'db.1' }] };
        return { rows: [{ id: 'p_1' }] };
      },
    };
    const engine = (options: SearchEngineOptions = {}, counts?: CountCache) =>
      new PeopleSearchEngine(db, counts, { clock: () => now, ...options });
    return { db, ran, engine, pages: () => ran.filter((t) => t.includes('ORDER BY')) };
  }

  it('gathers the matches first when a walk would pass over more than 20,000 people and a twentieth of all for the page', async () => {
    // 1,000,000 people / 100 matches × 25 wanted: a walk of people_followers_idx would pass over 250,000.
    const rare = rareDb(100);
    expect((await rare.engine().search(filters, request)).ids).toEqual(['p_1']);
    expect(rare.pages()).toHaveLength(1);
    expect(rare.pages()[0]).toMatch(/^WITH m AS MATERIALIZED \(SELECT p\.followers AS s0, p\.id AS s1 FROM people p/);
    expect(rare.pages()[0]).toContain('ORDER BY m.s0 DESC, m.s1 ASC');
    // A sort index walked for rare matches is the same walk: gathered too, in the sort's order.
    const sorted = rareDb(100);
    await sorted.engine().search({ ...filters, sort_by: 'person_last_name' }, request);
    expect(sorted.pages()[0]).toMatch(/^WITH m AS MATERIALIZED \(SELECT lower\(p\.last_name\) AS s0/);
  });

  it('walks the index in order when matches are dense enough, and with walkRows Infinity', async () => {
    // 1,000,000 / 2,000 × 25 = 12,500 people passed over.
    const dense = rareDb(2_000);
    await dense.engine().search(filters, request);
    expect(dense.pages()).toEqual([
      expect.stringMatching(/^SELECT p\.id FROM people p WHERE .* ORDER BY p\.followers DESC/),
    ]);
    const walking = rareDb(100);
    await walking.engine({ walkRows: Infinity }).search(filters, request);
    expect(walking.pages()[0]).not.toContain('MATERIALIZED');
    // A deeper page wants more rows: page 11 of 100 (1,100 rows) at 2,000 matches passes over 550,000.
    const deep = rareDb(2_000);
    await deep.engine().search(filters, { ...request, page: 11, perPage: 100 });
    expect(deep.pages()[0]).toMatch(/^WITH m AS MATERIALIZED/);
    // 1,000 matches × 25 wanted pass over 25,000 people: over 20,000, but a walk of under a twentieth of the people
    // costs less than the worst gather (every person read in order); at 10M, 2,000 matches × 100 wanted (500,000).
    const short = rareDb(1_000);
    await short.engine().search(filters, request);
    expect(short.pages()[0]).not.toContain('MATERIALIZED');
    // (Counts slow enough that their time does not decide: next test.)
    const large = rareDb(2_000, 10_000_000, { countMs: 2_000 });
    await large.engine().search(filters, { ...request, perPage: 100 });
    expect(large.pages()[0]).not.toContain('MATERIALIZED');
    const rarer = rareDb(1_999, 10_000_000, { countMs: 2_000 });
    await rarer.engine().search(filters, { ...request, perPage: 100 });
    expect(rarer.pages()[0]).toMatch(/^WITH m AS MATERIALIZED/);
  });

  it('gathers a walk under a twentieth of the people when its count, timed, read the matches faster', async () => {
    // 1,000 matches × 25 wanted: a walk of 25,000 people at 3 µs each (75 ms) against a count of 10 ms (gathering
    // is reckoned at 1.25 times the count).
    const quick = rareDb(1_000, 1_000_000, { countMs: 10 });
    await quick.engine().search(filters, request);
    expect(quick.pages()[0]).toMatch(/^WITH m AS MATERIALIZED/);
    const slow = rareDb(1_000, 1_000_000, { countMs: 61 });
    await slow.engine().search(filters, request);
    expect(slow.pages()[0]).not.toContain('MATERIALIZED');
    // Within 20,000 people a walk stays, however quick the count: 2,000 matches × 25 pass over 12,500.
    const near = rareDb(2_000, 1_000_000, { countMs: 0 });
    await near.engine().search(filters, request);
    expect(near.pages()[0]).not.toContain('MATERIALIZED');
  });

  it('keeps the time a count took with it, so a page of a cached count decides the same', async () => {
    const kept = new Map<string, string>();
    const counts: CountCache = { get: async (k) => kept.get(k), set: async (k, v) => void kept.set(k, v) };
    const cached = rareDb(1_000, 1_000_000, { countMs: 10 });
    await cached.engine({}, counts).search(filters, request);
    await cached.engine({}, counts).search(filters, { ...request, page: 2 });
    expect(cached.ran.filter((t) => t.startsWith('SELECT count(*)'))).toHaveLength(1);
    expect([...kept.values()]).toEqual(['1000@10']);
    expect(cached.pages()).toEqual([
      expect.stringMatching(/^WITH m AS MATERIALIZED/),
      expect.stringMatching(/^WITH m AS MATERIALIZED/),
    ]);
  });

  it('answers a default-order page past an exact count, or of no match, without looking for it', async () => {
    const none = rareDb(0);
    expect(await none.engine().search(filters, request)).toMatchObject({ ids: [], total: 0 });
    const past = rareDb(25);
    expect(await past.engine().search(filters, { ...request, page: 2 })).toMatchObject({
      ids: [],
      total: 25,
    });
    expect([...none.pages(), ...past.pages()]).toEqual([]);
  });
});

describe('PeopleSearchEngine resolutions kept between pages', () => {
  /** A data set at `version` whose keyword phrase selects two companies; lists are all live. */
  function keywordDb() {
    const ran: string[] = [];
    let version = '1.1';
    const db: Queryable = {
      async query(text: string, values: unknown[] = []) {
        ran.push(text);
        if (text.startsWith('SELECT id FROM lists')) return { rows: (values[1] as string[]).map((id) => ({ id })) };
        if (text.includes('FROM dataset_state')) return { rows: [{ version }] };
        // The list is too large to look up by id (resolve-filters.ts).
        if (text.includes('AS most')) return { rows: [{ most: '10', saved: null, lists: '11' }] };
        if (text.includes('LIMIT 50001')) return { rows: [{ id: 'c1' }, { id: 'c2' }] };
        if (text.startsWith('SELECT count(*)')) return { rows: [{ matched: '40' }] };
        return { rows: [] };
      },
    };
    const lookups = () => ran.filter((t) => t.includes('LIMIT 50001')).length;
    return { db, ran, lookups, load: () => void (version = '1.2') };
  }
  const keyword = { company_keywords: { include: ['saas'] }, lists: { include: ['lst_a'] } };

  it('resolves the keyword companies once per data set version, and checks the lists on every page', async () => {
    const { db, ran, lookups, load } = keywordDb();
    const engine = new PeopleSearchEngine(db);
    await engine.search(keyword, request);
    await engine.search(keyword, { ...request, page: 2 });
    await engine.on(db).search({ ...keyword, sort_by: 'person_first_name' }, request);
    expect(lookups()).toBe(1);
    expect(ran.filter((t) => t.startsWith('SELECT id FROM lists'))).toHaveLength(3);
    // The companies still reach the page statement from the kept resolution.
    expect(ran.filter((t) => t.startsWith('SELECT count(*)')).every((t) => t.includes('company_id = ANY'))).toBe(true);
    load();
    await engine.search(keyword, request);
    expect(lookups()).toBe(2);
  });

  it('reads the data set version once a search, for its resolution and its count alike', async () => {
    const { db, ran, lookups } = keywordDb();
    const kept = new Map<string, string>();
    const counts: CountCache = { get: async (k) => kept.get(k), set: async (k, v) => void kept.set(k, v) };
    const engine = new PeopleSearchEngine(db, counts);
    const onlyKeyword = { company_keywords: { include: ['saas'] } };
    await engine.search(onlyKeyword, request);
    await engine.search(onlyKeyword, { ...request, page: 2 });
    expect(ran.filter((t) => t.includes('FROM dataset_state'))).toHaveLength(2);
    expect(lookups()).toBe(1);
    expect(ran.filter((t) => t.startsWith('SELECT count(*)'))).toHaveLength(1);
    expect([...kept.keys()]).toEqual([expect.stringMatching(/^search:count:v1\.1:/)]);
  });

  it('resolves every time without a data set state, and keeps nothing that failed to resolve', async () => {
    const { db, lookups } = keywordDb();
    const stateless: Queryable = {
      query: (text, values) =>
        text.includes('FROM dataset_state') ? Promise.resolve({ rows: [] }) : db.query(text, values),
    };
    const engine = new PeopleSearchEngine(stateless);
    await engine.search(keyword, request);
    await engine.search(keyword, request);
    expect(lookups()).toBe(2);
    const unknown = { person_location: { include: ['Nowhere, Atlantis'] } };
    const kept = new PeopleSearchEngine(db);
    await expect(kept.search(unknown, request)).rejects.toThrow(/none of the include locations/);
    await expect(kept.search(unknown, request)).rejects.toThrow(/none of the include locations/);
  });
});
