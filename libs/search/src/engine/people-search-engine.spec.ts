import { PeopleSearchEngine } from './people-search-engine';
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
