import { LocalDnsServer, startLocalDnsServer } from '../support/local-dns-server';
import { eventually } from '../support/http';
import { companySaved, deliveryHarness, emitEvent, insertWebhook, sleep } from '../support/webhook-delivery-kit';

// Receivers named by hostnames that a local DNS server answers. Tenant B's nameserver drops
// every query: B's deliveries fail as connection errors (never timeouts, so B is not disabled for
// timeouts), while tenant A, resolving through the same worker, keeps delivering on time.
jest.setTimeout(90000);

let dns: LocalDnsServer;
const harness = deliveryHarness(async () => {
  dns = await startLocalDnsServer({
    // A short TTL: A's name is looked up again and again while B's queries hang.
    'hooks.tenant-a.test': { a: ['127.0.0.1'], ttl: 1 },
    '*.tenant-b.test': { drop: true },
  });
  return {
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', // the receivers live on 127.0.0.1
    WEBHOOK_DNS_SERVERS: dns.address,
    WEBHOOK_DNS_TIMEOUT: '500ms',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_RETRY_SCHEDULE: '200ms,200ms,200ms,200ms',
    WEBHOOK_DISABLE_AFTER_TIMEOUTS: '3',
    WEBHOOK_DISABLE_AFTER: '10m',
    WORKER_METRICS_PORT: '0',
  };
});
afterAll(() => dns?.close());

it('a tenant whose nameserver drops every query neither stalls the other tenant nor gets disabled for timeouts', async () => {
  const { stack, rcv } = harness;
  const a = await stack.workspace();
  const b = await stack.workspace();
  const aHooks: { id: string; path: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const { path } = rcv.hook({ status: 200 });
    aHooks.push({
      path,
      ...(await insertWebhook(stack.db, stack.env.SECRETS_KEY, a, `http://hooks.tenant-a.test:${rcv.port}${path}`, [
        'company.saved',
      ])),
    });
  }
  const bHooks: { id: string }[] = [];
  for (let i = 1; i <= 6; i++)
    bHooks.push(
      await insertWebhook(stack.db, stack.env.SECRETS_KEY, b, `http://hook${i}.tenant-b.test:${rcv.port}/never`, [
        'company.saved',
      ]),
    );

  // B's events first, so its lookups are in flight when A's events arrive.
  for (let i = 0; i < 10; i++) await emitEvent(stack.db, b.workspace_id, 'company.saved', companySaved(i));
  const sentAt = new Map<string, number>();
  for (let i = 0; i < 40; i++) {
    const event = await emitEvent(stack.db, a.workspace_id, 'company.saved', companySaved(i));
    sentAt.set(event.id, Date.now());
    await sleep(75); // about 3 s of A's traffic, across several of A's TTLs and B's DNS timeouts
  }

  for (const h of aHooks) {
    const got = await rcv.waitFor(h.path, (r) => r.length >= 40, 20000);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(40);
    const worst = Math.max(...got.map((r) => r.at - sentAt.get(r.json.id)!));
    expect(worst).toBeLessThan(2000);
  }
  expect(dns.queries('hooks.tenant-a.test')).toBeGreaterThan(2); // A's name was really resolved, more than once
  expect(dns.queries('hook1.tenant-b.test')).toBeGreaterThan(0); // and B's queries really went out, unanswered

  // Every one of B's attempts ran to the end of its schedule as a connection error.
  const ids = bHooks.map((h) => h.id);
  await eventually(
    async () => {
      const [{ n }] = await stack.db.query<any>(
        `SELECT count(*)::int AS n FROM webhook_tasks WHERE webhook_id = ANY($1) AND state = 'pending'`,
        [ids],
      );
      return n === 0;
    },
    30000,
    200,
  );
  const errors = await stack.db.query<any>(
    `SELECT error, status, count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ANY($1) GROUP BY 1, 2`,
    [ids],
  );
  expect(errors).toEqual([{ error: 'connection_error', status: 'failed', n: 6 * 10 * 5 }]);
  const bState = await stack.db.query<any>(`SELECT status, consecutive_timeouts FROM webhooks WHERE id = ANY($1)`, [
    ids,
  ]);
  expect(bState).toEqual(ids.map(() => ({ status: 'active', consecutive_timeouts: 0 })));
  const aState = await stack.db.query<any>(`SELECT status FROM webhooks WHERE id = ANY($1)`, [aHooks.map((h) => h.id)]);
  expect(aState).toEqual([{ status: 'active' }, { status: 'active' }]);
});
