#!/usr/bin/env node
// The fixed cost of a request (autocannon against the built API): GET /v2/companies/{id} against the API and
// against a bare node:http + pg handler doing the same key check and primary-key read (bench/_company-get-bare.mjs),
// then POST /v2/people/search with one body repeated (its count is cached after the first) and GET /v2/lists
// (10 lists) on the API, all in one run.
//   node bench/request-path.mjs [--routes company,search,lists] [--connections 50] [--seconds 10] [--profile]
// --profile: both servers run under `node --cpu-prof`; at the end each measured run's CPU is summed by layer of the
// request path (bench/_profile-summary.mjs), as µs per request. BENCH_API_NODE_ARGS: more node arguments for both.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarize } from './_profile-summary.mjs';
import { adminQuery, databaseUrlFor, freePort, parseArgs, requireFromRoot, ROOT, runNode, sleep } from './_lib.mjs';

const pg = requireFromRoot('pg');
const autocannon = requireFromRoot('autocannon');

const args = parseArgs();
const ROUTES = (args.routes ?? 'company,search,lists').split(',');
const COMPANIES = Number(args.companies ?? 10_000);
const PEOPLE = Number(args.people ?? 10_000);
const CONNECTIONS = Number(args.connections ?? 50);
const SECONDS = Number(args.seconds ?? 10);
const PROFILE = args.profile === 'true';
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const admin = (sql) => adminQuery(ADMIN, sql);
const SEARCH_BODY = JSON.stringify({ filters: { person_seniority: { include: ['Director', 'VP'] } }, per_page: 25 });

function startServer(script, env, profileDir) {
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (profileDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  // SHUTDOWN_DELAY 0: no load balancer to drain, so SIGTERM at the end of a run stops it at once (and writes its profile).
  return spawn(process.execPath, [...nodeArgs, join(ROOT, script)], {
    env: { SHUTDOWN_DELAY: '0', ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

/** CPU seconds (user + system) process `pid` has used so far (Linux /proc; clock ticks of 10 ms). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Microseconds on the monotonic clock V8's profiler stamps its samples with. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Warm-up, then the measured run. Besides throughput and latency: the server's CPU time per request, which other
 * processes on a shared machine disturb much less than req/s (they take cores away, not work).
 */
async function load(base, key, requests, pid) {
  const opts = { url: base, connections: CONNECTIONS, headers: { 'x-api-key': key }, requests };
  await autocannon({ ...opts, duration: 3 }); // warm-up
  const from = nowUs();
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannon({ ...opts, duration: SECONDS });
  const cpuUs = (1e6 * (cpuSeconds(pid) - cpuBefore)) / r.requests.total;
  const window = [from, nowUs()];
  const non2xx = r.non2xx + r.errors;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx,
    total: r.requests.total,
    window,
    cpuUs,
  };
}

const line = (who, r) =>
  `${who}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuUs.toFixed(0)} µs CPU/request, non-2xx ${r.non2xx}`;

/** The profile node wrote for process `pid` on exit. */
function profileOf(dir, pid) {
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.`) && f.endsWith('.cpuprofile'));
  return file ? JSON.parse(readFileSync(join(dir, file), 'utf8')) : null;
}

function printLayers(title, profile, run) {
  const s = summarize(profile, { window: run.window, requests: run.total });
  console.log(`\n${title}: ${s.usPerRequest.toFixed(0)} µs CPU per request (${run.total} requests)`);
  for (const r of s.rows) {
    if (r.share < 0.005) continue;
    console.log(`${(100 * r.share).toFixed(1).padStart(5)} %  ${r.usPerRequest.toFixed(1).padStart(6)} µs  ${r.name}`);
  }
}

async function main() {
  const name = `bench_reqpath_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(ADMIN, name);
  const env = { DATABASE_URL: url, REDIS_URL };
  const profileDir = PROFILE ? mkdtempSync(join(tmpdir(), 'reqpath-prof-')) : null;
  const children = [];
  const runs = [];
  try {
    await runNode('dist/libs/database/src/migrate.js', [], env);
    await runNode(
      'dist/apps/cli/src/main.js',
      ['dataset:generate', '--people', String(PEOPLE), '--companies', String(COMPANIES), '--seed', 'bench-get'],
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
    const api = startServer(
      'dist/apps/api/src/main.js',
      {
        ...env,
        PORT: String(apiPort),
        SECRETS_KEY: randomBytes(32).toString('hex'),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        RATE_LIMITS_ENFORCED: 'false',
      },
      profileDir,
    );
    children.push(api);
    const bare = startServer('bench/_company-get-bare.mjs', { ...env, PORT: String(barePort) }, profileDir);
    children.push(bare);
    const apiBase = `http://127.0.0.1:${apiPort}`;
    await waitFor(`${apiBase}/health`);
    await waitFor(`http://127.0.0.1:${barePort}/`);
    const headers = { 'x-api-key': ws.api_key, 'content-type': 'application/json' };
    for (let i = 0; i < 10; i++) {
      const body = JSON.stringify({ name: `bench list ${i}`, type: i % 2 ? 'people' : 'company' });
      const r = await fetch(`${apiBase}/v2/lists`, { method: 'POST', headers, body });
      if (r.status !== 201) throw new Error(`POST /v2/lists answered ${r.status}`);
    }

    console.log(
      `request-path bench: ${COMPANIES} companies, ${PEOPLE} people, ${CONNECTIONS} connections, ${SECONDS} s per run, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}`,
    );
    if (ROUTES.includes('company')) {
      const requests = ids.map((id) => ({ method: 'GET', path: `/v2/companies/${id}` }));
      const b = await load(`http://127.0.0.1:${barePort}`, ws.api_key, requests, bare.pid);
      console.log(line('GET /v2/companies/{id}, bare node:http', b));
      const a = await load(apiBase, ws.api_key, requests, api.pid);
      console.log(line('GET /v2/companies/{id}, API', a));
      console.log(
        `GET /v2/companies/{id}: ratio API / bare ${(a.rps / b.rps).toFixed(2)} (target >= 0.6); CPU per request bare / API ${(b.cpuUs / a.cpuUs).toFixed(2)}`,
      );
      runs.push({ title: 'GET /v2/companies/{id}, bare', pid: bare.pid, run: b });
      runs.push({ title: 'GET /v2/companies/{id}, API', pid: api.pid, run: a });
    }
    if (ROUTES.includes('search')) {
      const requests = [{ method: 'POST', path: '/v2/people/search', headers, body: SEARCH_BODY }];
      const a = await load(apiBase, ws.api_key, requests, api.pid);
      console.log(line('POST /v2/people/search (cached count), API', a));
      runs.push({ title: 'POST /v2/people/search, API', pid: api.pid, run: a });
    }
    if (ROUTES.includes('lists')) {
      const a = await load(apiBase, ws.api_key, [{ method: 'GET', path: '/v2/lists' }], api.pid);
      console.log(line('GET /v2/lists (10 lists), API', a));
      runs.push({ title: 'GET /v2/lists, API', pid: api.pid, run: a });
    }
    if (runs.some((r) => r.run.non2xx > 0)) throw new Error('some requests failed');
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  if (profileDir) {
    console.log(
      `\nCPU by layer (profiles in ${profileDir}; bench/_profile-summary.mjs --window from-to reads one span)`,
    );
    for (const { title, pid, run } of runs) {
      const profile = profileOf(profileDir, pid);
      if (!profile) console.log(`\n${title}: no profile written by pid ${pid}`);
      else printLayers(`${title} (--window ${run.window.join('-')})`, profile, run);
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
