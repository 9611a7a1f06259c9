// What the API benchmarks share: timing HTTP calls against one built API, percentiles, closed
// loops, and starting the API from dist/.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { databaseUrlFor, requireFromRoot, ROOT, runNode, sleep } from './_lib.mjs';

export const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
export const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');

/**
 * Calls one API on 127.0.0.1:`port`: HTTP/1.1 with keep-alive, timed from the request until the last byte of
 * the answer; a call without an answer within `timeoutMs` fails.
 */
export function apiClient(port, { timeoutMs = 120_000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const call = function call(method, path, body, key, extraHeaders = {}) {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
      const headers = { accept: 'application/json', ...extraHeaders };
      if (key) headers['x-api-key'] = key;
      if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
      const started = process.hrtime.bigint();
      const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, ms, json, text, headers: res.headers });
        });
      });
      req.setTimeout(timeoutMs, () =>
        req.destroy(
          Object.assign(new Error(`${method} ${path} timed out after ${timeoutMs / 1000} s`), {
            code: 'CLIENT_TIMEOUT',
          }),
        ),
      );
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  };
  call.close = () => agent.destroy();
  return call;
}

/** `workers` loops calling `next(w, i)` until `seconds` pass; answers latencies and throughput. */
export async function closedLoop(workers, seconds, next) {
  const times = [];
  const deadline = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; Date.now() < deadline; i++) times.push(await next(w, i));
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    n: times.length,
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
  };
}

/**
 * Starts dist's API with `env` and waits for /health (BENCH_API_NODE_ARGS: extra node flags, e.g. --cpu-prof).
 * `stdout`/`stderr`: where its output goes (a file descriptor); stdout defaults to the file BENCH_API_LOG names,
 * to find what an error answer was, else nowhere.
 */
export async function startApi(
  env,
  call,
  { stdout = process.env.BENCH_API_LOG ? openSync(process.env.BENCH_API_LOG, 'a') : 'ignore', stderr = 'inherit' } = {},
) {
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // SHUTDOWN_DELAY 0: no load balancer to drain, so SIGTERM at the end of a run stops it at once.
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'dist/apps/api/src/main.js')], {
    env: { SHUTDOWN_DELAY: '0', ...process.env, ...env },
    stdio: ['ignore', stdout, stderr],
  });
  let exited = null;
  child.on('exit', (code) => (exited = code));
  for (let i = 0; ; i++) {
    if (exited !== null) throw new Error(`the API exited with ${exited} while starting`);
    const res = await call('GET', '/health').catch(() => null);
    if (res?.status === 200) return child;
    if (i > 600) throw new Error('the API did not answer /health within 60 s');
    await sleep(100);
  }
}

/** Runs `fn` over `items` with at most `n` at a time. */
export async function pool(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

export const firstOfMonthUtc = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString().slice(0, 10);
};

/**
 * The database a benchmark runs on: `given` as it is, or a scratch database created on `adminUrl`.
 * `prepare(env)` runs the migrations and fills a scratch database with `dataset:generate --seed
 * bench`; `drop()` removes a scratch database (after `keep`, it only says where it is).
 */
export async function benchDatabase({ given, adminUrl, prefix, people, companies, keep }) {
  const pg = requireFromRoot('pg');
  const scratch = given ? null : `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = given ?? databaseUrlFor(adminUrl, scratch);
  const admin = scratch ? new pg.Client({ connectionString: adminUrl }) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${scratch}`);
  }
  return {
    url,
    scratch,
    async prepare(env) {
      await runNode('dist/libs/database/src/migrate.js', [], env);
      if (!scratch) return;
      console.log(
        `generating ${people} people and ${companies} companies into scratch database ${scratch} (seed bench, as-of ${firstOfMonthUtc()}) ...`,
      );
      const gen = await runNode(
        'dist/apps/cli/src/main.js',
        [
          'dataset:generate',
          '--people',
          String(people),
          '--companies',
          String(companies),
          '--seed',
          'bench',
          '--as-of',
          firstOfMonthUtc(),
        ],
        env,
      );
      console.log(`generated in ${gen.seconds.toFixed(1)} s`);
    },
    async drop() {
      if (!admin) return;
      if (keep) console.log(`kept database ${scratch}`);
      else {
        await sleep(500);
        await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch((e) => console.error(e.message));
      }
      await admin.end();
    },
  };
}
