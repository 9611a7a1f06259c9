#!/usr/bin/env node
// Webhook dispatcher benchmark: events committed to the outbox → worker → local receivers.
// Measures sustained deliveries/s at saturation, end-to-end latency (event committed → receiver
// answered) below saturation, and the same with one of ten receivers hanging until timeout.
// Usage: npm run build && node bench/webhooks.mjs [--seconds 10] [--rate 500] [--burst 20000] [--rounds 3] [--hooks 10] [--only saturation]
// `--hooks 1` runs the scenario of issue 11 instead (`--hooks 1 --producer outbox`: the phases above, one webhook):
// one webhook, the API as producer (four clients saving 500 new companies each, again and again, for
// --burst-seconds 20), then one client saving at
// --paced-rate 800 events/s for --seconds 20 (--burst-rate caps the burst); it measures deliveries/s over the burst, the longest
// gap between deliveries while tasks pend, p99 created_at -> arrival of the paced events created
// after the burst's backlog drained, and that every event arrived exactly once.
// Needs PostgreSQL (TEST_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379/14, flushed).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { databaseUrlFor, ROOT, sleep } from './_lib.mjs';
import { ulid } from './_webhooks.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const Redis = require('ioredis').default ?? require('ioredis');
const { encryptSecret } = require(resolve(ROOT, 'dist/libs/webhooks/src/secret-box.js'));

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const SECONDS = Number(args.seconds ?? 10);
const RATE = Number(args.rate ?? 500);
const BURST = Number(args.burst ?? 20000);
const HOOKS = Number(args.hooks ?? 10);
/** Ten webhooks: bare-POST baselines and bursts, alternated this many times; the median ratio is the figure. */
const ROUNDS = Number(args.rounds ?? 3);
const TIMEOUT_MS = Number(args.timeout ?? 10000);
/** One webhook: issue 11's scenario with company saves as producer, unless `--producer outbox` (the three phases below, one webhook). */
const SAVES = HOOKS === 1 && args.producer !== 'outbox';
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

function pct(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ---------------------------------------------------------------- receiver
const committedAt = new Map(); // event id -> ms when its INSERT committed
const received = []; // {path, id, latency, at, createdAt}
/** The ids a waitDelivered call waits for, and those of them received: counted on arrival, so a poll costs nothing. */
let watched = null;
let hangingPath = null;
const receiver = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (req.url === hangingPath) return; // hangs until the sender's timeout
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
    const now = Date.now();
    const id = req.headers['webhook-id'];
    const c = committedAt.get(id);
    const createdAt = SAVES ? Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).created_at) : NaN;
    received.push({ path: req.url, id, at: now, latency: c === undefined ? NaN : now - c, createdAt });
    if (watched?.want.has(id)) watched.got.add(id);
  });
});
receiver.keepAliveTimeout = 30000;
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${receiver.address().port}`;

// ---------------------------------------------------------------- database + worker
const dbName = `pws_bench_webhooks_${randomBytes(4).toString('hex')}`;
const admin = new Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const DATABASE_URL = databaseUrlFor(ADMIN_URL, dbName);
execFileSync(process.execPath, [resolve(ROOT, 'dist/libs/database/src/migrate.js')], {
  env: { ...process.env, DATABASE_URL },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const db = new Client({ connectionString: DATABASE_URL });
await db.connect();
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
await redis.flushdb();

const SECRETS_KEY = randomBytes(32).toString('hex');
const hooks = [];
for (let i = 0; i < HOOKS; i++) {
  const ws = `ws_${ulid()}`;
  await db.query(`INSERT INTO workspaces (id, name, credits) VALUES ($1, $2, 0)`, [ws, `bench ${i}`]);
  const id = `wh_${ulid()}`;
  const path = `/hook/${i}`;
  await db.query(
    `INSERT INTO webhooks (id, workspace_id, url, events, secret_ciphertext, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, now() - interval '1 minute', now())`,
    [
      id,
      ws,
      base + path,
      ['company.saved'],
      encryptSecret(`whsec_${randomBytes(32).toString('base64')}`, Buffer.from(SECRETS_KEY, 'hex')),
    ],
  );
  hooks.push({ ws, id, path });
}

const workerEnv = {
  ...process.env,
  DATABASE_URL,
  REDIS_URL,
  SECRETS_KEY,
  LOG_LEVEL: 'info',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  WEBHOOK_DISABLE_AFTER_TIMEOUTS: '100000',
  WORKER_METRICS_PORT: '0',
};
const worker = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    resolve(ROOT, 'dist/apps/worker/src/main.js'),
  ],
  { cwd: ROOT, env: workerEnv, stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise((resolveReady, reject) => {
  let out = '';
  worker.stdout.on('data', (d) => {
    out += d;
    if (out.includes('worker ready')) resolveReady();
  });
  worker.once('exit', (code) => reject(new Error(`worker exited (${code}): ${out.slice(-2000)}`)));
});

// ---------------------------------------------------------------- producer
const companyData = (n) => ({
  company: {
    id: randomBytes(12).toString('hex'),
    name: `Bench Company ${n}`,
    website: `https://bench-${n}.example.com`,
    industry: 'Software Development',
    employee_range: '51-200',
    location: { city: 'Berlin', country: 'Germany', country_code: 'DE' },
    keywords: ['saas', 'analytics', 'b2b'],
  },
  saved_at: new Date().toISOString(),
  list_ids: [],
});

/** Commits `count` events round-robin over the webhooks' workspaces in one transaction (+ NOTIFY). */
async function commitEvents(count, offset) {
  const values = [];
  const params = [];
  const ids = [];
  for (let i = 0; i < count; i++) {
    const n = offset + i;
    const id = `evt_${ulid()}`;
    const created = new Date().toISOString();
    const body = { id, type: 'company.saved', created_at: created, data: companyData(n) };
    params.push(id, hooks[n % HOOKS].ws, JSON.stringify(body), created);
    values.push(
      `($${params.length - 3}, $${params.length - 2}, 'company.saved', $${params.length - 1}, $${params.length})`,
    );
    ids.push(id);
  }
  await db.query(
    `WITH e AS (INSERT INTO events (id, workspace_id, type, body, created_at) VALUES ${values.join(',')} RETURNING 1) SELECT pg_notify('outbox_event', '') FROM (SELECT count(*) FROM e) x`,
    params,
  );
  const at = Date.now();
  for (const id of ids) committedAt.set(id, at);
  return ids;
}

/** Produces `rate` events/s for `seconds` in 20 ms ticks; answers the event ids. */
async function produce(rate, seconds, offset) {
  const ids = [];
  const start = Date.now();
  let sent = 0;
  while (Date.now() - start < seconds * 1000) {
    const due = Math.floor(((Date.now() - start) / 1000) * rate) - sent;
    if (due > 0) {
      ids.push(...(await commitEvents(Math.min(due, 1000), offset + sent)));
      sent += Math.min(due, 1000);
    }
    await sleep(20);
  }
  return ids;
}

async function waitDelivered(ids, filter, timeoutMs) {
  const want = new Set(ids.filter(filter));
  watched = { want, got: new Set(received.filter((r) => want.has(r.id)).map((r) => r.id)) };
  const end = Date.now() + timeoutMs;
  try {
    while (watched.got.size < want.size && Date.now() <= end) await sleep(100);
    return watched.got.size;
  } finally {
    watched = null;
  }
}

function summarize(name, ids, hookFilter = () => true) {
  const set = new Set(ids);
  const rows = received.filter((r) => set.has(r.id) && hookFilter(r.path));
  const lat = rows
    .map((r) => r.latency)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return {
    phase: name,
    delivered: rows.length,
    p50_ms: pct(lat, 50),
    p90_ms: pct(lat, 90),
    p99_ms: pct(lat, 99),
    max_ms: lat[lat.length - 1],
  };
}

/**
 * Baseline: the same receiver driven by a bare keep-alive POST loop from this process (no queue,
 * no database, no signing), 100 requests in flight: the HTTP ceiling of this machine right now.
 */
/** Commits a burst of BURST events at once and answers how fast they were all delivered. */
async function saturate(offset) {
  const burstIds = [];
  for (let i = 0; i < BURST; i += 1000) burstIds.push(...(await commitEvents(Math.min(1000, BURST - i), offset + i)));
  const t0 = Math.min(...burstIds.map((id) => committedAt.get(id)));
  await waitDelivered(burstIds, () => true, 300000);
  const burstRows = received.filter((r) => committedAt.get(r.id) >= t0);
  const span = (Math.max(...burstRows.map((r) => r.at)) - t0) / 1000;
  return { seconds: Number(span.toFixed(2)), deliveries_per_s: Math.round(burstRows.length / span) };
}

async function barePostsPerSecond(seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const body = JSON.stringify({ id: 'evt_baseline', type: 'company.saved', data: companyData(0) });
  const end = Date.now() + seconds * 1000;
  let done = 0;
  const post = () =>
    new Promise((resolveDone, reject) => {
      const req = http.request(
        `${base}/baseline`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', resolveDone);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (Date.now() < end) {
        await post();
        done += 1;
      }
    }),
  );
  agent.destroy();
  return Math.round(done / ((Date.now() - started) / 1000));
}

/**
 * The creation time of the first of `candidates` (in creation order) when at most `depth` events
 * created before it were still undelivered, or null: from then on the dispatcher keeps up.
 */
function catchUpTime(all, candidates, depth) {
  const created = all.map((r) => r.createdAt).sort((a, b) => a - b);
  const arrived = all.map((r) => r.at).sort((a, b) => a - b);
  const countBelow = (sorted, t, inclusive) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < t || (inclusive && sorted[mid] === t)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const t of candidates.map((r) => r.createdAt).sort((a, b) => a - b)) {
    if (countBelow(created, t, false) - countBelow(arrived, t, true) <= depth) return t;
  }
  return null;
}

/** Issue 11's scenario: one webhook, the API's company saves as producer; see the header. */
async function savesScenario(results) {
  const { apiClient, startApi, percentile } = await import('./_api.mjs');
  const { freePort, runNode } = await import('./_lib.mjs');
  const BURST_SECONDS = Number(args['burst-seconds'] ?? 20);
  const PACED = Number(args['paced-rate'] ?? 800);
  /** Caps the four clients together at this many events/s (0: as fast as the API saves; the issue saw about 2,100/s). */
  const BURST_RATE = Number(args['burst-rate'] ?? 0);
  const PACED_SECONDS = Number(args.seconds ?? 20);
  const companies = Number(args.companies ?? 150_000);
  const hex = (n) => '5d' + n.toString(16).padStart(22, '0');
  await db.query(
    `INSERT INTO companies (id, name, website, email_domain, pro_network_id, organization_id, page_type)
     SELECT '5d' || lpad(to_hex(n), 22, '0'), 'Bulk ' || n, 'bulk-' || n || '.example', 'mail-' || n || '.example', n, 'org_' || n, 'main'
       FROM generate_series(1, $1::int) AS n`,
    [companies],
  );
  await db.query('ANALYZE companies');
  const port = await freePort();
  const call = apiClient(port);
  const apiEnv = {
    DATABASE_URL,
    REDIS_URL,
    SECRETS_KEY,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMITS_ENFORCED: 'false',
  };
  const api = await startApi(apiEnv, call);
  try {
    const ws = JSON.parse(
      (await runNode('dist/apps/cli/src/main.js', ['workspace:create', '--name', 'bench saves'], apiEnv)).stdout,
    );
    await db.query(`UPDATE webhooks SET workspace_id = $1 WHERE id = $2`, [ws.workspace_id, hooks[0].id]);
    let nextId = 1;
    const save = async (n) => {
      if (nextId + n > companies) throw new Error(`out of companies: raise --companies (${companies})`);
      const data = Array.from({ length: n }, () => hex(nextId++));
      const res = await call('POST', '/v2/companies/save', { data }, ws.api_key);
      if (res.status !== 200 && res.status !== 201)
        throw new Error(`save answered ${res.status}: ${res.text.slice(0, 300)}`);
      return res.json.metadata.saved_count;
    };
    received.length = 0;
    const t0 = Date.now();
    // Every 2 s on stderr: events not yet relayed, tasks pending, deliveries so far (where a stall sits).
    const sampler = setInterval(async () => {
      const [row] = (
        await db.query(
          `SELECT (SELECT count(*) FROM events WHERE relayed_at IS NULL) AS unrelayed, (SELECT count(*) FROM webhook_tasks WHERE state = 'pending') AS pending`,
        )
      ).rows;
      process.stderr.write(
        `t=${((Date.now() - t0) / 1000).toFixed(0)}s unrelayed=${row.unrelayed} pending=${row.pending} delivered=${received.length}\n`,
      );
    }, 2000);
    let burstEvents = 0;
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (Date.now() - t0 < BURST_SECONDS * 1000) {
          if (BURST_RATE > 0 && burstEvents >= ((Date.now() - t0) / 1000) * BURST_RATE) {
            await sleep(10);
            continue;
          }
          const saved = await save(500); // not `x += await`: the four clients would overwrite each other's sums
          burstEvents += saved;
        }
      }),
    );
    const pacedStart = Date.now();
    let pacedEvents = 0;
    for (let sent = 0; Date.now() - pacedStart < PACED_SECONDS * 1000;) {
      const due = Math.floor(((Date.now() - pacedStart) / 1000) * PACED) - sent;
      if (due < 40) {
        await sleep(10);
        continue;
      }
      const n = Math.min(due, 500);
      sent += n;
      pacedEvents += await save(n); // one client: no concurrent update
    }
    const total = burstEvents + pacedEvents;
    const deadline = Date.now() + 300_000;
    while (new Set(received.map((r) => r.id)).size < total && Date.now() < deadline) await sleep(200);
    await sleep(2000); // late duplicates would arrive now
    clearInterval(sampler);
    const unique = new Set(received.map((r) => r.id)).size;
    const burstRows = received.filter((r) => r.createdAt < pacedStart);
    const drainedAt = burstRows.reduce((latest, r) => Math.max(latest, r.at), 0); // not Math.max(...rows): 100,000+ arguments overflow the stack
    const arrivals = received.map((r) => r.at).sort((a, b) => a - b);
    let longestGap = arrivals[0] - t0;
    for (let i = 1; i < arrivals.length; i++) longestGap = Math.max(longestGap, arrivals[i] - arrivals[i - 1]);
    const paced = received.filter((r) => r.createdAt >= pacedStart);
    const latencies = (rows) => rows.map((r) => r.at - r.createdAt).sort((a, b) => a - b);
    const afterDrain = latencies(paced.filter((r) => r.createdAt > drainedAt));
    // Paced events created while the burst drained queue behind it too: the dispatcher has caught
    // up once an event finds at most one save's worth (500) of earlier events still undelivered.
    const caughtUpAt = catchUpTime(
      received,
      paced.filter((r) => r.createdAt > drainedAt),
      500,
    );
    const afterCatchUp = caughtUpAt === null ? [] : latencies(paced.filter((r) => r.createdAt >= caughtUpAt));
    const during = received.filter((r) => r.at <= t0 + BURST_SECONDS * 1000).length;
    results.saves = {
      burst: {
        events: burstEvents,
        producer_events_per_s: Math.round(burstEvents / ((pacedStart - t0) / 1000)),
        delivered_per_s_while_producing: Math.round(during / BURST_SECONDS),
        drained_after_s: Number(((drainedAt - t0) / 1000).toFixed(1)),
        deliveries_per_s_until_drained: Math.round(burstRows.length / ((drainedAt - t0) / 1000)),
      },
      longest_gap_without_delivery_ms: longestGap,
      paced: {
        rate: PACED,
        events: pacedEvents,
        created_after_burst_delivered: {
          events: afterDrain.length,
          p50_ms: percentile(afterDrain, 50),
          p99_ms: percentile(afterDrain, 99),
          max_ms: afterDrain[afterDrain.length - 1],
        },
        caught_up_after_s: caughtUpAt === null ? null : Number(((caughtUpAt - t0) / 1000).toFixed(1)),
        created_after_caught_up: {
          events: afterCatchUp.length,
          p50_ms: percentile(afterCatchUp, 50),
          p99_ms: percentile(afterCatchUp, 99),
          max_ms: afterCatchUp[afterCatchUp.length - 1],
        },
      },
      all_delivered: unique === total,
      missing: total - unique,
      duplicates: received.length - unique,
    };
  } finally {
    api.kill('SIGTERM');
    call.close();
  }
}

const results = {};
try {
  if (SAVES) {
    results.baseline = { bare_posts_per_s: await barePostsPerSecond(3) };
    await savesScenario(results);
    results.ratios = {
      deliveries_until_drained_vs_bare_posts: Number(
        (results.saves.burst.deliveries_per_s_until_drained / results.baseline.bare_posts_per_s).toFixed(2),
      ),
    };
    console.log(JSON.stringify(results, null, 2));
  } else {
    // 1. Saturation: a burst committed at once, delivered as fast as the worker can; ROUNDS times,
    // each right after its own bare-POST baseline (this machine's speed drifts between minutes).
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await barePostsPerSecond(3);
      received.length = 0;
      const burst = await saturate(round * BURST);
      rounds.push({ bare_posts_per_s: bare, ...burst, ratio: Number((burst.deliveries_per_s / bare).toFixed(2)) });
      console.log(
        `round ${round + 1}: bare keep-alive POSTs to the same receiver, 100 in flight: ${bare}/s; ` +
          `saturation: ${BURST} deliveries in ${burst.seconds} s = ${burst.deliveries_per_s}/s; ratio ${rounds.at(-1).ratio}`,
      );
    }
    const middle = (values) =>
      pct(
        values.toSorted((a, b) => a - b),
        50,
      );
    results.baseline = { bare_posts_per_s: middle(rounds.map((r) => r.bare_posts_per_s)) };
    results.saturation = {
      events: BURST,
      deliveries_per_s: middle(rounds.map((r) => r.deliveries_per_s)),
      ratio_median: middle(rounds.map((r) => r.ratio)),
      rounds,
    };
    console.log(
      `saturation vs bare POSTs, median of ${ROUNDS} rounds: ${results.saturation.ratio_median} ` +
        `(${results.saturation.deliveries_per_s}/s against ${results.baseline.bare_posts_per_s}/s)`,
    );
    if (args.only === 'saturation') {
      await cleanUp();
      process.exit(0);
    }

    // 2. Below saturation: RATE events/s for SECONDS s, all ten receivers healthy.
    received.length = 0;
    const steady = await produce(RATE, SECONDS, 1_000_000);
    await waitDelivered(steady, () => true, 60000);
    results.steady = { rate: RATE, ...summarize('steady', steady) };
    console.log(
      `steady ${RATE}/s: p50 ${results.steady.p50_ms} ms, p99 ${results.steady.p99_ms} ms (${results.steady.delivered} deliveries)`,
    );

    // 3. The same load with one of the ten receivers hanging until the sender's timeout.
    received.length = 0;
    hangingPath = hooks[0].path;
    const hung = await produce(RATE, SECONDS, 2_000_000);
    const healthyIds = hung.filter((_id, i) => i % HOOKS !== 0);
    await waitDelivered(healthyIds, () => true, 60000);
    results.one_hanging = {
      rate: RATE,
      timeout_ms: TIMEOUT_MS,
      ...summarize('one receiver hanging (nine healthy)', healthyIds, (p) => p !== hangingPath),
    };
    console.log(
      `one of ten hanging, ${RATE}/s: healthy p50 ${results.one_hanging.p50_ms} ms, p99 ${results.one_hanging.p99_ms} ms (${results.one_hanging.delivered}/${healthyIds.length} delivered)`,
    );
    results.ratios = {
      saturation_vs_bare_posts: results.saturation.ratio_median,
      saturation_vs_target_1000: Number((results.saturation.deliveries_per_s / 1000).toFixed(2)),
      healthy_p99_hanging_vs_steady: Number((results.one_hanging.p99_ms / results.steady.p99_ms).toFixed(2)),
    };
    console.log(JSON.stringify(results, null, 2));
  }
} finally {
  await cleanUp();
}

/** Stops the worker, drops the database and closes the receiver. */
async function cleanUp() {
  const exited = new Promise((r) => worker.once('exit', r));
  worker.kill('SIGTERM');
  const timer = setTimeout(() => worker.kill('SIGKILL'), 15000);
  await exited;
  clearTimeout(timer);
  await redis.flushdb();
  redis.disconnect();
  await db.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  receiver.closeAllConnections();
  receiver.close();
}
