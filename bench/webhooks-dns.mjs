#!/usr/bin/env node
// Webhook delivery to receivers named by hostnames, resolved through a local DNS server that
// answers in 1-5 ms (WEBHOOK_DNS_SERVERS points the worker at it):
//   1. deliveries/s to a receiver by hostname vs the same receiver by IP literal, same worker,
//      bursts alternated (target: hostname >= 80 % of the IP rate);
//   2. tenant A paced alone, then the same with tenant B's nameserver dropping every query
//      (target: A's p99 from commit to arrival under 1 s, none of A's webhooks disabled; B's
//      failures are connection errors, never timeouts, so B is not disabled for timeouts either).
// Usage: npm run build && node bench/webhooks-dns.mjs [--burst 1500] [--hooks 10] [--rounds 2] [--ttl 1]
//        [--rate 50] [--a-hooks 3] [--b-hooks 3] [--b-rate 10] [--seconds 10]
//        (--rounds 0 skips part 1)
// Needs PostgreSQL (TEST_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379/14, flushed).
import { parseArgs, requireTestSupport } from './_lib.mjs';
import {
  commitEvents,
  latencies,
  produce,
  startTimedReceiver,
  startWorker,
  waitDelivered,
  webhookBenchStores,
  workspaceWithWebhooks,
} from './_webhooks.mjs';

const { startLocalDnsServer } = requireTestSupport('local-dns-server');

const args = parseArgs();
const BURST = Number(args.burst ?? 1500);
const HOOKS = Number(args.hooks ?? 10);
const ROUNDS = Number(args.rounds ?? 2);
const TTL = Number(args.ttl ?? 1);
const RATE = Number(args.rate ?? 50);
const A_HOOKS = Number(args['a-hooks'] ?? 3);
const B_HOOKS = Number(args['b-hooks'] ?? 3);
const B_RATE = Number(args['b-rate'] ?? 10);
const SECONDS = Number(args.seconds ?? 10);
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

const dns = await startLocalDnsServer(
  {
    'hooks.by-name.test': { a: ['127.0.0.1'], ttl: TTL },
    'hooks.tenant-a.test': { a: ['127.0.0.1'], ttl: TTL },
    '*.tenant-b.test': { drop: true },
  },
  { delayMs: [1, 5] },
);
const receiver = await startTimedReceiver();
const stores = await webhookBenchStores({ adminUrl: ADMIN_URL, redisUrl: REDIS_URL, prefix: 'pws_bench_webhooks_dns' });
const urls = (host, n, tag) => Array.from({ length: n }, (_, i) => `http://${host}:${receiver.port}/${tag}/${i}`);
const byIp = await workspaceWithWebhooks(stores, 'by ip', urls('127.0.0.1', HOOKS, 'ip'));
const byName = await workspaceWithWebhooks(stores, 'by name', urls('hooks.by-name.test', HOOKS, 'name'));
const tenantA = await workspaceWithWebhooks(stores, 'tenant a', urls('hooks.tenant-a.test', A_HOOKS, 'a'));
const tenantB = await workspaceWithWebhooks(
  stores,
  'tenant b',
  Array.from({ length: B_HOOKS }, (_, i) => `http://hook${i}.tenant-b.test:${receiver.port}/b/${i}`),
);
const worker = await startWorker(stores, { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_DNS_SERVERS: dns.address });

/** A burst of BURST events to `ws` (HOOKS webhooks each), delivered as fast as the worker can: deliveries/s. */
async function burstRate(ws) {
  receiver.received.length = 0;
  const ids = [];
  for (let i = 0; i < BURST; i += 500)
    ids.push(...(await commitEvents(stores, receiver, ws, Math.min(500, BURST - i))));
  const t0 = Math.min(...ids.map((id) => receiver.committedAt.get(id)));
  const delivered = await waitDelivered(receiver, ids, HOOKS, 300000);
  const seconds = (Math.max(...receiver.received.map((r) => r.at)) - t0) / 1000;
  return Math.round(delivered / seconds);
}

const webhookStates = async (ids) =>
  (
    await stores.db.query(`SELECT status, disabled_reason, consecutive_timeouts FROM webhooks WHERE id = ANY($1)`, [
      ids,
    ])
  ).rows;

const results = { dns_answer_ms: '1-5', ttl_s: TTL };
try {
  // 1. Hostname vs IP literal, alternated so drift on a shared machine hits both alike.
  const ip = [];
  const name = [];
  for (let round = 0; round < ROUNDS; round++) {
    ip.push(await burstRate(byIp.ws));
    name.push(await burstRate(byName.ws));
    console.log(
      `round ${round + 1}: ${BURST * HOOKS} deliveries, IP literal ${ip.at(-1)}/s, hostname ${name.at(-1)}/s`,
    );
  }
  const mean = (xs) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  if (ROUNDS > 0) {
    results.rate = {
      deliveries_per_burst: BURST * HOOKS,
      ip_literal_per_s: ip,
      hostname_per_s: name,
      hostname_vs_ip: Number((mean(name) / mean(ip)).toFixed(2)),
    };
    console.log(`hostname / IP literal: ${results.rate.hostname_vs_ip} (target >= 0.8)`);
  }

  // 2. Tenant A paced alone, then with tenant B's nameserver dropping every query.
  receiver.received.length = 0;
  const alone = await produce(stores, receiver, tenantA.ws, RATE, SECONDS);
  await waitDelivered(receiver, alone, A_HOOKS, 60000);
  results.a_alone = { events_per_s: RATE, webhooks: A_HOOKS, ...latencies(receiver, alone) };
  console.log(
    `tenant A alone, ${RATE * A_HOOKS} deliveries/s: p50 ${results.a_alone.p50_ms} ms, p99 ${results.a_alone.p99_ms} ms`,
  );

  receiver.received.length = 0;
  const [withB] = await Promise.all([
    produce(stores, receiver, tenantA.ws, RATE, SECONDS),
    produce(stores, receiver, tenantB.ws, B_RATE, SECONDS),
  ]);
  await waitDelivered(receiver, withB, A_HOOKS, 60000);
  const [bDeliveries] = (
    await stores.db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE error = 'connection_error')::int AS dns FROM webhook_deliveries WHERE webhook_id = ANY($1)`,
      [tenantB.ids],
    )
  ).rows;
  results.a_with_b_dropping = {
    events_per_s: RATE,
    webhooks: A_HOOKS,
    ...latencies(receiver, withB),
    b: {
      webhooks: B_HOOKS,
      events_per_s: B_RATE,
      attempts: bDeliveries.n,
      connection_errors: bDeliveries.dns,
      dns_queries: B_HOOKS && dns.queries('hook0.tenant-b.test'),
    },
  };
  const aStates = await webhookStates(tenantA.ids);
  const bStates = await webhookStates(tenantB.ids);
  results.a_disabled = aStates.filter((s) => s.status !== 'active').length;
  results.b_disabled_for_timeouts = bStates.filter((s) => s.disabled_reason === 'timeouts').length;
  results.b_max_consecutive_timeouts = Math.max(0, ...bStates.map((s) => s.consecutive_timeouts));
  console.log(
    `tenant A with B's nameserver dropping: p50 ${results.a_with_b_dropping.p50_ms} ms, p99 ${results.a_with_b_dropping.p99_ms} ms (target < 1000); ` +
      `A disabled: ${results.a_disabled}; B attempts ${bDeliveries.n}, all connection errors: ${bDeliveries.n === bDeliveries.dns}`,
  );
  console.log(JSON.stringify(results, null, 2));
} finally {
  await worker.stop();
  await stores.drop();
  receiver.close();
  await dns.close();
}
