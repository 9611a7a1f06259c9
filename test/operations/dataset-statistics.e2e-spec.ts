import { join } from 'node:path';
import { COMPANY_ID_STATISTICS } from '../../libs/database/src/people/company-share';
import { generateSmallDataset } from '../support/dataset-records';
import { workspaceHarness } from '../support/stack';

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

/**
 * Every load tells the planner how many companies the people have (n_distinct of people.company_id),
 * which ANALYZE's sample underestimates nine times at 10M people, and keeps its list of the most common
 * companies short, which the planner reads once for every id of a search's company list
 * (libs/database/src/people/company-share.ts).
 */
describe('dataset loads: the people per company the planner reckons with', () => {
  const harness = workspaceHarness();

  const pinned = async () => {
    const [row] = await harness.stack.db.query<{
      option: string | null;
      stats: number | null;
      target: number;
      common: number;
      share: number;
    }>(
      `SELECT (SELECT o FROM pg_attribute, unnest(attoptions) o
                WHERE attrelid = 'public.people'::regclass AND attname = 'company_id' AND o LIKE 'n_distinct=%') AS option,
              (SELECT n_distinct FROM pg_stats WHERE schemaname = 'public' AND tablename = 'people'
                  AND attname = 'company_id')::float8 AS stats,
              (SELECT attstattarget FROM pg_attribute
                WHERE attrelid = 'public.people'::regclass AND attname = 'company_id')::int AS target,
              (SELECT coalesce(cardinality(most_common_vals::text::text[]), 0) FROM pg_stats
                WHERE schemaname = 'public' AND tablename = 'people' AND attname = 'company_id')::int AS common,
              (SELECT count(DISTINCT company_id)::float8 / count(*) FROM people) AS share`,
    );
    return row;
  };

  it('a replacing load and an upserting one both set it to the share of companies among the people rows', async () => {
    const dir = await generateSmallDataset(harness.stack, 'stats');
    const afterReplace = await pinned();
    expect(afterReplace.target).toBe(COMPANY_ID_STATISTICS);
    expect(afterReplace.common).toBeLessThanOrEqual(COMPANY_ID_STATISTICS);
    expect(afterReplace.share).toBeGreaterThan(0);
    expect(afterReplace.option).toBe(`n_distinct=${-afterReplace.share}`);
    expect(afterReplace.stats).toBeCloseTo(-afterReplace.share, 6);

    // An upserting load (the data set is not empty) sets it again.
    await harness.stack.db.query(
      `ALTER TABLE people ALTER COLUMN company_id RESET (n_distinct), ALTER COLUMN company_id SET STATISTICS -1`,
    );
    expect((await pinned()).option).toBeNull();
    const imported = await harness.stack.cli([
      'dataset:import',
      '--companies',
      join(dir, 'companies.ndjson'),
      '--people',
      join(dir, 'people.ndjson'),
    ]);
    expect(imported.code).toBe(0);
    const afterUpsert = await pinned();
    expect(afterUpsert.target).toBe(COMPANY_ID_STATISTICS);
    expect(afterUpsert.option).toBe(`n_distinct=${-afterUpsert.share}`);
    expect(afterUpsert.stats).toBeCloseTo(-afterUpsert.share, 6);

    // The planner's rows for one company's people follow it: about people ÷ companies.
    const [{ 'QUERY PLAN': plan }] = await harness.stack.db.query<{ 'QUERY PLAN': any }>(
      `EXPLAIN (FORMAT JSON) SELECT id FROM people WHERE company_id = (SELECT company_id FROM people LIMIT 1)`,
    );
    const [{ perCompany }] = await harness.stack.db.query<{ perCompany: number }>(
      `SELECT count(*)::float8 / count(DISTINCT company_id) AS "perCompany" FROM people WHERE company_id IS NOT NULL`,
    );
    expect(plan[0].Plan['Plan Rows']).toBeGreaterThan(perCompany / 2);
    expect(plan[0].Plan['Plan Rows']).toBeLessThan(perCompany * 2);
  });
});
