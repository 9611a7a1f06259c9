import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSmallDataset } from '../support/dataset-records';
import { workspaceHarness } from '../support/stack';

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

const digest = (dir: string) =>
  createHash('sha256')
    .update(readFileSync(join(dir, 'companies.ndjson')))
    .update(readFileSync(join(dir, 'people.ndjson')))
    .digest('hex');

describe('dataset:generate', () => {
  const harness = workspaceHarness();

  const generate = (seed: string, extra: string[] = []) => generateSmallDataset(harness.stack, seed, extra);

  it('gives identical files for the same seed and different ones for another seed', async () => {
    const first = digest(await generate('s1', ['--load', 'false']));
    expect(digest(await generate('s1', ['--load', 'false']))).toBe(first);
    expect(digest(await generate('s2', ['--load', 'false']))).not.toBe(first);
    expect(await harness.stack.db.query(`SELECT count(*)::int AS n FROM people`)).toEqual([{ n: 0 }]);
  });

  it('loads the data set it writes: the files import back with nothing rejected, every seniority and department present', async () => {
    const dir = await generate('s3');
    const [counts] = await harness.stack.db.query<any>(
      `SELECT (SELECT count(*) FROM people)::int AS people, (SELECT count(*) FROM companies)::int AS companies`,
    );
    expect(counts).toEqual({ people: 600, companies: 80 });
    const again = await harness.stack.cli([
      'dataset:import',
      '--companies',
      join(dir, 'companies.ndjson'),
      '--people',
      join(dir, 'people.ndjson'),
    ]);
    expect(again.json).toEqual({ companies: { imported: 80, rejected: 0 }, people: { imported: 600, rejected: 0 } });
    expect(again.stderr).toBe('');
    const seniorities = await harness.stack.db.query<{ seniority: string }>(
      `SELECT DISTINCT seniority FROM people ORDER BY 1`,
    );
    expect(seniorities).toHaveLength(10);
    const [departments] = await harness.stack.db.query<any>(
      `SELECT count(DISTINCT d)::int AS n FROM people, unnest(departments) d`,
    );
    expect(departments.n).toBe(13 + 146);
    const pageTypes = await harness.stack.db.query<{ page_type: string }>(
      `SELECT DISTINCT page_type FROM companies ORDER BY 1`,
    );
    expect(pageTypes.map((p) => p.page_type)).toEqual(['brand', 'link_only', 'main', 'regional', 'subsidiary']);
    const changes = await harness.stack.db.query<{ job_change: string }>(
      `SELECT DISTINCT job_change FROM people WHERE job_change IS NOT NULL ORDER BY 1`,
    );
    expect(changes.map((c) => c.job_change)).toEqual(['new_company', 'promotion']);
    const [company] = await harness.stack.db.query<{ id: string }>(
      `SELECT id FROM companies WHERE technologies <> '[]' LIMIT 1`,
    );
    const res = await harness.ws.api.get(`/v2/companies/${company.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.technologies[0].categories.length).toBeGreaterThan(0);
  });

  it('rebuilds the people walk indexes after a load that wrote at least a quarter of the people, not after a smaller one', async () => {
    // A rebuild gives an index a new file; its name stays.
    const indexFiles = async () =>
      Object.fromEntries(
        (
          await harness.stack.db.query<{ name: string; file: string }>(
            `SELECT c.relname AS name, c.relfilenode::text AS file FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
              WHERE i.indrelid = 'people'::regclass AND (c.relname LIKE '%sort_idx' OR c.relname = 'people_followers_idx')`,
          )
        ).map((r) => [r.name, r.file]),
      );
    const before = await indexFiles();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'people_followers_idx',
        'people_first_name_sort_idx',
        'people_last_name_sort_idx',
        'people_headcount_sort_idx',
      ]),
    );
    const dir = await generate('s4');
    const afterLarge = await indexFiles();
    expect(Object.keys(afterLarge).sort()).toEqual(Object.keys(before).sort());
    for (const name of Object.keys(before)) expect(afterLarge[name]).not.toBe(before[name]);

    const one = join(dir, 'one-person.ndjson');
    writeFileSync(one, readFileSync(join(dir, 'people.ndjson'), 'utf8').split('\n')[0] + '\n');
    const small = await harness.stack.cli(['dataset:import', '--people', one]);
    expect(small.json).toEqual({ companies: { imported: 0, rejected: 0 }, people: { imported: 1, rejected: 0 } });
    expect(await indexFiles()).toEqual(afterLarge);
  });

  it('refuses bad options with one line on stderr', async () => {
    const bad = await harness.stack.cli(['dataset:generate', '--people', 'ten', '--companies', '5']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('dataset:generate: --people must be a whole number from 0 to 50000000, got "ten"');
  });
});
