import { eventually } from '../support/http';
import {
  Behaviour,
  companySaved,
  deliveryHarness,
  emitEvent,
  receiverWebhook,
  sleep,
} from '../support/webhook-delivery-kit';

// Maintenance jobs with compressed windows: "only failures for WEBHOOK_DISABLE_AFTER" (3 s here
// instead of 3 days) and delivery history kept WEBHOOK_HISTORY_RETENTION (4 s instead of 30 days).
jest.setTimeout(60000);

const harness = deliveryHarness({
  WEBHOOK_DISABLE_AFTER: '3s',
  WEBHOOK_HISTORY_RETENTION: '4s',
  WEBHOOK_RETRY_SCHEDULE: '300ms,300ms',
  WEBHOOK_TIMEOUT_MS: '500',
  WORKER_METRICS_PORT: '0',
});

const hookWith = (behaviour: Behaviour) => receiverWebhook(harness.stack, harness.rcv, behaviour);
const webhook = async (id: string) =>
  (await harness.stack.db.query<any>(`SELECT * FROM webhooks WHERE id = $1`, [id]))[0];

it('disables a webhook that has had only failures for WEBHOOK_DISABLE_AFTER, without any new attempt', async () => {
  const failing = await hookWith({ status: 400 }); // fails for good: no retry will ever come
  const recovered = await hookWith([{ status: 500 }, { status: 200 }]);
  await emitEvent(harness.stack.db, failing.ws.workspace_id, 'company.saved', companySaved(1));
  await emitEvent(harness.stack.db, recovered.ws.workspace_id, 'company.saved', companySaved(2));
  await eventually(async () => (await webhook(failing.id)).failing_since !== null);
  const failedAt = Date.now();
  await sleep(1500);
  expect((await webhook(failing.id)).status).toBe('active'); // not yet: 3 s have not passed
  const w = await eventually(
    async () => ((await webhook(failing.id)).status === 'disabled' ? webhook(failing.id) : null),
    15000,
  );
  expect(Date.now() - failedAt).toBeGreaterThanOrEqual(2500);
  expect(w.disabled_reason).toBe('failing');
  expect(harness.rcv.at(failing.path)).toHaveLength(1);
  const notes = await harness.stack.db.query<any>(`SELECT kind, data FROM notifications WHERE workspace_id = $1`, [
    failing.ws.workspace_id,
  ]);
  expect(notes).toEqual([
    expect.objectContaining({ data: expect.objectContaining({ webhook_id: failing.id, reason: 'failing' }) }),
  ]);
  // A webhook whose retry succeeded is healthy again and stays active.
  const ok = await webhook(recovered.id);
  expect(ok.status).toBe('active');
  expect(ok.failing_since).toBeNull();
});

it('prunes delivery records older than WEBHOOK_HISTORY_RETENTION', async () => {
  const h = await hookWith({ status: 200 });
  await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(3));
  const count = async () =>
    Number(
      (
        await harness.stack.db.query<any>(`SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = $1`, [h.id])
      )[0].n,
    );
  await eventually(async () => (await count()) === 1);
  const deliveredAt = Date.now();
  await sleep(2000);
  expect(await count()).toBe(1); // still inside the retention window
  await eventually(async () => (await count()) === 0, 15000);
  expect(Date.now() - deliveredAt).toBeGreaterThanOrEqual(3500);
  // its finished delivery task goes with it (test/operations/maintenance-prune.e2e-spec.ts has the details)
  await eventually(
    async () =>
      (await harness.stack.db.query<any>(`SELECT 1 FROM webhook_tasks WHERE webhook_id = $1`, [h.id])).length === 0,
  );
});

it('vacuums the task table once claims and records have left enough dead versions', async () => {
  const h = await hookWith({ status: 200 });
  const vacuums = async () =>
    Number(
      (
        await harness.stack.db.query<any>(
          `SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relid = 'webhook_tasks'::regclass`,
        )
      )[0].n,
    );
  const before = await vacuums();
  // 6,000 dead versions (MIN_DEAD_VERSIONS is 5,000) of delivered tasks, reported at once.
  await harness.stack.db.query(
    `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
     SELECT 'evt_vac' || i, $1, $2, 'company.saved', 'succeeded', 1, now() FROM generate_series(1, 3000) AS i`,
    [h.id, h.ws.workspace_id],
  );
  for (let i = 0; i < 2; i++)
    await harness.stack.db.query(
      `WITH u AS (UPDATE webhook_tasks SET updated_at = now() WHERE webhook_id = $1 RETURNING 1)
       SELECT count(*), pg_stat_force_next_flush() FROM u`,
      [h.id],
    );
  await eventually(async () => (await vacuums()) > before, 10000);
});
