#!/usr/bin/env node
// Email verification throughput: a 10,000-address job from POST to `completed`, through the built
// API and worker (dist/) on a fresh database, with the injected (static) domain resolver.
// Half the addresses are known to the dataset (person_emails), the rest spread over 1,000 domains;
// the workspace owns (as if its saves had revealed them) half of the known ones, so every chunk runs
// the ownership lookup and the stored-status lookup of what it owns.
// Baselines measured in the same run: a 1-address job (fixed latency of queue + polling) and the
// same 10,000 addresses through the pure verifier in this process (no database, no queue).
//
//   npm run build && node bench/verifications.mjs
//   env: BENCH_DATABASE_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379/13)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, databaseUrlFor, freePort, ROOT } from './_lib.mjs';

const require = createRequire(import.meta.url);
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const N = 10_000;
const TARGET_S = 5;

const dist = (p) => join(ROOT, 'dist', p);
const tmp = mkdtempSync(join(tmpdir(), 'bench-verify-'));
const children = [];

const admin = (sql) => adminQuery(ADMIN_URL, sql);

function start(app, env) {
  // SHUTDOWN_DELAY 0: no load balancer to drain, so SIGTERM at the end of a run stops it at once.
  const child = spawn(process.execPath, [dist(`apps/${app}/src/main.js`)], {
    env: { SHUTDOWN_DELAY: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  children.push(child);
  return { child, log: () => log };
}

async function until(fn, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await fn().catch(() => null);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const addresses = Array.from({ length: N }, (_, i) => `person${i}@company${i % 1000}.example`);
const people = addresses
  .filter((_, i) => i % 2 === 0)
  .map((address, i) =>
    JSON.stringify({
      id: (i + 1).toString(16).padStart(24, '0'),
      emails: [{ address, status: ['valid', 'invalid', 'accept_all'][i % 3] }],
      positions: [],
    }),
  );
const resolverMap = Object.fromEntries(
  Array.from({ length: 1000 }, (_, d) => [`company${d}.example`, d % 10 === 0 ? 'no_mail' : 'mail']),
);

async function main() {
  const name = `pws_bench_verify_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const databaseUrl = databaseUrlFor(ADMIN_URL, name);
  try {
    const port = await freePort();
    const resolverFile = join(tmp, 'resolver.json');
    writeFileSync(resolverFile, JSON.stringify(resolverMap));
    const peopleFile = join(tmp, 'people.ndjson');
    writeFileSync(peopleFile, people.join('\n') + '\n');
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PORT: String(port),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      RATE_LIMITS_ENFORCED: 'false',
      VERIFICATION_DNS: 'on',
      VERIFICATION_RESOLVER: `static:${resolverFile}`,
    };
    execFileSync(process.execPath, [dist('libs/database/src/migrate.js')], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    execFileSync(process.execPath, [dist('apps/cli/src/main.js'), 'dataset:import', '--people', peopleFile], {
      env,
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const { api_key: key, workspace_id: workspaceId } = JSON.parse(
      execFileSync(process.execPath, [dist('apps/cli/src/main.js'), 'workspace:create', '--name', 'bench'], {
        env,
      }).toString(),
    );
    await adminQuery(
      databaseUrl,
      `INSERT INTO saved_people (workspace_id, person_id, revealed_email, revealed_at)
       SELECT '${workspaceId}', person_id, address, now() FROM person_emails WHERE ('x' || right(person_id, 8))::bit(32)::int % 2 = 0`,
    );

    start('api', env);
    const worker = start('worker', { ...env, LOG_LEVEL: 'info' });
    const base = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${base}/health`)).ok, 30000, 'api health');
    await until(async () => worker.log().includes('worker ready'), 30000, 'worker ready');
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };

    const runJob = async (emails) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/v2/email-verifications`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ emails }),
      });
      if (res.status !== 202) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      const { data } = await res.json();
      const created = performance.now() - t0;
      const job = await until(
        async () => {
          const r = await (await fetch(`${base}/v2/email-verifications/${data.id}`, { headers })).json();
          return ['completed', 'failed'].includes(r.data.status) ? r.data : null;
        },
        120000,
        'job completion',
      );
      return { seconds: (performance.now() - t0) / 1000, createMs: created, job };
    };

    await runJob(['warm.up@company1.example']); // JIT and connection pools
    const single = await runJob(['person0@company0.example']);
    const big = await runJob(addresses);
    if (big.job.status !== 'completed' || big.job.processed !== N)
      throw new Error(`job ended ${big.job.status} at ${big.job.processed}`);

    // In-process baseline: the same verifier with an in-memory stored-status map, no DB, no queue.
    const { verifyAddresses } = require(dist('libs/common/src/email/verify-addresses.js'));
    const { StaticDomainResolver } = require(dist('libs/common/src/email/domain-resolver.js'));
    const stored = new Map(people.map((l) => JSON.parse(l).emails[0]).map((e) => [e.address, e.status]));
    const owned = new Set([...stored.keys()].filter((_, i) => i % 2 === 1)); // person ids 2, 4, …: as in the database
    const t1 = performance.now();
    await verifyAddresses(addresses, {
      ownedAddresses: async (a) => new Set(a.filter((x) => owned.has(x))),
      storedStatuses: async (a) => new Map(a.filter((x) => stored.has(x)).map((x) => [x, stored.get(x)])),
      resolver: new StaticDomainResolver(resolverMap),
    });
    const pureS = (performance.now() - t1) / 1000;

    const rate = N / big.seconds;
    console.log(
      `10,000-address job, POST to completed:   ${big.seconds.toFixed(2)} s  (${Math.round(rate).toLocaleString('en')} addresses/s; target < ${TARGET_S} s: ${big.seconds < TARGET_S ? 'met' : 'MISSED'})`,
    );
    console.log(`  of which POST (validate, insert, enqueue): ${big.createMs.toFixed(0)} ms`);
    console.log(`  counts: ${JSON.stringify(big.job.counts)}`);
    console.log(`baseline 1-address job (queue + polling):  ${single.seconds.toFixed(3)} s`);
    console.log(
      `baseline pure verifier in process:         ${pureS.toFixed(3)} s  (${Math.round(N / pureS).toLocaleString('en')} addresses/s)`,
    );
    console.log(
      `ratios: 10k job / 1-address job = ${(big.seconds / single.seconds).toFixed(1)}x; 10k job / pure verifier = ${(big.seconds / pureS).toFixed(1)}x`,
    );
    if (big.seconds >= TARGET_S) process.exitCode = 1;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
