import { freePort } from '../support/processes';
import { companySaved, deliveryHarness, receiverWebhook, sleep, ulid } from '../support/webhook-delivery-kit';

// Issue 11: one busy webhook must keep delivering, and no tenant can keep the worker busy. A burst far beyond the in-flight limit makes
// almost every job wait for a slot; every event must arrive, none twice, the limits must hold,
// and /metrics must show the waiting attempts while they wait. The workspace cap holds across
// webhooks of one workspace without holding up another workspace.
jest.setTimeout(90000);

const PER_WEBHOOK = 4;
const PER_WORKSPACE = 6;
const BURST = 1500;
let metricsPort: number;

const harness = deliveryHarness(async () => {
  metricsPort = await freePort();
  return {
    WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: String(PER_WEBHOOK),
    WEBHOOK_MAX_IN_FLIGHT_PER_WORKSPACE: String(PER_WORKSPACE),
    WEBHOOK_CONCURRENCY: '40',
    WEBHOOK_TIMEOUT_MS: '3000',
    WEBHOOK_RETRY_SCHEDULE: '1h,1h,1h,1h,1h,1h',
    WEBHOOK_DISABLE_AFTER_TIMEOUTS: '1000',
    WORKER_METRICS_PORT: String(metricsPort),
  };
});

/** Writes `count` company.saved events of a workspace in one statement, as a burst of saves would, and notifies the relay. */
async function emitBurst(workspaceId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `evt_${ulid()}`);
  const at = new Date().toISOString();
  const bodies = ids.map((id, i) =>
    JSON.stringify({ id, type: 'company.saved', created_at: at, data: companySaved(i) }),
  );
  await harness.stack.db.query(
    `WITH e AS (INSERT INTO events (id, workspace_id, type, body, created_at)
                SELECT id, $2, 'company.saved', body::jsonb, $4 FROM unnest($1::text[], $3::text[]) AS b(id, body) RETURNING 1)
     SELECT pg_notify('outbox_event', (SELECT count(*) FROM e)::text)`,
    [ids, workspaceId, bodies, at],
  );
  return ids;
}

const metric = async (pattern: RegExp): Promise<number | null> => {
  const match = pattern.exec(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
  return match ? Number(match[1]) : null;
};

it('delivers every event of a burst to one webhook exactly once, within its limit, and shows the waiting attempts in /metrics', async () => {
  const hook = await receiverWebhook(harness.stack, harness.rcv, () => ({
    status: 200,
    delayMs: Math.floor(Math.random() * 4),
  }));
  const ids = await emitBurst(hook.ws.workspace_id, BURST);
  // While the burst drains, the worker reports attempts waiting for this webhook's slots.
  let waitingSeen = 0;
  const byWebhook = new RegExp(`webhook_waiting_attempts_by_webhook\\{webhook_id="${hook.id}"\\} (\\d+)`);
  for (let i = 0; i < 100 && waitingSeen === 0 && harness.rcv.at(hook.path).length < BURST; i++) {
    waitingSeen = (await metric(byWebhook)) ?? 0;
    await sleep(50);
  }
  expect(waitingSeen).toBeGreaterThan(0);
  const got = await harness.rcv.waitFor(hook.path, (g) => new Set(g.map((r) => r.json.id)).size >= BURST, 60000);
  await sleep(1000); // a duplicate would arrive now
  const received = harness.rcv.at(hook.path).map((r) => r.json.id as string);
  expect(new Set(received).size).toBe(BURST);
  expect(received).toHaveLength(BURST); // none twice
  expect(new Set(got.map((r) => r.json.id))).toEqual(new Set(ids));
  expect(harness.rcv.peakInFlight(hook.path)).toBeLessThanOrEqual(PER_WEBHOOK);
  // Drained: nothing waits, no due task is left behind.
  expect(await metric(/^webhook_waiting_attempts (\d+)$/m)).toBe(0);
  expect(await metric(/^webhook_oldest_pending_task_age_seconds (\S+)$/m)).toBe(0);
});

it('caps the deliveries in flight of one workspace across its webhooks, while another workspace is served', async () => {
  const first = await receiverWebhook(harness.stack, harness.rcv, { hang: true });
  const second = await receiverWebhook(harness.stack, harness.rcv, { hang: true }, ['company.saved'], first.ws);
  const other = await receiverWebhook(harness.stack, harness.rcv, { status: 200 });
  await emitBurst(first.ws.workspace_id, 10);
  const inFlight = () => harness.rcv.at(first.path).length + harness.rcv.at(second.path).length;
  await harness.rcv.waitFor(first.path, () => inFlight() >= PER_WORKSPACE, 10000);
  await emitBurst(other.ws.workspace_id, 10);
  expect(await harness.rcv.waitFor(other.path, (g) => g.length >= 10, 2500)).toHaveLength(10);
  await sleep(500);
  // Each webhook alone could take PER_WEBHOOK (4) slots: together they hold the workspace's 6.
  expect(inFlight()).toBe(PER_WORKSPACE);
  expect(harness.rcv.at(first.path).length).toBeLessThanOrEqual(PER_WEBHOOK);
  expect(harness.rcv.at(second.path).length).toBeLessThanOrEqual(PER_WEBHOOK);
});

it('throttles test events and re-enabling per workspace and receiver host: 429 RATE_LIMIT with Retry-After, other hosts unaffected', async () => {
  const ws = await harness.stack.workspace();
  const create = async (url: string) => {
    const res = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const busyUrl = harness.rcv.hook({ status: 200 }).url;
  // Another host (localhost rather than 127.0.0.1) has its own budget.
  const [busy, calm] = [
    await create(busyUrl),
    await create(harness.rcv.hook({ status: 200 }).url.replace('127.0.0.1', 'localhost')),
  ];
  for (let i = 0; i < 10; i++) expect((await ws.api.post(`/v2/webhooks/${busy}/test`, {})).status).toBe(202);
  const refused = await ws.api.post(`/v2/webhooks/${busy}/test`, {});
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({
    success: false,
    errors: [{ name: 'RATE_LIMIT', payload: { limit: 'webhook_test' } }],
  });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  expect((await ws.api.post(`/v2/webhooks/${calm}/test`, {})).status).toBe(202);
  // Deleting the webhook and registering the same receiver again resets nothing.
  expect((await ws.api.delete(`/v2/webhooks/${busy}`)).status).toBe(200);
  const again = await create(busyUrl);
  expect((await ws.api.post(`/v2/webhooks/${again}/test`, {})).status).toBe(429);

  for (let i = 0; i < 10; i++)
    expect((await ws.api.patch(`/v2/webhooks/${again}`, { status: 'active' })).status).toBe(200);
  const reenable = await ws.api.patch(`/v2/webhooks/${again}`, { status: 'active' });
  expect(reenable.status).toBe(429);
  expect(reenable.body.errors[0]).toMatchObject({ name: 'RATE_LIMIT', payload: { limit: 'webhook_reenable' } });
  expect(Number(reenable.headers.get('retry-after'))).toBeGreaterThan(60);
  // other changes are not throttled
  expect((await ws.api.patch(`/v2/webhooks/${again}`, { description: 'still editable' })).status).toBe(200);
});
