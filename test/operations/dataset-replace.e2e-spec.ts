import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventually } from '../support/http';
import { ROOT } from '../support/processes';
import { workspaceHarness } from '../support/stack';

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(180_000);

/**
 * A replacing load (docs/dataset.md "Replace or upsert") fills `*_next` tables beside the live ones and switches
 * in one transaction: searches answer from the old data until then, a killed or failed load leaves the old data
 * with all its indexes, and the next load drops what a killed one left.
 */
describe('dataset load that replaces the data set', () => {
  const harness = workspaceHarness();
  const dir = mkdtempSync(join(tmpdir(), 'pws-replace-'));
  const hold = join(dir, 'hold');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const generate = (seed: string, people: number, extra: string[] = []) => [
    'dataset:generate',
    '--people',
    String(people),
    '--companies',
    '30',
    '--seed',
    seed,
    '--as-of',
    '2026-11-15',
    ...extra,
  ];

  /** Starts the CLI without waiting for it; its stderr is collected as it comes. */
  function startCli(args: string[]): { child: ChildProcess; stderr: () => string; exit: Promise<number> } {
    const child = spawn(process.execPath, [resolve(ROOT, 'dist/apps/cli/src/main.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...harness.stack.env, DATASET_LOAD_HOLD_FILE: hold },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.resume();
    const exit = once(child, 'close').then(([code]) => (code as number | null) ?? -1);
    return { child, stderr: () => stderr, exit };
  }

  const totalCount = async () => {
    const res = await harness.ws.api.post('/v2/people/search', { filters: {}, page: 1, per_page: 25 });
    expect(res.status).toBe(200);
    return res.body.metadata.pagination.total_count as number;
  };

  /** Indexes, constraints (with their validity) and columns of the data set tables and the tables referring to them. */
  const schema = () =>
    harness.stack.db.query(`
      SELECT 'index' AS kind, tablename AS table, indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE schemaname = 'public' AND tablename IN ('companies', 'people', 'positions', 'person_emails')
      UNION ALL
      SELECT 'constraint', conrelid::regclass::text, conname, pg_get_constraintdef(oid) || ' ' || convalidated
        FROM pg_constraint WHERE conrelid::regclass::text IN ('companies', 'people', 'positions', 'person_emails')
          OR confrelid::regclass::text IN ('companies', 'people')
      UNION ALL
      SELECT 'column', table_name, column_name, concat_ws(' ', data_type, is_nullable, column_default, generation_expression)
        FROM information_schema.columns WHERE table_schema = 'public'
         AND table_name IN ('companies', 'people', 'positions', 'person_emails')
      ORDER BY 1, 2, 3`);

  const nextTables = async () =>
    (
      await harness.stack.db.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class WHERE relname ~ '_(next|old)$' AND relkind = 'r' ORDER BY 1`,
      )
    ).map((r) => r.name);

  let migrated: unknown[];
  let version: () => Promise<number>;

  beforeAll(() => {
    version = async () =>
      (await harness.stack.db.query<{ v: number }>(`SELECT version::int AS v FROM dataset_state`))[0].v;
  });

  it('a load into the empty data set replaces it: the tables end with exactly the indexes, constraints and columns the migrations made', async () => {
    migrated = await schema();
    const result = await harness.stack.cli(generate('old', 200, ['--timings', 'true']));
    expect(result.code).toBe(0);
    // --timings prints the phases; nothing else is said about a load that went well.
    expect(result.stderr).toMatch(/timing copy [\d.]+ s/);
    expect(result.stderr).toMatch(/timing switching to the new tables [\d.]+ s/);
    expect(await schema()).toEqual(migrated);
    expect(await totalCount()).toBe(200);
    expect(await nextTables()).toEqual([]);
  });

  it('searches answer from the old data until the switch; then the new data, a new total_count and a new data set version', async () => {
    // A saved person and company of the old data set: the replacement keeps them, so saves keep resolving.
    const [person] = await harness.stack.db.query<{ id: string; company_id: string }>(
      `SELECT id, company_id FROM people WHERE company_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    await harness.stack.db.query(`INSERT INTO saved_people (workspace_id, person_id) VALUES ($1, $2)`, [
      harness.ws.workspace_id,
      person.id,
    ]);
    await harness.stack.db.query(`INSERT INTO saved_companies (workspace_id, company_id) VALUES ($1, $2)`, [
      harness.ws.workspace_id,
      person.company_id,
    ]);
    const before = await version();
    writeFileSync(hold, '');
    const load = startCli(generate('new', 300, ['--replace', 'true']));
    await eventually(async () => load.stderr().includes('holding before the switch'), 60_000);
    // Everything is built beside the live tables, which still serve.
    expect(await nextTables()).toEqual(['companies_next', 'people_next', 'person_emails_next', 'positions_next']);
    expect(await totalCount()).toBe(200);
    expect(await version()).toBe(before);
    rmSync(hold);
    expect(await load.exit).toBe(0);
    expect(load.stderr()).toBe('dataset:generate: holding before the switch\n');
    // 300 new people and the saved one that the new files lack.
    expect(await totalCount()).toBe(301);
    expect(await version()).toBe(before + 1);
    expect(await nextTables()).toEqual([]);
    expect(await schema()).toEqual(migrated);
    const [kept] = await harness.stack.db.query<any>(
      `SELECT (SELECT count(*)::int FROM people WHERE id = $1) AS person, (SELECT count(*)::int FROM companies WHERE id = $2) AS company,
              (SELECT count(*)::int FROM positions WHERE person_id = $1) AS positions`,
      [person.id, person.company_id],
    );
    expect(kept).toMatchObject({ person: 1, company: 1 });
    expect(kept.positions).toBeGreaterThan(0);
    const res = await harness.ws.api.get(`/v2/companies/${person.company_id}`);
    expect(res.status).toBe(200);
    // Suggestions follow the switch: they count the new data set.
    const [suggested] = await harness.stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM search_suggestions WHERE type = 'company_name' AND company_id LIKE 'c0%'`,
    );
    expect(suggested.n).toBe(31);
  });

  it('a load killed before the switch leaves the old data serving with all its indexes; the next load drops its leftovers and succeeds', async () => {
    const indexes = await schema();
    const count = await totalCount();
    writeFileSync(hold, '');
    const load = startCli(generate('killed', 250, ['--replace', 'true']));
    await eventually(async () => load.stderr().includes('holding before the switch'), 60_000);
    load.child.kill('SIGKILL');
    await load.exit;
    rmSync(hold);
    expect(await schema()).toEqual(indexes);
    expect(await totalCount()).toBe(count);
    expect(await nextTables()).toEqual(['companies_next', 'people_next', 'person_emails_next', 'positions_next']);

    const next = await harness.stack.cli(generate('after', 120, ['--replace', 'true']));
    expect(next.code).toBe(0);
    expect(next.stderr).toBe(
      'dataset:generate: dropped companies_next, people_next, person_emails_next, positions_next left by a replacing load that did not finish\n',
    );
    expect(await nextTables()).toEqual([]);
    expect(await schema()).toEqual(migrated);
    expect(await totalCount()).toBe(121); // the saved person stays
  });

  it.each([
    ['while it builds the companies indexes (its tables not yet committed)', 'timing index companies_'],
    ['while it builds the people indexes (its tables committed)', 'timing index people_'],
  ])('a load killed %s leaves the old data serving; the next load succeeds', async (_when, line) => {
    const indexes = await schema();
    const count = await totalCount();
    // The hold file makes sure the kill lands before the switch even on a fast machine.
    writeFileSync(hold, '');
    const load = startCli(generate('killed', 250, ['--replace', 'true', '--timings', 'true']));
    await eventually(async () => load.stderr().includes(line), 60_000, 10);
    load.child.kill('SIGKILL');
    await load.exit;
    rmSync(hold);
    expect(await schema()).toEqual(indexes);
    expect(await totalCount()).toBe(count);

    const next = await harness.stack.cli(generate('after', 120, ['--replace', 'true']));
    expect(next.code).toBe(0);
    expect(next.stderr).toMatch(
      /^(dataset:generate: dropped [a-z_, ]+ left by a replacing load that did not finish\n)?$/,
    );
    expect(await nextTables()).toEqual([]);
    expect(await totalCount()).toBe(121);
  });

  it('a load that fails in the database says what failed in one line and leaves the old data serving', async () => {
    const indexes = await schema();
    const count = await totalCount();
    // A real database error half way: the name one of the new indexes needs is taken.
    await harness.stack.db.query(`CREATE TABLE blocker (t text); CREATE INDEX people_name_idx_next ON blocker (t)`);
    try {
      const failed = await harness.stack.cli(generate('failing', 150, ['--replace', 'true']));
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /^dataset:generate: failed building indexes: relation "people_name_idx_next" already exists; the previous data set is still serving\n$/,
      );
    } finally {
      await harness.stack.db.query(`DROP TABLE blocker`);
    }
    expect(await schema()).toEqual(indexes);
    expect(await totalCount()).toBe(count);
    expect(await nextTables()).toEqual([]);
  });

  it('a load into a data set that is not empty, without --replace, upserts in place (no new tables)', async () => {
    const count = await totalCount();
    writeFileSync(hold, '');
    try {
      // The hold file only matters to a replacing load: an upsert never waits on it.
      const result = await harness.stack.cli(generate('after', 120), { DATASET_LOAD_HOLD_FILE: hold });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
    } finally {
      rmSync(hold);
    }
    expect(await totalCount()).toBe(count);
    expect(await schema()).toEqual(migrated);
  });

  it('refuses --replace true with one file only, and a bad --maintenance-work-mem', async () => {
    const people = join(dir, 'people.ndjson');
    writeFileSync(people, '');
    const one = await harness.stack.cli(['dataset:import', '--people', people, '--replace', 'true']);
    expect(one.code).toBe(1);
    expect(one.stderr).toBe('dataset:import: --replace true needs both --companies F and --people F\n');
    const memory = await harness.stack.cli(generate('x', 1, ['--maintenance-work-mem', 'lots']));
    expect(memory.code).toBe(1);
    expect(memory.stderr).toBe(
      'dataset:generate: --maintenance-work-mem must be a size like 512MB or 1GB, got "lots"\n',
    );
  });
});
