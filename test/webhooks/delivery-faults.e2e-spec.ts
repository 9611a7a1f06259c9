import { eventually } from '../support/http';
import { Behaviour, companySaved, deliveryHarness, emitEvent, receiverWebhook } from '../support/webhook-delivery-kit';

// Fault tests: the worker killed mid-delivery and Redis losing every queued job. PostgreSQL
// keeps the delivery state, so every event still reaches the receiver at least once.
jest.setTimeout(120000);

const harness = deliveryHarness({
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s,1s',
  WEBHOOK_DISABLE_AFTER_TIMEOUTS: '1000',
  WORKER_METRICS_PORT: '0',
});

const hookWith = (behaviour: Behaviour) => receiverWebhook(harness.stack, harness.rcv, behaviour);

const receivedIds = (path: string) => new Set(harness.rcv.at(path).map((r) => r.json?.id));

it('SIGKILL in the middle of deliveries loses no event', async () => {
  const h = await hookWith({ status: 200, delayMs: 150 });
  const ids: string[] = [];
  for (let i = 0; i < 150; i++)
    ids.push((await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(i))).id);
  await harness.rcv.waitFor(h.path, (got) => got.length >= 20);
  await harness.stack.worker!.stop('SIGKILL');
  const before = receivedIds(h.path).size;
  expect(before).toBeLessThan(ids.length); // it really died mid-way
  // events committed while no worker runs wait in the outbox
  for (let i = 0; i < 20; i++)
    ids.push((await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(1000 + i))).id);
  await harness.stack.startWorker();
  await eventually(async () => ids.every((id) => receivedIds(h.path).has(id)), 90000, 250);
  // and the delivery state catches up: every task ends succeeded (attempts cut by the kill are made again)
  await eventually(
    async () => {
      const states = await harness.stack.db.query<any>(
        `SELECT state, count(*)::int AS n FROM webhook_tasks WHERE webhook_id = $1 GROUP BY state`,
        [h.id],
      );
      return states.length === 1 && states[0].state === 'succeeded' && states[0].n === ids.length;
    },
    60000,
    250,
  );
});

it('a Redis restart (every queued job lost) loses no event, pending retries included', async () => {
  // Each event fails once (its retry waits in the delayed set), and the receiver is slow enough
  // that first attempts still wait in the queue when Redis loses everything.
  const seen = new Set<string>();
  const h = await hookWith({ status: 200, delayMs: 50 });
  harness.rcv.setBehaviour(h.path, (n) => {
    const r = harness.rcv.at(h.path)[n - 1];
    const first = r?.json?.id && !seen.has(r.json.id);
    if (first) seen.add(r.json.id);
    return first ? { status: 503 } : { status: 200, delayMs: 50 };
  });
  const ids: string[] = [];
  for (let i = 0; i < 100; i++)
    ids.push((await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(i))).id);
  await harness.rcv.waitFor(h.path, (got) => got.length >= 15);
  await harness.stack.redis.flushdb();
  await eventually(
    async () => {
      const ok = new Set(
        harness.rcv
          .at(h.path)
          .filter((r) => r.json && seen.has(r.json.id) && r.headers['x-service-delivery-attempt'] !== '1')
          .map((r) => r.json.id),
      );
      return ids.every((id) => ok.has(id));
    },
    90000,
    250,
  );
  // and the delivery state catches up: every task ends succeeded (attempts cut by the kill are made again)
  await eventually(
    async () => {
      const states = await harness.stack.db.query<any>(
        `SELECT state, count(*)::int AS n FROM webhook_tasks WHERE webhook_id = $1 GROUP BY state`,
        [h.id],
      );
      return states.length === 1 && states[0].state === 'succeeded' && states[0].n === ids.length;
    },
    60000,
    250,
  );
});

it('SIGTERM lets the deliveries in flight finish before the worker exits', async () => {
  const h = await hookWith({ status: 200, delayMs: 700 });
  const event = await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(1));
  await harness.rcv.waitFor(h.path, (got) => got.length >= 1);
  const stoppedAt = Date.now();
  await harness.stack.worker!.stop('SIGTERM');
  expect(Date.now() - stoppedAt).toBeLessThan(10000); // it exited by itself, not by the harness' SIGKILL
  // the attempt in flight at SIGTERM was answered and recorded before exit
  const rows = await harness.stack.db.query<any>(`SELECT status FROM webhook_deliveries WHERE event_id = $1`, [
    event.id,
  ]);
  expect(rows).toEqual([{ status: 'succeeded' }]);
  await harness.stack.startWorker();
});

it('relay connections dropped between statements (PostgreSQL restarting) neither end the worker nor lose events', async () => {
  const h = await hookWith({ status: 200 });
  const ids: string[] = [];
  let dropped = 0;
  const deadline = Date.now() + 15000;
  // While events keep the relay busy, every delivery connection caught idle between statements is terminated.
  const produce = (async () => {
    while (dropped < 5 && Date.now() < deadline)
      ids.push((await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(ids.length))).id);
  })();
  while (dropped < 5 && Date.now() < deadline) {
    const [row] = await harness.stack.db.query<any>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'worker-webhook-delivery' AND state IN ('idle', 'idle in transaction')`,
    );
    dropped += row.n;
  }
  await produce;
  expect(dropped).toBeGreaterThan(0);
  const delivered = () => ids.every((id) => receivedIds(h.path).has(id));
  await eventually(async () => delivered() || !harness.stack.worker!.running, 60000, 250);
  expect(harness.stack.worker!.running).toBe(true);
  expect(delivered()).toBe(true);
});
