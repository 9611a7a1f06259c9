#!/usr/bin/env node
// The credit preview, the people save and list removal against the built API on the generated
// 1,000,000-person data set (issue "Credits and people"): each case once cold and --runs times warm,
// then two load shapes (one busy customer, many light ones), and EXPLAIN (ANALYZE, BUFFERS) of the
// whole-list preview. Baseline measured in the same process: GET /v2/workspace.
//   node bench/people-credits.mjs [--database URL] [--people 1000000] [--companies 100000] [--runs 20] [--keep]
//                                 [--whole-list N]
// --whole-list N: the whole-list workspace saves the first N people by id (default: every person; at 10M the
// target is a list of 1,000,000).
// Without --database: a scratch database on DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// migrated and filled by `dataset:generate --seed bench`, dropped at the end unless --keep.
// With --database URL: that database as it is (migrations run first); the bench's workspaces are
// deleted from it at the end unless --keep.
// Targets (p95): preview of 25,000 ids and preview of filters at limit 25,000 < 500 ms; whole-list
// preview of a 1,000,000-person list < 2 s; save of 500 people into 2 lists < 1 s; removal of 500 < 200 ms.
// Missed targets still exit 0; non-200 answers or a crash exit 1.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { join } from 'node:path';
import { apiClient, benchDatabase, closedLoop, f1, percentile, startApi } from './_api.mjs';
import { freePort, parseArgs, requireFromRoot, ROOT, runNode, sleep } from './_lib.mjs';

const pg = requireFromRoot('pg');

const args = parseArgs();
const PEOPLE = Number(args.people ?? 1_000_000);
const COMPANIES = Number(args.companies ?? 100_000);
const RUNS = Number(args.runs ?? 20);
const KEEP = args.keep === 'true';
const WHOLE_LIST = args['whole-list'] ? Number(args['whole-list']) : null;
const GIVEN_DATABASE = args.database && args.database !== 'true' ? args.database : null;
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const LOAD_SECONDS = 15;
const LIGHT_WORKSPACES = 20;

const TARGETS = { data: 500, filters: 500, wholeList: 2000, save: 1000, removal: 200 };
const failures = [];
let call = null;

function check(where, res) {
  if (res.status !== 200) failures.push(`${where}: HTTP ${res.status} ${res.text.slice(0, 400)}`);
  return res;
}

/** A seeded shuffle of the data set's person ids, so runs take different people without repeats. */
function shuffled(ids, seed) {
  const out = [...ids];
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Runs `fn(i)` once cold and RUNS times warm; answers the figures. */
async function measure(name, target, fn) {
  const cold = await fn(-1);
  const warm = [];
  for (let i = 0; i < RUNS; i++) warm.push(await fn(i));
  const r = {
    name,
    target,
    cold,
    p50: percentile(warm, 50),
    p95: percentile(warm, 95),
    max: Math.max(cold, ...warm),
    runs: warm.length,
  };
  return r;
}

async function main() {
  const database = await benchDatabase({
    given: GIVEN_DATABASE,
    adminUrl: ADMIN,
    prefix: 'bench_credits',
    people: PEOPLE,
    companies: COMPANIES,
    keep: KEEP,
  });
  const url = database.url;
  const port = await freePort();
  call = apiClient(port);
  const env = {
    DATABASE_URL: url,
    REDIS_URL,
    PORT: String(port),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMITS_ENFORCED: 'false',
  };
  const db = new pg.Client({ connectionString: url });
  const explainPool = new pg.Pool({
    connectionString: url,
    max: 2,
    options: '-c jit=off -c work_mem=32MB -c enable_memoize=off -c statement_timeout=120000',
  });
  explainPool.on('error', () => undefined);
  const workspaceIds = [];
  let api = null;
  try {
    await database.prepare(env);
    await db.connect();
    const people = Number((await db.query(`SELECT count(*) AS n FROM people`)).rows[0].n);
    const version = (await db.query(`SHOW server_version`)).rows[0].server_version;
    api = await startApi(env, call);
    const createWorkspace = async (name, credits) => {
      const ws = JSON.parse(
        (
          await runNode(
            'dist/apps/cli/src/main.js',
            ['workspace:create', '--name', name, '--credits', String(credits)],
            env,
          )
        ).stdout,
      );
      workspaceIds.push(ws.workspace_id);
      return ws;
    };
    const createList = async (key, name) => {
      const res = await call('POST', '/v2/lists', { name, type: 'people' }, key);
      if (res.status !== 201) failures.push(`POST /v2/lists: HTTP ${res.status} ${res.text.slice(0, 400)}`);
      return res.json.data.id;
    };

    // The whole-list workspace: every person of the data set saved into one list, a tenth of them
    // with a revealed email and one in a hundred with an edited one, so every bucket is filled.
    const big = await createWorkspace('bench whole list', 0);
    const bigList = await createList(big.api_key, 'everyone');
    const started = Date.now();
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO saved_people (workspace_id, person_id, revealed_email, revealed_at, edited_email)
       SELECT $1, p.id,
              CASE WHEN p.best_email_status = 'valid' AND right(p.id, 1) = '0' THEN p.best_email END,
              CASE WHEN p.best_email_status = 'valid' AND right(p.id, 1) = '0' THEN now() END,
              CASE WHEN right(p.id, 2) = 'ff' THEN 'edited@example.com' END
         FROM people p${WHOLE_LIST ? ' ORDER BY p.id LIMIT $2' : ''}`,
      WHOLE_LIST ? [big.workspace_id, WHOLE_LIST] : [big.workspace_id],
    );
    await db.query(
      `INSERT INTO people_list_members (list_id, person_id, workspace_id) SELECT $1, person_id, $2::varchar FROM saved_people WHERE workspace_id = $2::varchar`,
      [bigList, big.workspace_id],
    );
    await db.query('COMMIT');
    // VACUUM, not only ANALYZE: a kept database collects the dead rows of every earlier run's deleted workspaces.
    await db.query(`VACUUM (ANALYZE) saved_people, people_list_members`);
    const listSize = Number(
      (await db.query(`SELECT count(*) AS n FROM people_list_members WHERE list_id = $1`, [bigList])).rows[0].n,
    );
    console.log(
      `people-credits bench: ${people.toLocaleString('en')} people; PostgreSQL ${version}; ${os.cpus().length} CPUs; list of ${listSize.toLocaleString('en')} saved in ${((Date.now() - started) / 1000).toFixed(1)} s; ${RUNS} warm runs per case`,
    );

    // A fresh workspace (nothing saved) with credits for every save of the bench.
    const fresh = await createWorkspace('bench fresh', 100_000_000);
    const key = fresh.api_key;
    const allIds = (await db.query(`SELECT id FROM people`)).rows.map((r) => r.id);
    const order = shuffled(allIds, 42);
    let cursor = 0;
    const take = (n) => {
      const out = order.slice(cursor, cursor + n);
      cursor += n;
      return out;
    };

    // Baseline
    for (let i = 0; i < 50; i++) await call('GET', '/v2/workspace', undefined, key);
    const baseTimes = [];
    for (let i = 0; i < 200; i++)
      baseTimes.push(check('GET /v2/workspace', await call('GET', '/v2/workspace', undefined, key)).ms);
    const baseline = { p50: percentile(baseTimes, 50), p95: percentile(baseTimes, 95) };
    console.log(`baseline GET /v2/workspace: p50 ${f1(baseline.p50)} ms, p95 ${f1(baseline.p95)} ms`);

    const broad = { person_seniority: { include: ['Manager', 'Senior'] } };
    const narrow = { person_seniority: { include: ['VP'] }, company_headcount_range: ['51-200'] };
    const saveLists = [await createList(key, 'save a'), await createList(key, 'save b')];
    const removalList = await createList(key, 'removal');
    const results = [];
    results.push(
      await measure(
        'preview: data of 25,000 ids (new ids each run)',
        TARGETS.data,
        async () =>
          check('preview data', await call('POST', '/v2/people/calculate-credits', { data: take(25_000) }, key)).ms,
      ),
    );
    const broadAnswer = await call('POST', '/v2/people/calculate-credits', { filters: broad, limit: 25_000 }, key);
    results.push(
      await measure(
        `preview: filters at limit 25,000 (matches more: truncated=${broadAnswer.json?.data?.truncated})`,
        TARGETS.filters,
        async () =>
          check(
            'preview filters',
            await call('POST', '/v2/people/calculate-credits', { filters: broad, limit: 25_000 }, key),
          ).ms,
      ),
    );
    const narrowAnswer = await call('POST', '/v2/people/calculate-credits', { filters: narrow, limit: 25_000 }, key);
    results.push(
      await measure(
        `preview: filters at limit 25,000 (${narrowAnswer.json?.data?.requested?.toLocaleString('en')} match)`,
        TARGETS.filters,
        async () =>
          check(
            'preview filters narrow',
            await call('POST', '/v2/people/calculate-credits', { filters: narrow, limit: 25_000 }, key),
          ).ms,
      ),
    );
    const wholeAnswer = check(
      'whole list',
      await call('POST', '/v2/people/calculate-credits', { filters: { lists: { include: [bigList] } } }, big.api_key),
    );
    results.push(
      await measure(
        `preview: whole list of ${listSize.toLocaleString('en')}`,
        TARGETS.wholeList,
        async () =>
          check(
            'preview whole list',
            await call(
              'POST',
              '/v2/people/calculate-credits',
              { filters: { lists: { include: [bigList] } } },
              big.api_key,
            ),
          ).ms,
      ),
    );
    const removable = [];
    results.push(
      await measure('save: 500 new people into 2 lists', TARGETS.save, async () => {
        const ids = take(500);
        removable.push(ids);
        return check('save', await call('POST', '/v2/people/save', { data: ids, list_ids: saveLists }, key)).ms;
      }),
    );
    for (const ids of removable)
      check(
        'save into removal list',
        await call('POST', '/v2/people/save', { data: ids, list_ids: [removalList] }, key),
      );
    results.push(
      await measure(
        'list removal: 500 people',
        TARGETS.removal,
        async (i) =>
          check(
            'removal',
            await call('POST', '/v2/people/lists/remove', { list_id: removalList, ids: removable[i + 1] }, key),
          ).ms,
      ),
    );

    const W = 62;
    console.log(
      '\n' +
        'case'.padEnd(W) +
        'cold ms'.padStart(10) +
        'p50 ms'.padStart(9) +
        'p95 ms'.padStart(9) +
        'max ms'.padStart(9) +
        'target'.padStart(9) +
        '  p50/baseline',
    );
    for (const r of results) {
      console.log(
        r.name.padEnd(W) +
          f1(r.cold).padStart(10) +
          f1(r.p50).padStart(9) +
          f1(r.p95).padStart(9) +
          f1(r.max).padStart(9) +
          `<${r.target}`.padStart(9) +
          `  ${(r.p50 / baseline.p50).toFixed(0)}x  ${r.p95 < r.target ? 'met' : 'MISSED'}`,
      );
    }
    const w = wholeAnswer.json?.data;
    console.log(
      `whole-list answer: requested ${w?.requested}, emails ${JSON.stringify(w?.emails)}, credits_needed ${w?.credits_needed}, truncated ${w?.truncated}`,
    );

    // Load shapes: one busy customer saving from 4 clients at once (its saves queue on the
    // workspace row, by design), and 20 light customers saving 25 people about once a second.
    console.log(`\nload shapes (${LOAD_SECONDS} s each):`);
    const busy = await closedLoop(
      4,
      LOAD_SECONDS,
      async () =>
        check('busy save', await call('POST', '/v2/people/save', { data: take(100), list_ids: [saveLists[0]] }, key))
          .ms,
    );
    console.log(
      `(a) one busy customer, 4 parallel clients saving 100 new people each into a list: ${busy.n} saves, ${busy.rps.toFixed(1)} saves/s (${(busy.rps * 100).toFixed(0)} people/s), p50 ${f1(busy.p50)} ms, p95 ${f1(busy.p95)} ms, max ${f1(busy.max)} ms`,
    );
    const light = await Promise.all(
      Array.from({ length: LIGHT_WORKSPACES }, (_, i) => createWorkspace(`bench light ${i}`, 1_000_000)),
    );
    const lightTimes = [];
    const lightStart = Date.now();
    await Promise.all(
      light.map(async (ws, w) => {
        await sleep((w * 1000) / LIGHT_WORKSPACES);
        while (Date.now() - lightStart < LOAD_SECONDS * 1000) {
          const due = Date.now() + 1000;
          lightTimes.push(
            check('light save', await call('POST', '/v2/people/save', { data: take(25) }, ws.api_key)).ms,
          );
          await sleep(Math.max(0, due - Date.now()));
        }
      }),
    );
    console.log(
      `(b) ${LIGHT_WORKSPACES} light customers, each saving 25 new people about once a second: ${lightTimes.length} saves, p50 ${f1(percentile(lightTimes, 50))} ms, p95 ${f1(percentile(lightTimes, 95))} ms (${(percentile(lightTimes, 95) / baseline.p95).toFixed(0)}x the baseline p95), max ${f1(Math.max(...lightTimes))} ms`,
    );

    // EXPLAIN of the whole-list preview's counting statement, as the API builds it.
    const { wholeListCountStatement } = requireFromRoot(join(ROOT, 'dist/apps/api/src/people/saves/email-buckets.js'));
    const counting = wholeListCountStatement(big.workspace_id, { include: [bigList] });
    const plan = await explainPool.query(`EXPLAIN (ANALYZE, BUFFERS) ${counting.text}`, counting.values);
    console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the whole-list preview (jit=off as in the search pool):');
    for (const row of plan.rows) console.log('  ' + row['QUERY PLAN']);
  } finally {
    api?.kill('SIGTERM');
    await db.end().catch(() => undefined);
    await explainPool.end().catch(() => undefined);
    if (!database.scratch && !KEEP && workspaceIds.length > 0) {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DELETE FROM workspaces WHERE id = ANY($1)`, [workspaceIds]);
      await cleanup.end();
    }
    call.close();
    await database.drop();
  }
  if (failures.length > 0) {
    console.log(`\n${failures.length} failures:`);
    for (const f of failures.slice(0, 20)) console.log('  ' + f);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
