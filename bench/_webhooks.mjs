// What the webhook benchmarks can share: a scratch database with webhooks in it, the built worker,
// a receiver that times each event from its commit, and an outbox producer. (bench/webhooks.mjs
// predates this module and keeps its own copies; new webhook benches import from here.)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { resolve } from 'node:path';
import { percentile } from './_api.mjs';
import { databaseUrlFor, requireFromRoot, ROOT, sleep } from './_lib.mjs';

const { Client } = requireFromRoot('pg');
const Redis = requireFromRoot('ioredis').default ?? requireFromRoot('ioredis');
const { encryptSecret } = requireFromRoot(resolve(ROOT, 'dist/libs/webhooks/src/secret-box.js'));

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A time-ordered id, as the service's ids are. */
export const ulid = () => {
  let t = Date.now();
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = CROCKFORD[t % 32] + head;
    t = Math.floor(t / 32);
  }
  return head + [...randomBytes(16)].map((b) => CROCKFORD[b % 32]).join('');
};

/**
 * A receiver on 127.0.0.1 answering 200 at once; `received` holds one entry per delivery with its
 * latency from the event's commit (`committedAt`, filled by the producer).
 */
export async function startTimedReceiver() {
  const committedAt = new Map();
  const received = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
      const now = Date.now();
      const id = req.headers['webhook-id'];
      const c = committedAt.get(id);
      received.push({ path: req.url, id, at: now, latency: c === undefined ? NaN : now - c });
    });
  });
  server.keepAliveTimeout = 30000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    committedAt,
    received,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A migrated scratch database and a flushed Redis database; `drop()` removes both. */
export async function webhookBenchStores({ adminUrl, redisUrl, prefix }) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = databaseUrlFor(adminUrl, name);
  execFileSync(process.execPath, [resolve(ROOT, 'dist/libs/database/src/migrate.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  await redis.flushdb();
  return {
    db,
    databaseUrl,
    redisUrl,
    secretsKey: randomBytes(32).toString('hex'),
    async drop() {
      await redis.flushdb();
      redis.disconnect();
      await db.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A workspace with one active `company.saved` webhook per URL (created a minute ago); answers its id and the webhook ids. */
export async function workspaceWithWebhooks(stores, name, urls) {
  const ws = `ws_${ulid()}`;
  await stores.db.query(`INSERT INTO workspaces (id, name, credits) VALUES ($1, $2, 0)`, [ws, name]);
  const ids = [];
  for (const url of urls) {
    const id = `wh_${ulid()}`;
    await stores.db.query(
      `INSERT INTO webhooks (id, workspace_id, url, events, secret_ciphertext, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, now() - interval '1 minute', now())`,
      [
        id,
        ws,
        url,
        ['company.saved'],
        encryptSecret(`whsec_${randomBytes(32).toString('base64')}`, Buffer.from(stores.secretsKey, 'hex')),
      ],
    );
    ids.push(id);
  }
  return { ws, ids };
}

/**
 * Starts dist's worker on the stores with `env` and waits until it is ready; `stop()` ends it,
 * `kill()` SIGKILLs it, `pid` samples it, `exit` is null while it runs, else `{code, signal}`. `stderr`: where its
 * stderr goes; `log`: a writable stream for its stdout after it is ready (else dropped).
 */
export async function startWorker(stores, env, { stderr = 'inherit', log = null } = {}) {
  const workerEnv = {
    ...process.env,
    DATABASE_URL: stores.databaseUrl,
    REDIS_URL: stores.redisUrl,
    SECRETS_KEY: stores.secretsKey,
    LOG_LEVEL: 'info',
    WORKER_METRICS_PORT: '0',
    ...env,
  };
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const worker = spawn(process.execPath, [...nodeArgs, resolve(ROOT, 'dist/apps/worker/src/main.js')], {
    cwd: ROOT,
    env: workerEnv,
    stdio: ['ignore', 'pipe', stderr],
  });
  await new Promise((ready, reject) => {
    let out = '';
    const onData = (d) => {
      out += d;
      if (!out.includes('worker ready')) return;
      worker.stdout.off('data', onData);
      ready();
    };
    worker.stdout.on('data', onData);
    worker.once('exit', (code) => reject(new Error(`worker exited (${code}): ${out.slice(-2000)}`)));
  });
  if (log) worker.stdout.pipe(log, { end: false });
  else worker.stdout.resume();
  const handle = { exit: null, pid: worker.pid };
  worker.once('exit', (code, signal) => (handle.exit = { code, signal }));
  return Object.assign(handle, {
    async kill() {
      if (handle.exit) return;
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (handle.exit) return;
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      const timer = setTimeout(() => worker.kill('SIGKILL'), 15000);
      await exited;
      clearTimeout(timer);
    },
  });
}

const companyData = (n) => ({
  company: {
    id: randomBytes(12).toString('hex'),
    name: `Bench Company ${n}`,
    website: `https://bench-${n}.example.com`,
    industry: 'Software Development',
  },
  saved_at: new Date().toISOString(),
  list_ids: [],
});

/** Commits `count` company.saved events of workspace `ws` in one transaction (+ NOTIFY); records their commit time. */
export async function commitEvents(stores, receiver, ws, count) {
  const values = [];
  const params = [];
  const ids = [];
  for (let i = 0; i < count; i++) {
    const id = `evt_${ulid()}`;
    params.push(
      id,
      ws,
      JSON.stringify({ id, type: 'company.saved', created_at: new Date().toISOString(), data: companyData(i) }),
    );
    values.push(`($${params.length - 2}, $${params.length - 1}, 'company.saved', $${params.length}, now())`);
    ids.push(id);
  }
  await stores.db.query(
    `WITH e AS (INSERT INTO events (id, workspace_id, type, body, created_at) VALUES ${values.join(',')} RETURNING 1) SELECT pg_notify('outbox_event', '') FROM (SELECT count(*) FROM e) x`,
    params,
  );
  const at = Date.now();
  for (const id of ids) receiver.committedAt.set(id, at);
  return ids;
}

/** Commits `rate` events/s of `ws` for `seconds` in 20 ms ticks; answers the event ids. */
export async function produce(stores, receiver, ws, rate, seconds) {
  const ids = [];
  const start = Date.now();
  while (Date.now() - start < seconds * 1000) {
    const due = Math.floor(((Date.now() - start) / 1000) * rate) - ids.length;
    if (due > 0) ids.push(...(await commitEvents(stores, receiver, ws, Math.min(due, 1000))));
    await sleep(20);
  }
  return ids;
}

/** Waits until every delivery of `ids` (`perEvent` webhooks each) arrived or `timeoutMs` passed; answers the count. */
export async function waitDelivered(receiver, ids, perEvent, timeoutMs) {
  const want = new Set(ids);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = receiver.received.filter((r) => want.has(r.id)).length;
    if (got >= want.size * perEvent || Date.now() > end) return got;
    await sleep(100);
  }
}

/** Latency figures (ms from commit to receipt) of the deliveries of `ids`. */
export function latencies(receiver, ids) {
  const set = new Set(ids);
  const lat = receiver.received
    .filter((r) => set.has(r.id))
    .map((r) => r.latency)
    .filter(Number.isFinite);
  return {
    delivered: lat.length,
    p50_ms: percentile(lat, 50),
    p90_ms: percentile(lat, 90),
    p99_ms: percentile(lat, 99),
    max_ms: Math.max(...lat),
  };
}
