#!/usr/bin/env node
// People search with 0 and 1 streaming replica while saves run (docs/replicas.md): search throughput and
// p95 (plain searches, and searches with lists.include that must see the saves), save p95, and the share of
// reads the replica took (from the API's /metrics).
//   node bench/replicas.mjs [--people 200000] [--companies 20000] [--seconds 20] [--concurrency 4] [--database URL] [--keep]
// Needs PostgreSQL's server binaries (pg_basebackup, pg_ctl) beside the local server, and root or the postgres OS
// user to run the replica (test/support/replica.ts). The replica runs on the same machine as the primary: the figures
// show the routing's overhead and share, not the capacity a second machine adds.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { apiClient, benchDatabase, closedLoop, f1, percentile, startApi } from './_api.mjs';
import { freePort, parseArgs, requireFromRoot, requireTestSupport, runNode, sleep } from './_lib.mjs';

const pg = requireFromRoot('pg');
const Redis = requireFromRoot('ioredis');

const args = parseArgs();
const PEOPLE = Number(args.people ?? 200_000);
const COMPANIES = Number(args.companies ?? 20_000);
const SECONDS = Number(args.seconds ?? 20);
const CONCURRENCY = Number(args.concurrency ?? 4);
const KEEP = args.keep === 'true';
const GIVEN_DATABASE = args.database && args.database !== 'true' ? args.database : null;
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// The tests' replica helper, pointed at the same server.
process.env.TEST_DATABASE_ADMIN_URL ??= ADMIN;
const { startReplica } = requireTestSupport('replica');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
/** One search in DEPENDENT_EVERY names the list the saves fill (read-your-writes applies to it). */
const DEPENDENT_EVERY = 5;
const SAVE_BATCH = 5;

const SENIORITIES = ['Senior', 'Manager', 'Director', 'VP', 'Entry'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'ES', 'CA'];
const DEPARTMENTS = ['Sales', 'Engineering & Technical', 'Marketing', 'Finance'];
const pick = (xs, i) => xs[i % xs.length];

function plainFilters(i) {
  return {
    person_seniority: { include: [pick(SENIORITIES, i)] },
    company_country: { include: [pick(COUNTRIES, Math.floor(i / 5))] },
    person_department: { include: [pick(DEPARTMENTS, Math.floor(i / 30))] },
  };
}

async function clearRedis() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    for (const pattern of ['search:count:*', 'read-your-writes:*']) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

async function metrics(call, token) {
  const res = await call('GET', '/metrics', undefined, undefined, {
    authorization: `Bearer ${token}`,
    accept: 'text/plain',
  });
  const reads = {};
  const fallbacks = {};
  for (const line of res.text.split('\n')) {
    let m = /^pws_api_db_reads_total\{target="([^"]+)",kind="([^"]+)"\} (\S+)$/.exec(line);
    if (m) reads[`${m[1]}/${m[2]}`] = Number(m[3]);
    m = /^pws_api_db_read_fallbacks_total\{reason="([^"]+)"\} (\S+)$/.exec(line);
    if (m) fallbacks[m[1]] = Number(m[2]);
  }
  return { reads, fallbacks };
}

async function phase(name, env, candidates, fail) {
  await clearRedis();
  const PORT = await freePort();
  const call = apiClient(PORT);
  const opsToken = randomBytes(24).toString('hex');
  const api = await startApi({ ...env, PORT: String(PORT), OPS_TOKEN: opsToken }, call);
  try {
    const ws = JSON.parse(
      (
        await runNode(
          'dist/apps/cli/src/main.js',
          ['workspace:create', '--name', `bench replicas ${name}`, '--credits', '1000000'],
          env,
        )
      ).stdout,
    );
    const key = ws.api_key;
    const list = (await call('POST', '/v2/lists', { name: 'bench', type: 'people' }, key)).json.data.id;
    // Warm-up: every plain combination once (their counts cached alike in both phases).
    for (let i = 0; i < SENIORITIES.length * COUNTRIES.length * DEPARTMENTS.length; i++)
      await call('POST', '/v2/people/search', { filters: plainFilters(i), per_page: 25 }, key);
    const before = await metrics(call, opsToken);
    let stop = false;
    const saveTimes = [];
    let next = 0;
    const saves = (async () => {
      while (!stop && next + SAVE_BATCH <= candidates.length) {
        const data = candidates.slice(next, (next += SAVE_BATCH));
        const res = await call('POST', '/v2/people/save', { data, list_ids: [list] }, key);
        if (res.status !== 200) fail(`${name}: save`, res);
        saveTimes.push(res.ms);
      }
    })();
    const plainTimes = [];
    const dependentTimes = [];
    const load = await closedLoop(CONCURRENCY, SECONDS, async (w, i) => {
      const dependent = i % DEPENDENT_EVERY === 0;
      const filters = dependent ? { lists: { include: [list] } } : plainFilters(w * 7919 + i);
      const res = await call('POST', '/v2/people/search', { filters, page: 1 + (i % 3), per_page: 25 }, key);
      if (res.status !== 200) fail(`${name}: search`, res);
      (dependent ? dependentTimes : plainTimes).push(res.ms);
      return res.ms;
    });
    stop = true;
    await saves;
    const after = await metrics(call, opsToken);
    const delta = (a, b) =>
      Object.fromEntries(
        Object.keys(b)
          .map((k) => [k, (b[k] ?? 0) - (a[k] ?? 0)])
          .filter(([, v]) => v > 0),
      );
    const reads = delta(before.reads, after.reads);
    const total = Object.values(reads).reduce((s, v) => s + v, 0);
    const onReplica = Object.entries(reads)
      .filter(([k]) => k.startsWith('replica'))
      .reduce((s, [, v]) => s + v, 0);
    const dependentOnReplica = reads['replica_1/dependent'] ?? 0;
    const dependentAll = dependentOnReplica + (reads['primary/dependent'] ?? 0);
    return {
      name,
      rps: load.rps,
      p95: load.p95,
      plainP95: percentile(plainTimes, 95),
      dependentP95: percentile(dependentTimes, 95),
      saves: saveTimes.length,
      saveP95: percentile(saveTimes, 95),
      replicaShare: total === 0 ? 0 : onReplica / total,
      dependentShare: dependentAll === 0 ? 0 : dependentOnReplica / dependentAll,
      fallbacks: delta(before.fallbacks, after.fallbacks),
    };
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    call.close();
  }
}

async function main() {
  const database = await benchDatabase({
    given: GIVEN_DATABASE,
    adminUrl: ADMIN,
    prefix: 'bench_replicas',
    people: PEOPLE,
    companies: COMPANIES,
    keep: KEEP,
  });
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMITS_ENFORCED: 'false',
  };
  let replica = null;
  let failures = 0;
  const fail = (what, res) => {
    failures++;
    if (failures <= 5) console.error(`${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  };
  try {
    await database.prepare(env);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const people = Number((await db.query('SELECT count(*) AS n FROM people')).rows[0].n);
    const candidates = (await db.query('SELECT id FROM people ORDER BY md5(id) LIMIT 20000')).rows.map((r) => r.id);
    await db.end();
    const replicaStarted = Date.now();
    replica = await startReplica();
    console.log(`replica: base backup and start in ${((Date.now() - replicaStarted) / 1000).toFixed(1)} s`);
    const dbName = new URL(database.url).pathname.slice(1);
    const half = Math.floor(candidates.length / 2);
    const results = [];
    results.push(await phase('0 replicas', env, candidates.slice(0, half), fail));
    await replica.caughtUp();
    results.push(
      await phase('1 replica', { ...env, DATABASE_REPLICA_URLS: replica.url(dbName) }, candidates.slice(half), fail),
    );
    console.log(
      `\nreplicas bench: ${people.toLocaleString('en')} people; ${os.cpus().length} CPUs (primary, replica, API and load on one machine); ${CONCURRENCY} search clients for ${SECONDS} s, 1 in ${DEPENDENT_EVERY} searches with lists.include, 1 client saving ${SAVE_BATCH} people at a time`,
    );
    console.log(
      'setup        searches/s  p95 ms  plain p95  lists p95  saves  save p95  reads on replica  lists reads on replica  fallbacks',
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(12)} ${r.rps.toFixed(1).padStart(10)}  ${f1(r.p95).padStart(6)}  ${f1(r.plainP95).padStart(9)}  ${f1(r.dependentP95).padStart(9)}  ${String(r.saves).padStart(5)}  ${f1(r.saveP95).padStart(8)}  ${`${(100 * r.replicaShare).toFixed(1)} %`.padStart(16)}  ${`${(100 * r.dependentShare).toFixed(1)} %`.padStart(22)}  ${JSON.stringify(r.fallbacks)}`,
      );
    }
    console.log(
      `ratio 1 replica / 0 replicas: throughput ${(results[1].rps / results[0].rps).toFixed(2)}, p95 ${(results[1].p95 / results[0].p95).toFixed(2)}`,
    );
  } finally {
    await replica?.stop();
    await sleep(200);
    await database.drop();
  }
  if (failures > 0) {
    console.error(`${failures} requests failed`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
