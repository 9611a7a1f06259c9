#!/usr/bin/env node
// What a hostile request body costs the built API (dist/) on a fresh database: how fast 4 MB bodies of
// hostile shapes are refused, and how /health answers while 16 of them arrive at once.
// Baselines measured in the same run: /health at idle, and a 4 MB body of the same size that JSON.parse
// reads in one go (one long string) and the filter reader refuses.
//
//   npm run build && node bench/body-cost.mjs [--runs 20] [--bursts 30]
//   env: BENCH_DATABASE_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379/13)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { apiClient, f1, percentile, startApi } from './_api.mjs';
import { adminQuery, databaseUrlFor, freePort, parseArgs, runNode, sleep } from './_lib.mjs';

const args = parseArgs();
const RUNS = Number(args.runs ?? 20);
const BURSTS = Number(args.bursts ?? 30);
const PARALLEL = 16;
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const REFUSE_TARGET_MS = 50;
const HEALTH_P99_TARGET_MS = 50;

const MB = 1024 * 1024;
// Bodies are encoded once, so the sending process spends no time on them during a measurement.
const SHAPES = {
  'deep nesting, 2,000,000 levels (4 MB)': [
    '/v2/people/search',
    Buffer.from(`{"filters":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`),
  ],
  'deep nesting, 5,000 levels (10 KB)': [
    '/v2/people/search',
    Buffer.from(`{"filters":${'['.repeat(5_000)}${']'.repeat(5_000)}}`),
  ],
  'wide array, 2,000,000 items (4 MB)': [
    '/v2/people/save',
    Buffer.from(`{"data":[${Array(2_000_000).fill('1').join(',')}]}`),
  ],
  'many keys, 300,000 in filters (4 MB)': [
    '/v2/people/search',
    Buffer.from(`{"filters":{${Array.from({ length: 300_000 }, (_, i) => `"k${i}":1`).join(',')}}}`),
  ],
};
const BASELINE = ['/v2/people/search', Buffer.from(JSON.stringify({ filters: 'x'.repeat(4 * MB - 20) }))];

/** POSTs a raw body on a connection of its own; answers status and milliseconds until the last byte of the answer. */
function post(port, path, key, raw) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': raw.length },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, text }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(raw);
  });
}

/**
 * GET /health every 5 ms from a process of its own (the sending process is busy writing megabytes), one
 * keep-alive connection, until `stop(from, to)`; answers the latencies of the probes sent between `from` and
 * `to` (Date.now(); all when not given) and the number of failed probes.
 */
function probeHealth(port) {
  const script = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = []; let failed = 0; let stopping = false;
    process.stdin.on('data', () => (stopping = true));
    const probe = () => {
      if (stopping) return process.stdout.write(JSON.stringify({ times, failed }), () => process.exit(0));
      const at = Date.now();
      const started = process.hrtime.bigint();
      const req = http.get({ host: '127.0.0.1', port: ${port}, path: '/health', agent, timeout: 5000 }, (res) => {
        res.resume();
        res.on('end', () => { if (res.statusCode === 200) times.push([at, Number(process.hrtime.bigint() - started) / 1e6]); else failed++; setTimeout(probe, 5); });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => { failed++; setTimeout(probe, 5); });
    };
    probe();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const finished = new Promise((resolve) => child.on('close', () => resolve(JSON.parse(out))));
  return {
    stop: async (from = 0, to = Infinity) => {
      child.stdin.write('stop\n');
      const { times, failed } = await finished;
      return { times: times.filter(([at]) => at >= from && at <= to).map(([, ms]) => ms), failed };
    },
  };
}

const summary = (times) =>
  `p50 ${f1(percentile(times, 50))} ms, p99 ${f1(percentile(times, 99))} ms, max ${f1(Math.max(...times))} ms`;

async function main() {
  const name = `pws_bench_body_${randomBytes(4).toString('hex')}`;
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
  const port = await freePort();
  const env = {
    DATABASE_URL: databaseUrlFor(ADMIN_URL, name),
    REDIS_URL,
    PORT: String(port),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMITS_ENFORCED: 'false',
  };
  let api;
  let failed = false;
  try {
    await runNode('dist/libs/database/src/migrate.js', [], env);
    const { api_key: key } = JSON.parse(
      (await runNode('dist/apps/cli/src/main.js', ['workspace:create', '--name', 'bench'], env)).stdout,
    );
    const call = apiClient(port);
    api = await startApi(env, call);
    call.close();

    // Warm-up: JIT, the key cache, connection pools.
    for (let i = 0; i < 5; i++) await post(port, BASELINE[0], key, BASELINE[1]);
    for (const [path, raw] of Object.values(SHAPES)) await post(port, path, key, raw);

    const idleProbe = probeHealth(port);
    await sleep(2_000);
    const idle = await idleProbe.stop();
    console.log(`baseline /health at idle (${idle.times.length} probes):            ${summary(idle.times)}`);

    const baseline = [];
    for (let i = 0; i < RUNS; i++) baseline.push((await post(port, BASELINE[0], key, BASELINE[1])).ms);
    const baselineP50 = percentile(baseline, 50);
    console.log(`baseline 4 MB body read in one go (one string; 400 by the filter reader): ${summary(baseline)}`);

    console.log(`\nhostile bodies, ${RUNS} runs each, one at a time (target: refused in under ${REFUSE_TARGET_MS} ms)`);
    for (const [shape, [path, raw]] of Object.entries(SHAPES)) {
      const times = [];
      const statuses = new Set();
      let answer = '';
      for (let i = 0; i < RUNS; i++) {
        const res = await post(port, path, key, raw);
        times.push(res.ms);
        statuses.add(res.status);
        answer = res.text;
      }
      const code = JSON.parse(answer).errors?.[0]?.payload?.code;
      const met = percentile(times, 50) < REFUSE_TARGET_MS && statuses.size === 1 && statuses.has(400);
      if (!met) failed = true;
      console.log(
        `  ${shape.padEnd(40)} ${[...statuses].join('/')} ${code}: ${summary(times)}; ratio to the 4 MB baseline ${(percentile(times, 50) / baselineP50).toFixed(2)} (${met ? 'met' : 'MISSED'})`,
      );
    }

    /** `bursts` times: PARALLEL copies of `raw` at once while /health is probed; the probes sent meanwhile. */
    const bursts = async (label, [path, raw], count) => {
      const probes = [];
      let probeFailures = 0;
      const seconds = [];
      for (let b = 0; b < count; b++) {
        const probe = probeHealth(port);
        await sleep(200);
        const from = Date.now();
        const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post(port, path, key, raw)));
        const to = Date.now();
        // Only the probes sent while the burst was arriving.
        const health = await probe.stop(from, to);
        seconds.push((to - from) / 1000);
        probes.push(...health.times);
        probeFailures += health.failed;
        if (answers.some((a) => a.status !== 400))
          throw new Error(`${label}: answered ${[...new Set(answers.map((a) => a.status))]}`);
      }
      console.log(
        `  ${label.padEnd(44)} burst p50 ${percentile(seconds, 50).toFixed(2)} s; /health ${probes.length} probes, ${probeFailures} failed: ${summary(probes)}`,
      );
      return { probes, probeFailures };
    };
    console.log(
      `\n${PARALLEL} bodies at once, ${BURSTS} bursts each, /health probed every 5 ms while they arrive (target: p99 under ${HEALTH_P99_TARGET_MS} ms, no failed probe)`,
    );
    const ordinary = await bursts(
      'baseline: 16 small ordinary requests (400)',
      ['/v2/people/search', Buffer.from('{"filters":"x"}')],
      BURSTS,
    );
    const hostile = await bursts(
      '16 hostile 4 MB bodies (deep nesting)',
      SHAPES['deep nesting, 2,000,000 levels (4 MB)'],
      BURSTS,
    );
    const p99 = percentile(hostile.probes, 99);
    const met = p99 < HEALTH_P99_TARGET_MS && hostile.probeFailures === 0;
    if (!met) failed = true;
    console.log(
      `  ratio of /health p99, hostile burst to ordinary burst: ${(p99 / percentile(ordinary.probes, 99)).toFixed(2)}; to idle: ${(p99 / percentile(idle.times, 99)).toFixed(2)} (${met ? 'met' : 'MISSED'})`,
    );
  } finally {
    api?.kill('SIGTERM');
    await sleep(500);
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
