#!/usr/bin/env node
// Load and soak (issue 12 point 2): a mixed workload at a steady rate against the built API and worker,
// with a local receiver so the worker delivers webhooks. Reports per route the requests, the error answers
// (anything but 2xx, 429s included, and network errors), p50/p99 after warm-up; RSS (/proc VmRSS) and heap
// (process metrics: the API's /metrics with OPS_TOKEN, the worker's WORKER_METRICS_PORT) of both processes
// at the start and the end of the measured part; webhook events emitted and delivered.
//   npm run load                               (LOAD_SECONDS=600: ten minutes)
//   LOAD_SECONDS=60 npm run load -- --warmup 15
//   node bench/load.mjs [--seconds 600] [--warmup 60] [--scale 1] [--database URL] [--people 100000 --companies 20000] [--keep]
// --database: an existing generated data set (`dataset:generate`), migrated; it gains the run's saves. Without it a
// scratch database is generated (DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres) and
// dropped. Redis: BENCH_REDIS_URL (default redis://127.0.0.1:6379/14), flushed. Exits 1 on any error answer.
// Open loop: requests start on a fixed schedule whatever the latency, so a slow answer cannot hide as a lower rate.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiClient, benchDatabase, f1, percentile, startApi } from './_api.mjs';
import { freePort, parseArgs, requireFromRoot, runNode, sleep } from './_lib.mjs';
import { startTimedReceiver, startWorker } from './_webhooks.mjs';

const pg = requireFromRoot('pg');
const Redis = requireFromRoot('ioredis').default ?? requireFromRoot('ioredis');

const args = parseArgs();
const SECONDS = Number(args.seconds ?? process.env.LOAD_SECONDS ?? 600);
const WARMUP = Number(args.warmup ?? Math.min(60, Math.round(SECONDS / 5)));
const SCALE = Number(args.scale ?? 1);
const GIVEN_DATABASE = args.database && args.database !== 'true' ? args.database : null;
const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
/** Past this many requests in flight the machine cannot keep up: further starts are counted as errors, not queued. */
const MAX_IN_FLIGHT = 256;
const SAMPLE_EVERY_MS = 5000;
const TARGET_RSS_GROWTH_PCT = 10;

const OPS_TOKEN = randomBytes(24).toString('hex');
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const sample = (items, n) => Array.from({ length: n }, () => pick(items));

const SEARCHES = [
  {},
  { person_seniority: { include: ['Director', 'VP'] } },
  { person_department: { include: ['Sales'] }, company_country: { include: ['US', 'GB', 'DE'] } },
  { person_job_title: { include: ['Software Engineer'] } },
  { person_location: { include: ['Germany'] } },
  { company_industry: { include: ['Financial Services'] }, company_headcount_custom: { min: 200, max: 5000 } },
  { contact_details: { email: { status: ['valid'] } } },
  { person_job_title: { boolean_search: "('Sales Manager' OR 'Account Executive') AND !Intern" } },
];

/**
 * Requests per second of each route at --scale 1 (about 17/s in all). Each entry builds one request from
 * the run's state; `after` keeps ids for later requests (a verification to read, people to remove).
 */
function workload(ctx) {
  return [
    {
      route: 'POST /v2/people/search',
      rate: 4,
      make: () => [
        'POST',
        '/v2/people/search',
        { filters: pick(SEARCHES), page: 1 + Math.floor(Math.random() * 5), per_page: 25 },
      ],
    },
    {
      route: 'POST /v2/people/calculate-credits',
      rate: 2,
      make: () => ['POST', '/v2/people/calculate-credits', { data: sample(ctx.people, 25) }],
    },
    { route: 'GET /v2/companies/:id', rate: 5, make: () => ['GET', `/v2/companies/${pick(ctx.companies)}`] },
    {
      route: 'POST /v2/companies/save',
      rate: 1,
      make: () => ['POST', '/v2/companies/save', { data: sample(ctx.companies, 5), list_ids: [ctx.companyList] }],
    },
    {
      route: 'POST /v2/people/save',
      rate: 1,
      make: () => {
        const ids = sample(ctx.people, 10);
        return ['POST', '/v2/people/save', { data: ids, list_ids: [ctx.peopleList] }, () => ctx.saved.push(...ids)];
      },
    },
    {
      route: 'POST /v2/people/lists/remove',
      rate: 0.5,
      make: () => [
        'POST',
        '/v2/people/lists/remove',
        { list_id: ctx.peopleList, ids: ctx.saved.splice(0, 5).concat(sample(ctx.people, 1)) },
      ],
    },
    {
      route: 'POST /v2/email-verifications',
      rate: 0.5,
      make: () => [
        'POST',
        '/v2/email-verifications',
        { emails: Array.from({ length: 5 }, (_, i) => `load.${randomBytes(4).toString('hex')}${i}@example.com`) },
        (json) => ctx.verifications.push(json.data.id),
      ],
    },
    {
      route: 'GET /v2/email-verifications/:id',
      rate: 1,
      make: () =>
        ctx.verifications.length ? ['GET', `/v2/email-verifications/${pick(ctx.verifications.slice(-50))}`] : null,
    },
    { route: 'GET /v2/webhooks', rate: 0.5, make: () => ['GET', '/v2/webhooks'] },
    { route: 'GET /v2/webhooks/:id', rate: 0.5, make: () => ['GET', `/v2/webhooks/${ctx.webhook}`] },
    {
      route: 'PATCH /v2/webhooks/:id',
      rate: 0.25,
      make: () => ['PATCH', `/v2/webhooks/${ctx.webhook}`, { description: `load ${Date.now()}` }],
    },
    {
      route: 'POST /v2/webhooks',
      rate: 0.25,
      make: () => [
        'POST',
        '/v2/webhooks',
        { url: `${ctx.receiverUrl}/extra`, events: ['company.saved'] },
        (json) => ctx.extraWebhooks.push(json.data.id),
      ],
    },
    {
      route: 'DELETE /v2/webhooks/:id',
      rate: 0.25,
      make: () => (ctx.extraWebhooks.length ? ['DELETE', `/v2/webhooks/${ctx.extraWebhooks.shift()}`] : null),
    },
  ];
}

// ---------------------------------------------------------------------------------------------- memory

const vmRssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function heapUsedMiB(url, headers, prefix) {
  const text = await (await fetch(url, { headers })).text();
  const m = new RegExp(`^${prefix}nodejs_heap_size_used_bytes (\\d+(?:\\.\\d+)?)`, 'm').exec(text);
  return m ? Number(m[1]) / 2 ** 20 : NaN;
}

/** A sample of both processes: RSS from /proc, heap in use from their metrics. */
async function memorySample(proc) {
  return {
    at: Date.now(),
    apiRss: vmRssMiB(proc.apiPid),
    workerRss: vmRssMiB(proc.workerPid),
    apiHeap: await heapUsedMiB(proc.apiMetrics, { authorization: `Bearer ${OPS_TOKEN}` }, 'pws_api_').catch(() => NaN),
    workerHeap: await heapUsedMiB(proc.workerMetrics, {}, 'pws_worker_').catch(() => NaN),
  };
}

/** Median of each figure over the samples of one window: one GC cycle must not make the start or the end. */
function windowFigures(samples) {
  const med = (key) => percentile(samples.map((s) => s[key]).filter(Number.isFinite), 50);
  return {
    apiRss: med('apiRss'),
    workerRss: med('workerRss'),
    apiHeap: med('apiHeap'),
    workerHeap: med('workerHeap'),
    samples: samples.length,
  };
}

// ---------------------------------------------------------------------------------------------- run

async function setUp(database, env, call) {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const people = (await db.query(`SELECT id FROM people TABLESAMPLE SYSTEM (5) LIMIT 5000`)).rows.map((r) => r.id);
  const companies = (await db.query(`SELECT id FROM companies TABLESAMPLE SYSTEM (20) LIMIT 2000`)).rows.map(
    (r) => r.id,
  );
  await db.end();
  if (people.length < 100 || companies.length < 100)
    throw new Error(`the data set is too small: ${people.length} people, ${companies.length} companies sampled`);
  const created = await runNode(
    'dist/apps/cli/src/main.js',
    ['workspace:create', '--name', 'load', '--credits', '1000000000'],
    env,
  );
  const ws = JSON.parse(created.stdout);
  const post = async (path, body) => {
    const res = await call('POST', path, body, ws.api_key);
    if (res.status >= 300) throw new Error(`${path}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
    return res.json.data;
  };
  return { key: ws.api_key, workspaceId: ws.workspace_id, people, companies, post };
}

async function main() {
  const receiver = await startTimedReceiver();
  const receiverUrl = `http://127.0.0.1:${receiver.port}`;
  const database = await benchDatabase({
    given: GIVEN_DATABASE,
    adminUrl: ADMIN,
    prefix: 'bench_load',
    people: Number(args.people ?? 100_000),
    companies: Number(args.companies ?? 20_000),
    keep: args.keep === 'true',
  });
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  await redis.flushdb();
  const [port, workerMetricsPort] = [await freePort(), await freePort()];
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    PORT: String(port),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    OPS_TOKEN,
    LOG_LEVEL: 'warn',
    RATE_LIMITS_ENFORCED: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    VERIFICATION_DNS: 'off',
    WORKER_METRICS_PORT: String(workerMetricsPort),
  };
  const call = apiClient(port);
  let api = null;
  let worker = null;
  try {
    await database.prepare(env);
    api = await startApi(env, call);
    console.log('api up');
    worker = await startWorker(
      { databaseUrl: database.url, redisUrl: REDIS_URL, secretsKey: env.SECRETS_KEY },
      { ...env, LOG_LEVEL: 'info' },
    ); // its readiness is an info line
    console.log('worker up');
    const base = await setUp(database, env, call);
    console.log('workspace and samples ready');
    const ctx = {
      ...base,
      receiverUrl,
      saved: [],
      verifications: [],
      extraWebhooks: [],
      peopleList: (await base.post('/v2/lists', { name: 'load people', type: 'people' })).id,
      companyList: (await base.post('/v2/lists', { name: 'load companies', type: 'company' })).id,
      webhook: (
        await base.post('/v2/webhooks', {
          url: `${receiverUrl}/main`,
          events: ['company.saved', 'person.saved', 'person.email_found'],
        })
      ).id,
    };
    const proc = {
      apiPid: api.pid,
      workerPid: worker.pid,
      apiMetrics: `http://127.0.0.1:${port}/metrics`,
      workerMetrics: `http://127.0.0.1:${workerMetricsPort}/metrics`,
    };
    console.log(
      `load: ${SECONDS} s (warm-up ${WARMUP} s) at scale ${SCALE}; database ${database.scratch ?? 'given'}; api pid ${api.pid}, worker pid ${worker.pid}`,
    );

    const routes = workload(ctx).map((w) => ({
      ...w,
      rate: w.rate * SCALE,
      due: 0,
      times: [],
      requests: 0,
      errors: 0,
      errorSamples: new Map(),
      skipped: 0,
    }));
    const samples = [];
    let inFlight = 0;
    let overload = 0;
    const started = Date.now();
    const warmEnd = started + WARMUP * 1000;
    const deadline = started + SECONDS * 1000;
    const running = new Set();

    const fire = (route) => {
      const request = route.make();
      if (!request) return void route.skipped++;
      if (inFlight >= MAX_IN_FLIGHT) {
        overload++;
        route.errors++;
        return;
      }
      const [method, path, body, onOk] = request;
      const measured = Date.now() >= warmEnd;
      inFlight++;
      route.requests++;
      const p = call(method, path, body, ctx.key)
        .then(
          (res) => {
            if (res.status >= 200 && res.status < 300) {
              if (onOk) onOk(res.json);
              if (measured) route.times.push(res.ms);
              return;
            }
            route.errors++;
            const k = `${res.status} ${res.json?.errors?.[0]?.name ?? res.text.slice(0, 80)}`;
            route.errorSamples.set(k, (route.errorSamples.get(k) ?? 0) + 1);
          },
          (error) => {
            route.errors++;
            route.errorSamples.set(error.message, (route.errorSamples.get(error.message) ?? 0) + 1);
          },
        )
        .finally(() => {
          inFlight--;
          running.delete(p);
        });
      running.add(p);
    };

    let nextSample = warmEnd;
    let nextReport = started + 60_000;
    while (Date.now() < deadline) {
      const elapsed = (Date.now() - started) / 1000;
      for (const route of routes) {
        while (route.due < elapsed * route.rate) {
          route.due++;
          fire(route);
        }
      }
      if (Date.now() >= nextSample) {
        samples.push(await memorySample(proc));
        nextSample += SAMPLE_EVERY_MS;
      }
      if (Date.now() >= nextReport) {
        const last = samples.at(-1);
        const total = routes.reduce((n, r) => n + r.requests, 0);
        const errors = routes.reduce((n, r) => n + r.errors, 0);
        console.log(
          `  ${Math.round(elapsed)} s: ${total} requests, ${errors} errors, in flight ${inFlight}; api RSS ${f1(last?.apiRss)} MiB, worker RSS ${f1(last?.workerRss)} MiB`,
        );
        nextReport += 60_000;
      }
      await sleep(10);
    }
    await Promise.all([...running]);
    samples.push(await memorySample(proc));

    // Deliveries of the events the run committed: the worker must catch up within a minute.
    const events = async () =>
      Number(
        (
          await queryOnce(
            database.url,
            `SELECT count(*) AS n FROM events WHERE workspace_id = $1 AND target_webhook_id IS NULL`,
            [ctx.workspaceId],
          )
        ).rows[0].n,
      );
    const committed = await events();
    const deliveredMain = () => new Set(receiver.received.filter((r) => r.path === '/main').map((r) => r.id)).size;
    const drainStart = Date.now();
    while (deliveredMain() < committed && Date.now() - drainStart < 60_000) await sleep(200);

    const window = Math.max(1, Math.round(60_000 / SAMPLE_EVERY_MS));
    const start = windowFigures(samples.slice(0, window));
    const end = windowFigures(samples.slice(-window));
    const growth = (a, b) => ((b - a) / a) * 100;
    const result = {
      seconds: SECONDS,
      warmup_seconds: WARMUP,
      scale: SCALE,
      rate_per_second: routes.reduce((n, r) => n + r.rate, 0),
      routes: routes.map((r) => ({
        route: r.route,
        requests: r.requests,
        errors: r.errors,
        p50_ms: Number(f1(percentile(r.times, 50))),
        p99_ms: Number(f1(percentile(r.times, 99))),
        error_answers: Object.fromEntries(r.errorSamples),
      })),
      overload_skips: overload,
      memory_mib: {
        start,
        end,
        rss_growth_pct: {
          api: Number(f1(growth(start.apiRss, end.apiRss))),
          worker: Number(f1(growth(start.workerRss, end.workerRss))),
        },
        heap_growth_pct: {
          api: Number(f1(growth(start.apiHeap, end.apiHeap))),
          worker: Number(f1(growth(start.workerHeap, end.workerHeap))),
        },
      },
      webhooks: {
        events_committed: committed,
        delivered_to_main_webhook: deliveredMain(),
        deliveries_received_in_all: receiver.received.length,
        drain_seconds: Number(f1((Date.now() - drainStart) / 1000)),
      },
    };
    printReport(result);
    const errors = routes.reduce((n, r) => n + r.errors, 0);
    const ok =
      errors === 0 &&
      result.webhooks.delivered_to_main_webhook >= committed &&
      Math.max(result.memory_mib.rss_growth_pct.api, result.memory_mib.rss_growth_pct.worker) < TARGET_RSS_GROWTH_PCT;
    console.log(JSON.stringify(result));
    process.exitCode = ok ? 0 : 1;
  } finally {
    await worker?.stop().catch(() => undefined);
    if (api) {
      const exited = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      await exited;
    }
    call.close();
    receiver.close();
    await redis.flushdb();
    redis.disconnect();
    await database.drop();
  }
}

async function queryOnce(url, sql, params) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql, params);
  } finally {
    await c.end();
  }
}

function printReport(r) {
  console.log(`\nroute                                   requests  errors  p50 ms  p99 ms`);
  for (const x of r.routes)
    console.log(
      `${x.route.padEnd(40)}${String(x.requests).padStart(8)}${String(x.errors).padStart(8)}${String(x.p50_ms).padStart(8)}${String(x.p99_ms).padStart(8)}${Object.keys(x.error_answers).length ? `  ${JSON.stringify(x.error_answers)}` : ''}`,
    );
  const m = r.memory_mib;
  console.log(`\nmemory (MiB, median of the first and the last minute after warm-up):`);
  console.log(
    `  api    RSS ${f1(m.start.apiRss)} -> ${f1(m.end.apiRss)} (${m.rss_growth_pct.api} %), heap used ${f1(m.start.apiHeap)} -> ${f1(m.end.apiHeap)} (${m.heap_growth_pct.api} %)`,
  );
  console.log(
    `  worker RSS ${f1(m.start.workerRss)} -> ${f1(m.end.workerRss)} (${m.rss_growth_pct.worker} %), heap used ${f1(m.start.workerHeap)} -> ${f1(m.end.workerHeap)} (${m.heap_growth_pct.worker} %)`,
  );
  console.log(
    `webhooks: ${r.webhooks.events_committed} events committed, ${r.webhooks.delivered_to_main_webhook} delivered to the main webhook (${r.webhooks.deliveries_received_in_all} deliveries in all)\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
