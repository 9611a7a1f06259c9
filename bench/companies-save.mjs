#!/usr/bin/env node
// POST /v2/companies/save latency: p50/p95 over N runs (default 20) of
//   (a) 500 companies by id into 20 lists, each run saving companies new to the workspace
//       (500 saves + 10,000 list memberships + 500 company.saved events in one transaction);
//   (a2) 500 new ids without lists (what the 10,000 list memberships cost, by difference);
//   (b) the same 500 ids into the same 20 lists again (a retry: nothing changes, nothing emitted);
//   (c) 50 companies by domain (regional pages resolving to their organization's main page) into 20 lists;
//   (d) 500 ids with one row that fails in the database (halves retried in savepoints until it stands alone);
// against a baseline of a 1-id save without lists measured in the same run (fixed HTTP + auth + transaction cost).
//   node bench/companies-save.mjs [--runs 20] [--companies 100000] [--keep]
// Runs the built API from dist/ as a child process on a scratch database (DATABASE_ADMIN_URL,
// default postgres://postgres@127.0.0.1:5432/postgres) and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379/14).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { databaseUrlFor, freePort, parseArgs, requireFromRoot, ROOT, runNode, sleep } from './_lib.mjs';

const pg = requireFromRoot('pg');

const args = parseArgs();
const RUNS = Number(args.runs ?? 20);
const COMPANIES = Number(args.companies ?? 100_000);
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const TARGET_P95_MS = 300;

const hex = (n) => '5d' + n.toString(16).padStart(22, '0');

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const name = `bench_csave_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(ADMIN, name);
  const port = await freePort();
  const env = {
    DATABASE_URL: url,
    REDIS_URL,
    PORT: String(port),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMITS_ENFORCED: 'false',
  };
  const db = new pg.Client({ connectionString: url });
  let api;
  try {
    await runNode('dist/libs/database/src/migrate.js', [], env);
    await db.connect();
    // Odd n: an organization's main page; even n: its regional page, whose domain resolves to n-1.
    await db.query(
      `INSERT INTO companies (id, name, website, email_domain, pro_network_id, organization_id, page_type)
       SELECT '5d' || lpad(to_hex(n), 22, '0'), 'Bulk ' || n, 'bulk-' || n || '.example', 'mail-' || n || '.example', n,
              'org_' || ((n + 1) / 2), CASE WHEN n % 2 = 1 THEN 'main' ELSE 'regional' END
         FROM generate_series(1, $1::int) AS n`,
      [COMPANIES],
    );
    await db.query('ANALYZE companies');
    api = spawn(
      process.execPath,
      [...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean), join(ROOT, 'dist/apps/api/src/main.js')],
      { env: { SHUTDOWN_DELAY: '0', ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if ((await fetch(`${base}/health`).catch(() => null))?.status === 200) break;
      if (i > 300) throw new Error('the API did not start');
      await sleep(100);
    }
    const ws = JSON.parse(
      (await runNode('dist/apps/cli/src/main.js', ['workspace:create', '--name', 'bench'], env)).stdout,
    );
    const post = async (path, body) => {
      const started = process.hrtime.bigint();
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': ws.api_key },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.status !== 200 && res.status !== 201)
        throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 500)}`);
      return { ms, json };
    };
    const lists = [];
    for (let i = 0; i < 20; i++)
      lists.push((await post('/v2/lists', { name: `bench ${i}`, type: 'company' })).json.data.id);

    // Odd numbers only, so every id is a main page; run r of scenario (a) takes its own 500.
    const mainIds = (from, count) => Array.from({ length: count }, (_, i) => hex(2 * (from + i) + 1));
    const expectSaved = (json, n) => {
      if (json.metadata.saved_count !== n) throw new Error(`expected ${n} saved, got ${JSON.stringify(json.metadata)}`);
    };
    const scenarios = {};
    const measure = async (label, fn) => {
      const times = [];
      for (let r = 0; r < RUNS; r++) times.push(await fn(r));
      scenarios[label] = { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
    };

    // Warm-up: connections, JIT, plan caches.
    for (let i = 0; i < 5; i++)
      await post('/v2/companies/save', { data: mainIds(40_000 + i * 500, 500), list_ids: lists });

    await measure('baseline: 1 id, no lists', async (r) => {
      const { ms, json } = await post('/v2/companies/save', { data: mainIds(45_000 + r, 1) });
      expectSaved(json, 1);
      return ms;
    });
    await measure('500 ids into 20 lists (new saves)', async (r) => {
      const { ms, json } = await post('/v2/companies/save', { data: mainIds(r * 500, 500), list_ids: lists });
      expectSaved(json, 500);
      return ms;
    });
    await measure('500 ids, no lists (new saves)', async (r) => {
      const { ms, json } = await post('/v2/companies/save', { data: mainIds(10_000 + r * 500, 500) });
      expectSaved(json, 500);
      return ms;
    });
    await measure('500 ids into 20 lists (retry, no change)', async () => {
      const { ms, json } = await post('/v2/companies/save', { data: mainIds(0, 500), list_ids: lists });
      expectSaved(json, 500);
      return ms;
    });
    await measure('50 domains into 20 lists (new saves)', async (r) => {
      // Regional pages' domains: each resolves to its organization's main page.
      const data = Array.from({ length: 50 }, (_, i) => ({
        domain: `https://www.bulk-${2 * (20_000 + r * 50 + i) + 2}.example/about`,
      }));
      const { ms, json } = await post('/v2/companies/save', { data, list_ids: lists });
      expectSaved(json, 50);
      return ms;
    });
    // One row fails: the batch savepoint rolls back and halves are retried until the bad row stands alone.
    const failing = (r) => hex(2 * (30_000 + r * 500) + 1);
    const failingIds = Array.from({ length: RUNS }, (_, r) => `'${failing(r)}'`).join(',');
    await db.query(`CREATE FUNCTION bench_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.company_id IN (${failingIds}) THEN RAISE EXCEPTION 'bench failure'; END IF; RETURN NEW; END $$`);
    await db.query(
      `CREATE TRIGGER bench_fail BEFORE INSERT ON saved_companies FOR EACH ROW EXECUTE FUNCTION bench_fail()`,
    );
    await sleep(200);
    await measure('500 ids into 20 lists, 1 failing row (bisecting path)', async (r) => {
      const { ms, json } = await post('/v2/companies/save', { data: mainIds(30_000 + r * 500, 500), list_ids: lists });
      if (json.metadata.failed_count !== 1 || json.metadata.saved_count !== 499)
        throw new Error(`unexpected ${JSON.stringify(json.metadata)}`);
      return ms;
    });

    const base1 = scenarios['baseline: 1 id, no lists'].p95;
    console.log(`companies: ${COMPANIES}, runs per scenario: ${RUNS}`);
    console.log(
      'scenario'.padEnd(56) +
        'p50 ms'.padStart(9) +
        'p95 ms'.padStart(9) +
        'max ms'.padStart(9) +
        '  p95 / baseline p95',
    );
    for (const [label, s] of Object.entries(scenarios)) {
      console.log(
        label.padEnd(56) +
          s.p50.toFixed(1).padStart(9) +
          s.p95.toFixed(1).padStart(9) +
          s.max.toFixed(1).padStart(9) +
          `  ${(s.p95 / base1).toFixed(1)}x`,
      );
    }
    const main500 = scenarios['500 ids into 20 lists (new saves)'].p95;
    console.log(
      `target: p95 of 500 ids < ${TARGET_P95_MS} ms: ${main500 < TARGET_P95_MS ? 'met' : 'NOT met'} (${main500.toFixed(1)} ms)`,
    );
    const events = Number((await db.query(`SELECT count(*) FROM events WHERE type = 'company.saved'`)).rows[0].count);
    console.log(`company.saved events written: ${events}`);
  } finally {
    api?.kill('SIGTERM');
    await db.end().catch(() => undefined);
    if (!args.keep) {
      await sleep(500);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e) => console.error(e.message));
    }
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
