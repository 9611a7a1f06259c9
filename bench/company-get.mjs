#!/usr/bin/env node
// GET /v2/companies/{id} under load (autocannon) against the built API, and against a bare
// node:http handler doing the same key check and primary-key lookup, in the same run.
//   node bench/company-get.mjs [--companies 10000] [--connections 50] [--seconds 15]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { adminQuery, databaseUrlFor, freePort, parseArgs, requireFromRoot, ROOT, runNode, sleep } from './_lib.mjs';

const pg = requireFromRoot('pg');
const autocannon = requireFromRoot('autocannon');

const args = parseArgs();
const COMPANIES = Number(args.companies ?? 10_000);
const CONNECTIONS = Number(args.connections ?? 50);
const SECONDS = Number(args.seconds ?? 15);
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const admin = (sql) => adminQuery(ADMIN, sql);

/** BENCH_API_NODE_ARGS (for example `--cpu-prof`) go to both servers' node. */
function startServer(script, env) {
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // SHUTDOWN_DELAY 0: no load balancer to drain, so SIGTERM at the end of a run stops it at once.
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, script)], {
    env: { SHUTDOWN_DELAY: '0', ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`${url} never answered`);
}

async function load(base, key, ids) {
  const requests = ids.map((id) => ({ method: 'GET', path: `/v2/companies/${id}` }));
  const opts = { url: base, connections: CONNECTIONS, headers: { 'x-api-key': key }, requests };
  await autocannon({ ...opts, duration: 3 }); // warm-up
  const r = await autocannon({ ...opts, duration: SECONDS });
  const non2xx = r.non2xx + r.errors;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx };
}

async function main() {
  const name = `bench_company_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(ADMIN, name);
  const env = { DATABASE_URL: url, REDIS_URL };
  const children = [];
  try {
    await runNode('dist/libs/database/src/migrate.js', [], env);
    await runNode(
      'dist/apps/cli/src/main.js',
      ['dataset:generate', '--people', '1000', '--companies', String(COMPANIES), '--seed', 'bench-get'],
      env,
    );
    const ws = JSON.parse(
      (await runNode('dist/apps/cli/src/main.js', ['workspace:create', '--name', 'bench'], env)).stdout,
    );
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const ids = (await db.query(`SELECT id FROM companies ORDER BY md5(id) LIMIT 200`)).rows.map((r) => r.id);
    await db.end();

    const apiPort = await freePort();
    const barePort = await freePort();
    const api = startServer('dist/apps/api/src/main.js', {
      ...env,
      PORT: String(apiPort),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      RATE_LIMITS_ENFORCED: 'false',
    });
    children.push(api);
    const bare = startServer('bench/_company-get-bare.mjs', { ...env, PORT: String(barePort) });
    children.push(bare);
    await waitFor(`http://127.0.0.1:${apiPort}/health`);
    await waitFor(`http://127.0.0.1:${barePort}/`);

    console.log(
      `company-get bench: ${COMPANIES} companies, ${CONNECTIONS} connections, ${SECONDS} s per run, 200 distinct ids`,
    );
    const b = await load(`http://127.0.0.1:${barePort}`, ws.api_key, ids);
    console.log(`bare node:http: ${b.rps.toFixed(0)} req/s, p50 ${b.p50} ms, p99 ${b.p99} ms, non-2xx ${b.non2xx}`);
    const a = await load(`http://127.0.0.1:${apiPort}`, ws.api_key, ids);
    console.log(
      `API (LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}): ${a.rps.toFixed(0)} req/s, p50 ${a.p50} ms, p99 ${a.p99} ms, non-2xx ${a.non2xx}`,
    );
    const ratio = a.rps / b.rps;
    console.log(`ratio API / bare: ${ratio.toFixed(2)} (target >= 0.5: ${ratio >= 0.5 ? 'met' : 'missed'})`);
    if (a.non2xx > 0 || b.non2xx > 0) throw new Error('some requests failed');
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await sleep(500);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
