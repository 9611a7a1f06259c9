#!/usr/bin/env node
// `npm run chaos [-- --quick]`: fault injection (issue 12 point 3). On a PostgreSQL cluster and a
// redis-server of its own it runs two API replicas behind a round-robin TCP proxy, one worker and
// a webhook receiver. Clients of two workspaces save people (charging credits) and companies into
// lists without pause (a failed save is retried later with the same body, as a client would),
// while the script injects in turn:
//   1. SIGKILL of the worker, restarted after the outage;
//   2. Redis killed (it keeps nothing on disk: every queue is lost), an empty one started after the outage;
//   3. PostgreSQL stopped with `pg_ctl stop -m immediate` (a crash: WAL recovery at start), started after the outage;
//   4. SIGKILL of one API replica (the proxy sends to the survivor), restarted after the outage.
// Then it waits for the outbox to drain and checks, from PostgreSQL and the receiver's log:
//   - every committed event reached the receiver at least once (0 lost);
//   - no credit charged twice (each person's email revealed and charged at most once per workspace,
//     balance = opening - charges = sum of the ledger, no save body charged by two of its attempts);
//   - no save half done (docs/people-saves.md I1-I5, docs/company-save.md: rows, list memberships,
//     ledger row and events of a save exist together or not at all);
//   - answers during each fault window within 2 s (client timeouts and answers > 2 s counted), and
//     no 5xx other than 503 UNAVAILABLE (issue 12 point 4).
// --cluster: Redis is a Redis Cluster of 3 masters with one replica each (bench/_redis-cluster.mjs, REDIS_CLUSTER_NODES),
// and fault 2 SIGKILLs the master that serves the BullMQ queues' slot ({pws}); its replica is promoted (the script
// logs how fast), and after the outage the killed node is started again and rejoins as a replica.
// Exit 1 when a check fails. Durations: CHAOS_SECONDS (steady phase before, between and after the
// faults, default 30) and CHAOS_OUTAGE_SECONDS (how long each fault lasts, default 10); --quick is
// 6 and 4 (about 1.5 minutes in all). Runs the built dist/ (`npm run chaos` builds first).
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, f1, firstOfMonthUtc, percentile, pool, startApi } from './_api.mjs';
import { databaseUrlFor, adminQuery, freePort, parseArgs, requireFromRoot, runNode, sleep } from './_lib.mjs';
import { startPrivatePostgres, startPrivateRedis } from './_private-stores.mjs';
import { startRedisCluster } from './_redis-cluster.mjs';
import { startRoundRobinProxy } from './_round-robin-proxy.mjs';
import { startTimedReceiver, startWorker } from './_webhooks.mjs';

const pg = requireFromRoot('pg');

const args = parseArgs();
const QUICK = args.quick === 'true';
const CLUSTER = args.cluster === 'true';
const STEADY_S = Number(process.env.CHAOS_SECONDS ?? (QUICK ? 6 : 30));
const OUTAGE_S = Number(process.env.CHAOS_OUTAGE_SECONDS ?? (QUICK ? 4 : 10));
const PEOPLE = Number(args.people ?? (QUICK ? 5_000 : 20_000));
const COMPANIES = Number(args.companies ?? (QUICK ? 2_000 : 6_000));
/** A fault window lasts from the injection until this long after the dependency is back. */
const SETTLE_MS = 2000;
const ANSWER_WITHIN_MS = 2000;
const CLIENT_TIMEOUT_MS = 10_000;
const LOOPS_PER_KIND = 2;
const PACE_MS = 600;
const NEW_PEOPLE_PER_SAVE = 8;
const OVERLAP_PEOPLE_PER_SAVE = 2;
const COMPANIES_PER_SAVE = 5;
const DRAIN_TIMEOUT_MS = 240_000;
/** Retries run a few at a time, as clients spread over time would, not as one burst after an outage. */
const RETRY_CONCURRENCY = 4;

/** Every HTTP attempt: route, start/end (epoch ms), status (0: no answer), error name or client error code. */
const attempts = [];
/** Every save body, with its attempts' request ids and whether one answered 200. */
const saves = [];
const windows = [];
let running = true;

function log(message) {
  console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

async function timedCall(call, route, method, path, body, key, requestId) {
  const start = Date.now();
  const headers = requestId ? { 'x-request-id': requestId } : {};
  const entry = { route, start, end: 0, status: 0, error: null };
  try {
    const res = await call(method, path, body, key, headers);
    Object.assign(entry, {
      end: Date.now(),
      status: res.status,
      error: res.json?.errors?.[0]?.name ?? null,
      json: res.json,
    });
  } catch (e) {
    Object.assign(entry, { end: Date.now(), error: e.code ?? e.message });
  }
  attempts.push({ route: entry.route, start: entry.start, end: entry.end, status: entry.status, error: entry.error });
  return entry;
}

/** Sends one attempt of a save body; answers whether it answered 200. */
async function attemptSave(call, save) {
  save.inFlight = true;
  const requestId = `chaos-${save.kind}-${save.n}-${save.requestIds.length}`;
  save.requestIds.push(requestId);
  const body =
    save.kind === 'people'
      ? { data: [...save.newIds, ...save.overlap], list_ids: [save.listId] }
      : { data: save.newIds, list_ids: [save.listId] };
  const res = await timedCall(
    call,
    `POST /v2/${save.kind === 'people' ? 'people' : 'companies'}/save`,
    'POST',
    save.kind === 'people' ? '/v2/people/save' : '/v2/companies/save',
    body,
    save.ws.key,
    requestId,
  );
  if (res.status === 200) {
    save.ok = true;
    if (save.kind === 'company') save.failedIds = (res.json?.data?.failed ?? []).map((f) => f.id);
    if (save.kind === 'people') save.ws.committedPeople.push(...save.newIds);
  } else if (res.status >= 400 && res.status < 500) save.unexpected = `${res.status} ${res.error}`;
  save.inFlight = false;
  return res.status === 200;
}

/** One client loop: a new save body every PACE_MS (people: new people plus some saved before; companies: new ones), into one of the workspace's lists. */
async function saveLoop(call, ws, kind) {
  let counter = 0;
  while (running) {
    const due = Date.now() + PACE_MS;
    const pool = kind === 'people' ? ws.peoplePool : ws.companyPool;
    const newIds = pool.splice(0, kind === 'people' ? NEW_PEOPLE_PER_SAVE : COMPANIES_PER_SAVE);
    if (newIds.length === 0) break;
    const overlap =
      kind === 'people'
        ? Array.from(
            { length: Math.min(OVERLAP_PEOPLE_PER_SAVE, ws.committedPeople.length) },
            () => ws.committedPeople[Math.floor(Math.random() * ws.committedPeople.length)],
          )
        : [];
    const lists = kind === 'people' ? ws.peopleLists : ws.companyLists;
    const save = {
      kind,
      n: `${ws.name}-${saves.length}`,
      ws,
      newIds,
      overlap: [...new Set(overlap)],
      listId: lists[counter++ % lists.length],
      requestIds: [],
      ok: false,
    };
    saves.push(save);
    await attemptSave(call, save);
    await sleep(Math.max(0, due - Date.now()));
  }
}

/** Retries, once a second, every save body that has not answered 200 yet (a client retrying after an error or a timeout). */
async function retryLoop(call, until) {
  while (until()) {
    const pending = saves.filter((s) => !s.ok && !s.inFlight && !s.unexpected && s.requestIds.length < 60);
    await pool(pending, RETRY_CONCURRENCY, (s) => attemptSave(call, s));
    await sleep(1000);
  }
}

/** A light reader beside the saves: GET /v2/workspace every 250 ms. */
async function readLoop(call, ws) {
  while (running) {
    const due = Date.now() + 250;
    await timedCall(call, 'GET /v2/workspace', 'GET', '/v2/workspace', undefined, ws.key);
    await sleep(Math.max(0, due - Date.now()));
  }
}

async function fault(name, inject, restore) {
  await sleep(STEADY_S * 1000);
  const w = { name, injectAt: Date.now(), restoredAt: 0 };
  windows.push(w);
  log(`inject: ${name}`);
  await inject();
  await sleep(OUTAGE_S * 1000);
  await restore();
  w.restoredAt = Date.now();
  log(`restored: ${name} (${((w.restoredAt - w.injectAt) / 1000).toFixed(1)} s after the injection)`);
}

/** The single redis-server of the run: the fault kills it (every queue lost) and starts an empty one. */
async function singleRedis() {
  const redis = await startPrivateRedis();
  return {
    ...redis,
    describe: `redis-server on ${redis.port}`,
    env: { REDIS_URL: redis.url },
    faultName: 'Redis restart (data lost)',
    stop: () => redis.kill(),
  };
}

/**
 * --cluster: 3 masters with a replica each. The fault SIGKILLs the master of the queues' slot and lets its replica
 * take over; the restore waits for that, then starts the killed node again (it rejoins as a replica).
 * REDIS_URL points at a closed port: nothing may use a single Redis.
 */
async function clusterRedis() {
  const cluster = await startRedisCluster({ masters: 3, replicasPerMaster: 1 });
  const unused = `redis://127.0.0.1:${await freePort()}/0`;
  let killed = null;
  let promoted = null;
  return {
    url: unused,
    describe: `a Redis Cluster of 3 masters with a replica each (seeds ${cluster.seeds})`,
    env: { REDIS_CLUSTER_NODES: cluster.seeds, REDIS_URL: unused },
    faultName: 'Redis Cluster master SIGKILL (replica promoted)',
    async kill() {
      killed = await cluster.masterFor('{pws}:webhook-delivery:id');
      await cluster.kill(killed);
      const at = Date.now();
      promoted = cluster.waitForFailover(killed, 60_000).then(() => Date.now() - at);
      log(`killed the master on ${killed} (it serves {pws}, the queues' slot)`);
    },
    async start() {
      log(`its replica was promoted ${((await promoted) / 1000).toFixed(1)} s after the kill`);
      await cluster.restart(killed);
      await cluster.waitUntilOk(60_000);
      log(`the killed node rejoined as a replica`);
    },
    stop: () => cluster.stop(),
  };
}

function shuffle(values) {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function main() {
  const started = Date.now();
  const postgres = await startPrivatePostgres();
  const redis = CLUSTER ? await clusterRedis() : await singleRedis();
  log(`private PostgreSQL on ${postgres.port}, ${redis.describe}; steady ${STEADY_S} s, outages ${OUTAGE_S} s`);
  const receiver = await startTimedReceiver();
  const apis = [];
  let worker = null;
  let proxy = null;
  let db = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'pws-chaos-data-'));
  // The apps' stderr (stack traces while a dependency is away) goes to a file that is kept.
  const logBase = join(tmpdir(), `pws-chaos-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const stderrPath = `${logBase}.stderr.log`;
  const stderr = openSync(stderrPath, 'a');
  // The worker's own log (JSON lines), to read why it did what it did.
  const workerLog = createWriteStream(`${logBase}.worker.log`);
  // The API replicas' log (LOG_LEVEL warn: their errors), to name what answered 5xx.
  const apiLogPath = `${logBase}.api.log`;
  const apiLog = openSync(apiLogPath, 'a');
  /** Processes that exited without being killed by the script. */
  const died = [];
  let cleaning = null;
  // Idempotent: the end of the run and Ctrl-C both take everything down, the private stores included.
  const cleanup = () =>
    (cleaning ??= (async () => {
      running = false;
      for (const api of apis) api?.kill('SIGTERM');
      await db?.end().catch(() => undefined);
      await worker?.stop().catch(() => undefined);
      proxy?.close();
      receiver.close();
      await sleep(500);
      await redis.stop().catch(() => undefined);
      await postgres.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  try {
    await adminQuery(postgres.adminUrl, 'CREATE DATABASE chaos');
    const databaseUrl = databaseUrlFor(postgres.adminUrl, 'chaos');
    const secretsKey = randomBytes(32).toString('hex');
    const shared = {
      DATABASE_URL: databaseUrl,
      ...redis.env,
      SECRETS_KEY: secretsKey,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '2s,5s,10s,30s,1m',
      LOG_LEVEL: 'warn',
    };
    // Rate limits on (with room to spare): the request path then depends on Redis as in production.
    const apiEnv = {
      ...shared,
      RATE_LIMITS_ENFORCED: 'true',
      RATE_LIMIT_SEARCH_PER_MINUTE: '1000000',
      RATE_LIMIT_ENRICH_PER_MINUTE: '1000000',
    };
    await runNode('dist/libs/database/src/migrate.js', [], shared);
    await runNode(
      'dist/apps/cli/src/main.js',
      [
        'dataset:generate',
        '--people',
        String(PEOPLE),
        '--companies',
        String(COMPANIES),
        '--seed',
        'chaos',
        '--as-of',
        firstOfMonthUtc(),
        '--out',
        dataDir,
        '--load',
        'false',
      ],
      shared,
    );
    const imported = await runNode(
      'dist/apps/cli/src/main.js',
      ['dataset:import', '--companies', join(dataDir, 'companies.ndjson'), '--people', join(dataDir, 'people.ndjson')],
      shared,
    );
    log(`imported ${imported.stdout.trim()}`);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const personIds = (await db.query(`SELECT id FROM people`)).rows.map((r) => r.id);
    const companyIds = (await db.query(`SELECT id FROM companies`)).rows.map((r) => r.id);
    await db.end();
    db = null;

    const ports = [await freePort(), await freePort()];
    const killed = new Set();
    const startReplica = async (i) => {
      const api = await startApi({ ...apiEnv, PORT: String(ports[i]) }, apiClient(ports[i], { timeoutMs: 2000 }), {
        stdout: apiLog,
        stderr,
      });
      api.once('exit', (code, signal) => {
        if (!killed.has(api) && running) died.push(`API replica ${i + 1} (${code ?? signal})`);
      });
      apis[i] = api;
    };
    await startReplica(0);
    await startReplica(1);
    proxy = await startRoundRobinProxy(ports);
    const call = apiClient(proxy.port, { timeoutMs: CLIENT_TIMEOUT_MS });
    const stores = { databaseUrl, redisUrl: redis.url, secretsKey };
    worker = await startWorker(stores, { ...shared, LOG_LEVEL: 'info' }, { stderr, log: workerLog });

    // Workspace A has credits for everyone; B runs out midway (a save then reveals only what the balance pays).
    const workspaces = [];
    for (const [name, credits] of [
      ['a', 1_000_000],
      ['b', 400],
    ]) {
      const created = JSON.parse(
        (
          await runNode(
            'dist/apps/cli/src/main.js',
            ['workspace:create', '--name', `chaos ${name}`, '--credits', String(credits)],
            shared,
          )
        ).stdout,
      );
      const ws = {
        name,
        id: created.workspace_id,
        key: created.api_key,
        peoplePool: shuffle(personIds),
        companyPool: shuffle(companyIds),
        committedPeople: [],
        peopleLists: [],
        companyLists: [],
      };
      const hook = await call(
        'POST',
        '/v2/webhooks',
        {
          url: `http://127.0.0.1:${receiver.port}/${name}`,
          events: ['person.saved', 'person.email_found', 'company.saved'],
        },
        ws.key,
      );
      if (hook.status !== 201) throw new Error(`POST /v2/webhooks answered ${hook.status}: ${hook.text}`);
      for (const [type, into] of [
        ['people', ws.peopleLists],
        ['company', ws.companyLists],
      ]) {
        for (let i = 0; i < 3; i++)
          into.push((await call('POST', '/v2/lists', { name: `${type} ${i}`, type }, ws.key)).json.data.id);
      }
      workspaces.push(ws);
    }
    log(`setup done in ${((Date.now() - started) / 1000).toFixed(1)} s; clients start`);

    let reported = null;
    const watchdog = setInterval(() => {
      if (worker.exit && reported !== worker && !killed.has(worker))
        log(`the worker exited on its own (${worker.exit.code ?? worker.exit.signal})`);
      if (worker.exit) reported = worker;
    }, 500);
    const clientsStart = Date.now();
    const clients = [];
    for (const ws of workspaces) {
      for (let i = 0; i < LOOPS_PER_KIND; i++)
        clients.push(saveLoop(call, ws, 'people'), saveLoop(call, ws, 'company'));
      clients.push(readLoop(call, ws));
    }
    clients.push(retryLoop(call, () => running));

    await fault(
      'worker SIGKILL',
      async () => {
        if (worker.exit) died.push(`worker (${worker.exit.code ?? worker.exit.signal})`);
        killed.add(worker);
        await worker.kill();
      },
      async () => (worker = await startWorker(stores, { ...shared, LOG_LEVEL: 'info' }, { stderr, log: workerLog })),
    );
    await fault(
      redis.faultName,
      () => redis.kill(),
      () => redis.start(),
    );
    await fault(
      'PostgreSQL restart (immediate)',
      () => postgres.stop('immediate'),
      () => postgres.start(),
    );
    await fault(
      'API replica SIGKILL',
      async () => {
        const exited = new Promise((r) => apis[1].once('exit', r));
        killed.add(apis[1]);
        apis[1].kill('SIGKILL');
        await exited;
      },
      () => startReplica(1),
    );
    await sleep(STEADY_S * 1000);
    running = false;
    clearInterval(watchdog);
    if (worker.exit) {
      // Recorded as a failure; a new worker lets the other checks still say what was lost.
      died.push(`worker (${worker.exit.code ?? worker.exit.signal})`);
      worker = await startWorker(stores, { ...shared, LOG_LEVEL: 'info' }, { stderr, log: workerLog });
    }
    await Promise.all(clients);
    const clientsEnd = Date.now();
    // Bodies still without a 200 (their last attempt fell into an outage) are retried until they pass.
    const finalRetryEnd = Date.now() + 60_000;
    await retryLoop(
      call,
      () => Date.now() < finalRetryEnd && saves.some((s) => !s.ok && !s.unexpected && s.requestIds.length < 60),
    );
    log(`clients stopped: ${saves.length} save bodies, ${attempts.length} requests; draining the outbox ...`);

    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const wsIds = workspaces.map((w) => w.id);
    const drainStart = Date.now();
    let drained = false;
    for (;;) {
      const [state] = (
        await db.query(
          `SELECT (SELECT count(*) FROM events WHERE workspace_id = ANY($1) AND relayed_at IS NULL)::int AS unrelayed,
                  (SELECT count(*) FROM webhook_tasks WHERE workspace_id = ANY($1) AND state = 'pending')::int AS pending,
                  (SELECT array_agg(id) FROM events WHERE workspace_id = ANY($1)) AS ids`,
          [wsIds],
        )
      ).rows;
      const got = new Set(receiver.received.map((r) => r.id));
      const missing = (state.ids ?? []).filter((id) => !got.has(id)).length;
      if (state.unrelayed === 0 && state.pending === 0 && missing === 0) {
        drained = true;
        break;
      }
      if (Date.now() - drainStart > DRAIN_TIMEOUT_MS) {
        log(
          `drain timed out: ${state.unrelayed} unrelayed, ${state.pending} pending tasks, ${missing} events not received`,
        );
        break;
      }
      if ((Date.now() - drainStart) % 10_000 < 1000)
        log(`draining: ${state.unrelayed} unrelayed, ${state.pending} pending tasks, ${missing} events not received`);
      await sleep(1000);
    }
    const drainSeconds = (Date.now() - drainStart) / 1000;

    const failures = [];
    const checks = [];
    const check = (name, value, ok) => {
      checks.push({ name, value, ok });
      if (!ok) failures.push(`${name}: ${value}`);
    };

    // 1. Events: every committed event reached the receiver.
    const events = (await db.query(`SELECT id, workspace_id FROM events WHERE workspace_id = ANY($1)`, [wsIds])).rows;
    const eventIds = new Set(events.map((e) => e.id));
    const deliveries = new Map();
    for (const r of receiver.received) deliveries.set(r.id, (deliveries.get(r.id) ?? 0) + 1);
    const lost = events.filter((e) => !deliveries.has(e.id)).length;
    const phantom = [...deliveries.keys()].filter((id) => !eventIds.has(id)).length;
    const duplicates = [...deliveries.values()].reduce((s, n) => s + n - 1, 0);
    const [tasks] = (
      await db.query(
        `SELECT count(*) FILTER (WHERE state = 'failed')::int AS failed, count(*) FILTER (WHERE state = 'dropped')::int AS dropped FROM webhook_tasks WHERE workspace_id = ANY($1)`,
        [wsIds],
      )
    ).rows;
    check('processes that exited on their own', died.join(', ') || 'none', died.length === 0);
    check(
      'outbox drained',
      `${drained ? 'yes' : 'NO'} (${drainSeconds.toFixed(1)} s after the last retry answered)`,
      drained,
    );
    check(
      'events committed / received (distinct) / lost',
      `${events.length} / ${deliveries.size} / ${lost}`,
      lost === 0,
    );
    check('deliveries of events that do not exist', phantom, phantom === 0);
    check('duplicate deliveries (at-least-once; receivers dedupe)', duplicates, true);
    check(
      'delivery tasks failed or dropped',
      `${tasks.failed} / ${tasks.dropped}`,
      tasks.failed === 0 && tasks.dropped === 0,
    );

    // 2. Credits: each person charged at most once per workspace, balance = opening - charges = ledger.
    for (const ws of workspaces) {
      const [c] = (
        await db.query(
          `SELECT (SELECT credits FROM workspaces WHERE id = $1)::bigint AS credits,
                  (SELECT coalesce(sum(amount), 0) FROM credit_transactions WHERE workspace_id = $1)::bigint AS ledger,
                  (SELECT coalesce(sum(amount), 0) FROM credit_transactions WHERE workspace_id = $1 AND reason <> 'people_save')::bigint AS opening,
                  (SELECT coalesce(-sum(amount), 0) FROM credit_transactions WHERE workspace_id = $1 AND reason = 'people_save')::bigint AS charged,
                  (SELECT count(*) FROM credit_transactions WHERE workspace_id = $1 AND reason = 'people_save' AND -amount <> (details->>'revealed')::bigint)::int AS rows_off,
                  (SELECT count(*) FROM saved_people WHERE workspace_id = $1 AND revealed_email IS NOT NULL)::int AS revealed,
                  (SELECT count(*) FROM events WHERE workspace_id = $1 AND type = 'person.email_found')::int AS found_events,
                  (SELECT count(DISTINCT body#>>'{data,person,id}') FROM events WHERE workspace_id = $1 AND type = 'person.email_found')::int AS found_people`,
          [ws.id],
        )
      ).rows;
      const n = (v) => Number(v);
      const ok =
        n(c.credits) >= 0 &&
        n(c.credits) === n(c.ledger) &&
        n(c.credits) === n(c.opening) - n(c.charged) &&
        n(c.charged) === c.revealed &&
        c.revealed === c.found_events &&
        c.found_events === c.found_people &&
        c.rows_off === 0;
      check(
        `workspace ${ws.name}: balance = opening - charges = ledger; charges = emails revealed = email_found events = people`,
        `${c.credits} = ${c.opening} - ${c.charged} = ${c.ledger}; ${c.charged} = ${c.revealed} = ${c.found_events} = ${c.found_people}`,
        ok,
      );
      check(
        `workspace ${ws.name}: people charged twice`,
        c.found_events - c.found_people,
        c.found_events === c.found_people,
      );
    }
    const ledger = (
      await db.query(
        `SELECT request_id, amount FROM credit_transactions WHERE reason = 'people_save' AND workspace_id = ANY($1)`,
        [wsIds],
      )
    ).rows;
    const chargesByRequest = new Map(ledger.map((r) => [r.request_id, Number(r.amount)]));
    const chargedTwice = saves.filter(
      (s) => s.kind === 'people' && s.requestIds.filter((id) => chargesByRequest.has(id)).length > 1,
    ).length;
    check('save bodies charged by two of their attempts', chargedTwice, chargedTwice === 0);

    // 3. Half saves: a save's rows, memberships and events exist together or not at all.
    const halfByWorkspace = [];
    for (const ws of workspaces) {
      const [h] = (
        await db.query(
          `WITH pev AS (SELECT body#>>'{data,person,id}' AS id, body#>'{data,list_ids}' AS lists FROM events WHERE workspace_id = $1 AND type = 'person.saved'),
                pev_lists AS (SELECT id, jsonb_array_elements_text(lists) AS list_id FROM pev),
                cev AS (SELECT body#>>'{data,company,id}' AS id, body#>'{data,list_ids}' AS lists FROM events WHERE workspace_id = $1 AND type = 'company.saved'),
                cev_lists AS (SELECT id, jsonb_array_elements_text(lists) AS list_id FROM cev),
                found AS (SELECT body#>>'{data,person,id}' AS id FROM events WHERE workspace_id = $1 AND type = 'person.email_found')
           SELECT (SELECT count(*) FROM (SELECT person_id::text FROM saved_people WHERE workspace_id = $1 EXCEPT SELECT id FROM pev) x)::int AS people_without_event,
                  (SELECT count(*) FROM (SELECT DISTINCT id FROM pev EXCEPT SELECT person_id::text FROM saved_people WHERE workspace_id = $1) x)::int AS person_events_without_row,
                  (SELECT count(*) FROM (SELECT person_id::text, list_id::text FROM people_list_members WHERE workspace_id = $1 EXCEPT SELECT id, list_id FROM pev_lists) x)::int AS memberships_without_event,
                  (SELECT count(*) FROM (SELECT id, list_id FROM pev_lists EXCEPT SELECT person_id::text, list_id::text FROM people_list_members WHERE workspace_id = $1) x)::int AS person_event_lists_without_row,
                  (SELECT count(*) FROM (SELECT person_id::text FROM saved_people WHERE workspace_id = $1 AND revealed_email IS NOT NULL EXCEPT SELECT id FROM found) x)::int AS reveals_without_event,
                  (SELECT count(*) FROM (SELECT id FROM found EXCEPT SELECT person_id::text FROM saved_people WHERE workspace_id = $1 AND revealed_email IS NOT NULL) x)::int AS found_events_without_reveal,
                  (SELECT count(*) FROM (SELECT company_id::text FROM saved_companies WHERE workspace_id = $1 EXCEPT SELECT id FROM cev) x)::int AS companies_without_event,
                  (SELECT count(*) FROM (SELECT DISTINCT id FROM cev EXCEPT SELECT company_id::text FROM saved_companies WHERE workspace_id = $1) x)::int AS company_events_without_row,
                  (SELECT count(*) FROM (SELECT company_id::text, list_id::text FROM company_list_members WHERE workspace_id = $1 EXCEPT SELECT id, list_id FROM cev_lists) x)::int AS company_memberships_without_event,
                  (SELECT count(*) FROM (SELECT id, list_id FROM cev_lists EXCEPT SELECT company_id::text, list_id::text FROM company_list_members WHERE workspace_id = $1) x)::int AS company_event_lists_without_row`,
          [ws.id],
        )
      ).rows;
      halfByWorkspace.push([ws.name, h]);
    }
    for (const key of Object.keys(halfByWorkspace[0][1])) {
      const values = halfByWorkspace.map(([, h]) => h[key]);
      check(
        `rows vs events: ${key.replaceAll('_', ' ')} (a / b)`,
        values.join(' / '),
        values.every((v) => v === 0),
      );
    }
    const savedPeople = new Set(
      (
        await db.query(`SELECT workspace_id || ':' || person_id AS k FROM saved_people WHERE workspace_id = ANY($1)`, [
          wsIds,
        ])
      ).rows.map((r) => r.k),
    );
    const peopleMembers = new Set(
      (
        await db.query(
          `SELECT list_id || ':' || person_id AS k FROM people_list_members WHERE workspace_id = ANY($1)`,
          [wsIds],
        )
      ).rows.map((r) => r.k),
    );
    const savedCompanies = new Set(
      (
        await db.query(
          `SELECT workspace_id || ':' || company_id AS k FROM saved_companies WHERE workspace_id = ANY($1)`,
          [wsIds],
        )
      ).rows.map((r) => r.k),
    );
    const companyMembers = new Set(
      (
        await db.query(
          `SELECT list_id || ':' || company_id AS k FROM company_list_members WHERE workspace_id = ANY($1)`,
          [wsIds],
        )
      ).rows.map((r) => r.k),
    );
    const halfSaves = [];
    let bodiesSaved = 0;
    let bodiesNotSaved = 0;
    let companyItemsFailed = 0;
    for (const s of saves) {
      const [rows, members] = s.kind === 'people' ? [savedPeople, peopleMembers] : [savedCompanies, companyMembers];
      const failed = new Set(s.failedIds ?? []);
      companyItemsFailed += failed.size;
      const ids = s.newIds.filter((id) => !failed.has(id));
      const stored = ids.filter((id) => rows.has(`${s.ws.id}:${id}`) && members.has(`${s.listId}:${id}`)).length;
      const anyRow = ids.filter((id) => rows.has(`${s.ws.id}:${id}`) || members.has(`${s.listId}:${id}`)).length;
      if (stored === ids.length && ids.length > 0) bodiesSaved++;
      else if (anyRow === 0 && !s.ok) bodiesNotSaved++;
      else
        halfSaves.push(
          `${s.n} (${s.kind}, answered 200: ${s.ok}): ${stored} of ${ids.length} saved with their list, ${anyRow} with some row`,
        );
    }
    check(
      'save bodies fully saved / never saved (no 200) / half saved',
      `${bodiesSaved} / ${bodiesNotSaved} / ${halfSaves.length}`,
      halfSaves.length === 0,
    );
    check('company items answered failed (retryable, by design)', companyItemsFailed, true);
    const unexpected = saves.filter((s) => s.unexpected);
    check('save bodies answered an unexpected 4xx', unexpected.length, unexpected.length === 0);

    // 4. Answers during each fault window (by overlap with the window).
    const rows = [];
    const summarize = (name, from, to) => {
      const a = attempts.filter((x) => x.start < to && x.end > from);
      const ms = a.filter((x) => x.status > 0).map((x) => x.end - x.start);
      const slow = a.filter((x) => x.end - x.start > ANSWER_WITHIN_MS || x.error === 'CLIENT_TIMEOUT').length;
      const r = {
        name,
        requests: a.length,
        ok: a.filter((x) => x.status >= 200 && x.status < 300).length,
        unavailable: a.filter((x) => x.status === 503 && x.error === 'UNAVAILABLE').length,
        other5xx: a.filter((x) => x.status >= 500 && !(x.status === 503 && x.error === 'UNAVAILABLE')).length,
        timeouts: a.filter((x) => x.error === 'CLIENT_TIMEOUT').length,
        resets: a.filter((x) => x.status === 0 && x.error !== 'CLIENT_TIMEOUT').length,
        slow,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        max: Math.max(0, ...a.map((x) => x.end - x.start)),
        failures: Object.entries(
          a
            .filter((x) => x.status === 0 || x.status >= 300)
            .reduce(
              (m, x) => ({
                ...m,
                [`${x.status || ''} ${x.error}`.trim()]: (m[`${x.status || ''} ${x.error}`.trim()] ?? 0) + 1,
              }),
              {},
            ),
        ),
      };
      rows.push(r);
      return r;
    };
    summarize('steady (before the first fault)', clientsStart, windows[0].injectAt);
    for (const w of windows) {
      const r = summarize(w.name, w.injectAt, w.restoredAt + SETTLE_MS);
      check(`${w.name}: answers > 2 s (client timeouts included)`, `${r.slow} of ${r.requests}`, r.slow === 0);
      // Issue 12 point 4: an outage answers 503 UNAVAILABLE, never another 5xx.
      check(`${w.name}: 5xx other than 503 UNAVAILABLE`, `${r.other5xx} of ${r.requests}`, r.other5xx === 0);
    }
    summarize('whole run', clientsStart, clientsEnd);

    console.log(
      `\nchaos: ${QUICK ? 'quick, ' : ''}steady ${STEADY_S} s, outages ${OUTAGE_S} s; ${PEOPLE} people, ${COMPANIES} companies; 2 API replicas (connections ${[...proxy.connections.values()].join(' / ')}), 1 worker`,
    );
    console.log(
      `${saves.length} save bodies (${saves.filter((s) => s.kind === 'people').length} people, ${saves.filter((s) => s.kind === 'company').length} company), ${attempts.length} requests, ${saves.reduce((n, s) => n + Math.max(0, s.requestIds.length - 1), 0)} retries\n`,
    );
    const W = 34;
    console.log(
      'window'.padEnd(W) +
        'requests'.padStart(9) +
        '2xx'.padStart(7) +
        '503 UNAV'.padStart(9) +
        'other 5xx'.padStart(10) +
        'no answer'.padStart(10) +
        'timeouts'.padStart(9) +
        '> 2 s'.padStart(7) +
        'p50 ms'.padStart(9) +
        'p99 ms'.padStart(9) +
        'max ms'.padStart(9),
    );
    for (const r of rows) {
      console.log(
        r.name.padEnd(W) +
          String(r.requests).padStart(9) +
          String(r.ok).padStart(7) +
          String(r.unavailable).padStart(9) +
          String(r.other5xx).padStart(10) +
          String(r.resets).padStart(10) +
          String(r.timeouts).padStart(9) +
          String(r.slow).padStart(7) +
          f1(r.p50).padStart(9) +
          f1(r.p99).padStart(9) +
          f1(r.max).padStart(9),
      );
    }
    for (const r of rows.filter((x) => x.failures.length > 0))
      console.log(`  ${r.name}: ${r.failures.map(([k, v]) => `${v} x ${k}`).join(', ')}`);
    console.log(
      '("no answer": connection reset or refused; "timeouts": no answer within the client timeout of 10 s; a window runs from the injection to 2 s after the restore)\n',
    );
    for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.value}`);
    for (const h of halfSaves.slice(0, 10)) console.log(`  half save: ${h}`);
    for (const s of unexpected.slice(0, 10)) console.log(`  unexpected answer: ${s.n}: ${s.unexpected}`);
    const stderrLines = readFileSync(stderrPath, 'utf8').split('\n').filter(Boolean).length;
    console.log(
      `\nthe apps wrote ${stderrLines} lines to stderr: ${stderrPath}; the worker's log: ${logBase}.worker.log; the APIs' log: ${apiLogPath}`,
    );
    console.log(`chaos run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (failures.length > 0) {
      console.log(`\n${failures.length} guarantee(s) failed:`);
      for (const f of failures) console.log(`  ${f}`);
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

main().then(
  // Keep-alive sockets and timers of the clients would hold the process open.
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
