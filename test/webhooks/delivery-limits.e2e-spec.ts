import { Behaviour, companySaved, deliveryHarness, emitEvent, receiverWebhook } from '../support/webhook-delivery-kit';

// docs/webhook-delivery.md#in-flight-limits: a slow or dead receiver must not delay deliveries to healthy ones. The worker
// bounds the deliveries in flight per webhook (WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK) while its
// overall concurrency stays high; a delivery that finds its webhook's slots full waits and is
// sent by whoever frees a slot next (docs/webhook-delivery.md, "In-flight limits").
jest.setTimeout(60000);

const LIMIT = 3;
const TIMEOUT_MS = 5000;

const harness = deliveryHarness({
  WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: String(LIMIT),
  WEBHOOK_CONCURRENCY: '30',
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  WEBHOOK_RETRY_SCHEDULE: '1h,1h,1h,1h,1h,1h',
  WEBHOOK_DISABLE_AFTER_TIMEOUTS: '1000',
  WORKER_METRICS_PORT: '0',
});

const hookWith = (behaviour: Behaviour) => receiverWebhook(harness.stack, harness.rcv, behaviour);

async function emitMany(workspaceId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await emitEvent(harness.stack.db, workspaceId, 'company.saved', companySaved(i));
}

it('a hanging receiver holds at most its in-flight limit, and a healthy webhook queued behind it is served at once', async () => {
  const hanging = await hookWith({ hang: true });
  const healthy = await hookWith({ status: 200 });
  await emitMany(hanging.ws.workspace_id, 12);
  await harness.rcv.waitFor(hanging.path, (got) => got.length >= LIMIT);
  const started = Date.now();
  await emitMany(healthy.ws.workspace_id, 12);
  const got = await harness.rcv.waitFor(healthy.path, (g) => g.length >= 12, TIMEOUT_MS);
  expect(got).toHaveLength(12);
  // well before the hanging deliveries time out and free their slots
  expect(Date.now() - started).toBeLessThan(TIMEOUT_MS - 1000);
  expect(harness.rcv.at(hanging.path)).toHaveLength(LIMIT);
  expect(harness.rcv.peakInFlight(hanging.path)).toBe(LIMIT);
});

it('deliveries beyond the limit wait for a free slot and are woken as slots free', async () => {
  const slow = await hookWith({ status: 200, delayMs: 100 });
  const started = Date.now();
  await emitMany(slow.ws.workspace_id, 30);
  const got = await harness.rcv.waitFor(
    slow.path,
    (g) => new Set(g.map((r) => r.json.id)).size >= 30,
    TIMEOUT_MS + 5000,
  );
  expect(new Set(got.map((r) => r.json.id)).size).toBe(30);
  // 30 deliveries of 100 ms, 3 at a time, take about 1 s; a waiting delivery that no release
  // picked up would only run after its slot expired or the sweeper found it (seconds later).
  expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  expect(harness.rcv.peakInFlight(slow.path)).toBe(LIMIT);
});
