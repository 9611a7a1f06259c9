#!/usr/bin/env node
// The fixed cost of a request (autocannon against the built API): GET /v2/companies/{id} against the API and
// against a bare node:http + pg handler doing the same key check and primary-key read (bench/_company-get-bare.mjs),
// then POST /v2/people/search with one body repeated (its count is cached after the first) and GET /v2/lists
// (10 lists) on the API, all in one run.
//   node bench/request-path.mjs [--routes company,search,lists] [--connections 50] [--seconds 10] [--rounds 1]
//                               [--against <another checkout>] [--profile]
// --rounds N: each route's measured time split into N rounds taken in turn by every server (bare, API, the other
// API), so a machine shared with other work loads them alike; figures are summed over the rounds.
// --against DIR: also the API built in DIR (`git worktree add DIR <commit>`, `npm run build` there), same database.
// --profile: the servers run under `node --cpu-prof`; at the end each server's measured time is summed by layer of
// the request path (bench/_profile-summary.mjs), as µs per request. BENCH_API_NODE_ARGS: more node arguments.
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
const ROUNDS = Number(args.rounds ?? 1);
const AGAINST = args.against && args.against !== 'true' ? args.against : null;
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const admin = (sql) => adminQuery(ADMIN, sql);
const SEARCH_BODY = JSON.stringify({ filters: { person_seniority: { include: ['Director', 'VP'] } }, per_page: 25 });

function startServer(script, env, profileDir, root = ROOT) {
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (profileDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  // SHUTDOWN_DELAY 0: no load balancer to drain, so SIGTERM at the end of a run stops it at once (and writes its profile).
  return spawn(process.execPath, [...nodeArgs, join(root, script)], {
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
 * The same requests against each server: a warm-up each, then ROUNDS rounds in which every server takes its turn.
 * Besides throughput and latency: each server's CPU time per request (user + system, from /proc), which other
 * processes on a shared machine disturb less than req/s (they take cores away, not work).
 */
async function load(servers, key, requests) {
  const opts = (server) => ({ url: server.url, connections: CONNECTIONS, headers: { 'x-api-key': key }, requests });
  for (const server of servers) await autocannon({ ...opts(server), duration: 3 }); // warm-up
  const results = servers.map(() => ({ total: 0, seconds: 0, cpu: 0, p50s: [], p99s: [], non2xx: 0, windows: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, server] of servers.entries()) {
      const from = nowUs();
      const cpuBefore = cpuSeconds(server.child.pid);
      const r = await autocannon({ ...opts(server), duration: Math.max(1, Math.round(SECONDS / ROUNDS)) });
      const result = results[i];
      result.cpu += cpuSeconds(server.child.pid) - cpuBefore;
      result.windows.push([from, nowUs()]);
      result.total += r.requests.total;
      result.seconds += r.duration;
      result.p50s.push(r.latency.p50);
      result.p99s.push(r.latency.p99);
      result.non2xx += r.non2xx + r.errors;
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return results.map((r) => ({
    rps: r.total / r.seconds,
    p50: median(r.p50s),
    p99: median(r.p99s),
    non2xx: r.non2xx,
    total: r.total,
    windows: r.windows,
    cpuUs: (1e6 * r.cpu) / r.total,
  }));
}

const line = (who, r) =>
  `${who}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuUs.toFixed(0)} µs CPU/request, non-2xx ${r.non2xx}`;

/** The profile node wrote for process `pid` on exit. */
function profileOf(dir, pid) {
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.`) && f.endsWith('.cpuprofile'));
  return file ? JSON.parse(readFileSync(join(dir, file), 'utf8')) : null;
}

function printLayers(title, profile, run) {
  const s = summarize(profile, { windows: run.windows, requests: run.total });
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

    const apiEnv = {
      ...env,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      RATE_LIMITS_ENFORCED: 'false',
    };
    const start = async (name, script, extraEnv, root) => {
      const port = await freePort();
      const child = startServer(script, { ...extraEnv, PORT: String(port) }, profileDir, root);
      children.push(child);
      return { name, child, url: `http://127.0.0.1:${port}` };
    };
    const bare = await start('bare node:http', 'bench/_company-get-bare.mjs', env);
    const api = await start('API', 'dist/apps/api/src/main.js', apiEnv);
    const apis = [api];
    if (AGAINST) apis.push(await start(`API of ${AGAINST}`, 'dist/apps/api/src/main.js', apiEnv, AGAINST));
    await waitFor(`${bare.url}/`);
    for (const server of apis) await waitFor(`${server.url}/health`);
    const apiBase = api.url;
    const headers = { 'x-api-key': ws.api_key, 'content-type': 'application/json' };
    for (let i = 0; i < 10; i++) {
      const body = JSON.stringify({ name: `bench list ${i}`, type: i % 2 ? 'people' : 'company' });
      const r = await fetch(`${apiBase}/v2/lists`, { method: 'POST', headers, body });
      if (r.status !== 201) throw new Error(`POST /v2/lists answered ${r.status}`);
    }

    console.log(
      `request-path bench: ${COMPANIES} companies, ${PEOPLE} people, ${CONNECTIONS} connections, ${SECONDS} s per server and route in ${ROUNDS} round(s), LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}`,
    );
    const measure = async (route, servers, requests) => {
      const results = await load(servers, ws.api_key, requests);
      for (const [i, server] of servers.entries()) {
        console.log(line(`${route}, ${server.name}`, results[i]));
        runs.push({ title: `${route}, ${server.name}`, pid: server.child.pid, run: results[i] });
      }
      return results;
    };
    if (ROUTES.includes('company')) {
      const requests = ids.map((id) => ({ method: 'GET', path: `/v2/companies/${id}` }));
      const [b, ...a] = await measure('GET /v2/companies/{id}', [bare, ...apis], requests);
      for (const [i, result] of a.entries()) {
        console.log(
          `GET /v2/companies/{id}: ${apis[i].name} / bare ${(result.rps / b.rps).toFixed(2)} (target >= 0.6); CPU per request bare / ${apis[i].name} ${(b.cpuUs / result.cpuUs).toFixed(2)}`,
        );
      }
    }
    if (ROUTES.includes('search')) {
      await measure('POST /v2/people/search (cached count)', apis, [
        { method: 'POST', path: '/v2/people/search', headers, body: SEARCH_BODY },
      ]);
    }
    if (ROUTES.includes('lists'))
      await measure('GET /v2/lists (10 lists)', apis, [{ method: 'GET', path: '/v2/lists' }]);
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
      else printLayers(`${title} (--window ${run.windows.map((w) => w.join('-')).join(',')})`, profile, run);
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
