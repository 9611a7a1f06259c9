import { Pool } from 'pg';
import { SEARCH_SESSION_OPTIONS } from '../../apps/api/src/people/search-session';
import { PeopleSearchEngine } from '../../libs/search/src/engine/people-search-engine';
import { sortsByGroups } from '../../libs/search/src/compile/compile-search';
import { PeopleFilters, SORT_KEYS } from '../../libs/search/src/filters/filter-types';
import { planNodes } from '../support/query-plans';
import { loadMixVocabulary, searchMixes } from '../support/search-mixes';
import { workspaceHarness } from '../support/stack';

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(240_000);

const PEOPLE = 20_000;
const MIXES = Number(process.env.SEARCH_MIXES ?? 120);
const SEED = Number(process.env.SEARCH_MIXES_SEED ?? 20261126);
/**
 * The most buffers (8 KB pages, read or already cached) one statement of a search may touch, per person in the data
 * set. At this size every plan of the generator's mixes touches under 0.3 per person (a scan of people and the sets
 * it hashes); a plan that probes an index once per person touches 3 or more, and one that rescans a set per person (a
 * nested loop over saves or list members: the 503 of docs/people-search.md "Counts") hundreds.
 */
const BUFFERS_PER_PERSON = 2;

/**
 * Random filter mixes (test/support/search-mixes.ts, the generator `bench/people-search.mjs --mixes` runs at 1M and
 * 10M) on a small generated data set: every mix answers 200, and no statement of any of them falls off a plan cliff,
 * read as touching more than BUFFERS_PER_PERSON pages per person (EXPLAIN ANALYZE of the statements the engine runs).
 */
describe(`random people search mixes (${MIXES} from seed ${SEED}, ${PEOPLE} people)`, () => {
  const harness = workspaceHarness();
  let listIds: string[];

  beforeAll(async () => {
    const { stack, ws } = harness;
    const load = await stack.cli([
      'dataset:generate',
      '--people',
      String(PEOPLE),
      '--companies',
      '2000',
      '--seed',
      'mixes',
      '--as-of',
      '2026-11-01',
    ]);
    expect(load.code).toBe(0);
    listIds = [];
    for (const name of ['big', 'small']) {
      const created = await ws.api.post('/v2/lists', { name, type: 'people' });
      expect(created.status).toBe(201);
      listIds.push(created.body.data.id);
    }
    // As bench/people-search.mjs arranges its workspace: a fifth of the people saved, most of them in the big
    // list, a few in the small one, some exported.
    await stack.db.query(
      `CREATE TABLE mix_pick AS SELECT id, row_number() OVER (ORDER BY md5(id)) AS n FROM people ORDER BY md5(id) LIMIT $1`,
      [PEOPLE / 5],
    );
    await stack.db.query(
      `INSERT INTO saved_people (workspace_id, person_id, saved_at)
       SELECT $1, id, now() - (n % 365) * interval '1 day' FROM mix_pick`,
      [ws.workspace_id],
    );
    await stack.db.query(
      `INSERT INTO people_list_members (list_id, person_id, workspace_id)
       SELECT CASE WHEN n <= $3 THEN $1 ELSE $2 END, id, $4 FROM mix_pick`,
      [listIds[0], listIds[1], PEOPLE / 5 - 100, ws.workspace_id],
    );
    await stack.db.query(
      `INSERT INTO exported_people (workspace_id, person_id) SELECT $1, id FROM mix_pick WHERE n <= 500`,
      [ws.workspace_id],
    );
    await stack.db.query(`DROP TABLE mix_pick`);
    await stack.db.query(`ANALYZE saved_people, people_list_members, exported_people`);
  });

  it('answers every mix, and none touches more than a bounded number of pages per person', async () => {
    const { ws } = harness;
    const vocabulary = await loadMixVocabulary((sql) => harness.stack.db.query(sql), SORT_KEYS, listIds);
    expect(vocabulary.titleWords.length).toBeGreaterThan(20);
    expect(vocabulary.industries.length).toBeGreaterThan(5);
    // The API's search session settings, so the plans explained are the ones searches run.
    const pool = new Pool({ connectionString: harness.stack.db.url, max: 2, options: SEARCH_SESSION_OPTIONS });
    const engine = new PeopleSearchEngine(pool);
    const bound = BUFFERS_PER_PERSON * PEOPLE;
    const failures: string[] = [];
    let matchedSomebody = 0;
    let mostBuffers = 0;
    for (const [index, mix] of searchMixes(vocabulary, SEED, MIXES).entries()) {
      const answer = await ws.api.post('/v2/people/search', mix.body);
      if (answer.status !== 200) {
        failures.push(`#${index} ${JSON.stringify(mix.body)}: ${answer.status} ${JSON.stringify(answer.body)}`);
        continue;
      }
      if (answer.body.metadata.pagination.total_count > 0) matchedSomebody++;
      const statements = await engine.plan(mix.body.filters, {
        workspaceId: ws.workspace_id,
        page: mix.body.page,
        perPage: mix.body.per_page,
      });
      for (const statement of statements) {
        const { rows } = await pool.query(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`,
          statement.values,
        );
        const plan = rows[0]['QUERY PLAN'][0].Plan;
        const buffers = plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
        mostBuffers = Math.max(mostBuffers, buffers);
        if (buffers > bound)
          failures.push(
            `#${index} [${statement.label}] touched ${buffers} pages (bound ${bound}): ${mix.keys.join(', ')}`,
          );
      }
    }
    await pool.end();
    console.log(
      `search mixes: ${MIXES} (seed ${SEED}), ${matchedSomebody} matched somebody; the most pages one statement touched: ${mostBuffers} (${(mostBuffers / PEOPLE).toFixed(2)} per person, bound ${BUFFERS_PER_PERSON})`,
    );
    expect(failures).toEqual([]);
    // A generator whose mixes all match nobody would prove nothing about plans over matches.
    expect(matchedSomebody).toBeGreaterThan(MIXES / 3);
  });

  it("reads a search of seniority, the person's scalar filters and its company from people_seniority_cover_idx, never a people row", async () => {
    const { ws } = harness;
    const pool = new Pool({ connectionString: harness.stack.db.url, max: 1, options: SEARCH_SESSION_OPTIONS });
    // On this small data set a scan of the table would win; with it and bitmaps off, what is left reads people by
    // an index, and only the cover reads none of their rows.
    await pool.query('SET enable_seqscan = off; SET enable_bitmapscan = off');
    const walked = new PeopleSearchEngine(pool, undefined, { groupedSorts: { from: 0 }, walkRows: Infinity });
    const gathered = new PeopleSearchEngine(pool, undefined, { groupedSorts: { from: 0 }, walkRows: 0 });
    const covered = {
      person_seniority: { include: ['VP', 'Director', 'Manager'], exclude: ['Intern'] },
      contact_details: { email: { status: ['valid', 'accept_all', 'not_found'] }, phone: { status: ['unknown'] } },
      person_months_in_current_role: { min: 1, max: 240 },
      person_months_in_current_company: { max: 360 },
      company_headcount_range: ['11-50', '51-200', '201-500'],
    };
    const searches = [
      // Counted, then the page gathered; sorted by seniority, counted and read by its groups.
      { engine: gathered, filters: covered },
      { engine: gathered, filters: { ...covered, sort_by: 'person_seniority' } },
      // One seniority is walked in result order from the cover itself.
      {
        engine: walked,
        filters: {
          person_seniority: { include: ['Owner'] },
          person_job_change: { change_type: 'any', timeframe_months: 24 },
        },
      },
    ];
    const reads: string[] = [];
    for (const { engine, filters } of searches)
      for (const statement of await engine.plan(filters, { workspaceId: ws.workspace_id, page: 2, perPage: 25 })) {
        const { rows } = await pool.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
        for (const node of planNodes(rows[0]['QUERY PLAN'][0].Plan))
          if (node['Relation Name'] === 'people')
            reads.push(`${statement.label}: ${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
      }
    await pool.end();
    expect(reads.length).toBeGreaterThanOrEqual(searches.length * 2);
    expect(reads.filter((read) => !read.endsWith('Index Only Scan people_seniority_cover_idx'))).toEqual([]);
  });

  it('reads a page walked or gathered, and a sorted page group by group, as the sorted statement reads it, and counts the same total', async () => {
    const { ws } = harness;
    const vocabulary = await loadMixVocabulary((sql) => harness.stack.db.query(sql), SORT_KEYS, listIds);
    const pool = new Pool({ connectionString: harness.stack.db.url, max: 4, options: SEARCH_SESSION_OPTIONS });
    const sorted = new PeopleSearchEngine(pool, undefined, { groupedSorts: false, walkRows: Infinity });
    // From any count, walking every page and group, then gathering every page and group: both must give its page.
    const walked = new PeopleSearchEngine(pool, undefined, { groupedSorts: { from: 0 }, walkRows: Infinity });
    const gathered = new PeopleSearchEngine(pool, undefined, { groupedSorts: { from: 0 }, walkRows: 0 });
    const differences: string[] = [];
    let compared = 0;
    let comparedGroups = 0;
    for (const [index, mix] of searchMixes(vocabulary, SEED + 1, MIXES * 2).entries()) {
      const filters = mix.body.filters as PeopleFilters;
      if (filters.max_person_per_company) continue;
      const groups = sortsByGroups(filters);
      // Pages 1 and 3 of 100, and the mix's own page: early and deep windows, some across group bounds.
      const windows = [[1, 100], ...(groups ? [[3, 100]] : []), [mix.body.page, mix.body.per_page]];
      for (const [page, perPage] of windows) {
        const request = { workspaceId: ws.workspace_id, page, perPage };
        // The grouped engines count by the groups too: their total must be the count's.
        const { ids: expected, total } = await sorted.search(filters, request);
        for (const [name, engine] of [
          ['walked', walked],
          ['gathered', gathered],
        ] as const) {
          const got = await engine.search(filters, request);
          if (JSON.stringify(got.ids) !== JSON.stringify(expected) || got.total !== total)
            differences.push(`#${index} ${name} page ${page}×${perPage} ${JSON.stringify(filters)}`);
        }
        if (expected.length > 0) compared++;
        if (expected.length > 0 && groups) comparedGroups++;
      }
    }
    await pool.end();
    expect(differences).toEqual([]);
    expect(comparedGroups).toBeGreaterThan(40);
    expect(compared).toBeGreaterThan(comparedGroups + 100);
  });
});
