import { Client } from 'pg';
import { eventually } from '../support/http';
import { Workspace } from '../support/stack';
import { companySaved, deliveryHarness, emitEvent, Receiver, sleep, ulid } from '../support/webhook-delivery-kit';

// Maintenance prunes finished tasks and relayed outbox events past WEBHOOK_HISTORY_RETENTION
// (3 s here instead of 30 days); what may still be delivered or resent stays.
jest.setTimeout(60000);

// A failed attempt is retried only after an hour: its task stays pending throughout.
const harness = deliveryHarness({
  WEBHOOK_HISTORY_RETENTION: '3s',
  WEBHOOK_RETRY_SCHEDULE: '1h',
  WORKER_METRICS_PORT: '0',
});

async function hookWith(behaviour: Parameters<Receiver['hook']>[0]) {
  const ws = await harness.stack.workspace();
  const { url, path } = harness.rcv.hook(behaviour);
  const res = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
  expect(res.status).toBe(201);
  return { id: res.body.data.id as string, path, ws };
}

const task = async (eventId: string) =>
  (await harness.stack.db.query<any>(`SELECT state, attempts FROM webhook_tasks WHERE event_id = $1`, [eventId]))[0];
const event = async (id: string) =>
  (await harness.stack.db.query<any>(`SELECT id, relayed_at FROM events WHERE id = $1`, [id]))[0];

/** An outbox event written an hour ago, so only what still refers to it can keep it. */
async function oldEvent(workspaceId: string, notify = true): Promise<string> {
  const id = `evt_${ulid()}`;
  const createdAt = new Date(Date.now() - 3_600_000).toISOString();
  const body = { id, type: 'company.saved', created_at: createdAt, data: companySaved(0) };
  await harness.stack.db.query(
    `WITH e AS (INSERT INTO events (id, workspace_id, type, body, created_at) VALUES ($1, $2, 'company.saved', $3, $4) RETURNING id)
     SELECT CASE WHEN $5 THEN pg_notify('outbox_event', (SELECT id FROM e)) END`,
    [id, workspaceId, JSON.stringify(body), createdAt, notify],
  );
  return id;
}

it('deletes finished tasks and relayed events past the retention; a pending task keeps its event', async () => {
  const ok = await hookWith({ status: 200 });
  const bad = await hookWith({ status: 400 });
  const retrying = await hookWith({ status: 500 });
  const dropping = await hookWith({ status: 500 });
  const bare: Workspace = await harness.stack.workspace(); // no webhook: its event gets no task
  const succeeded = await emitEvent(harness.stack.db, ok.ws.workspace_id, 'company.saved', companySaved(1));
  const failed = await emitEvent(harness.stack.db, bad.ws.workspace_id, 'company.saved', companySaved(2));
  const pending = await emitEvent(harness.stack.db, retrying.ws.workspace_id, 'company.saved', companySaved(3));
  const dropped = await emitEvent(harness.stack.db, dropping.ws.workspace_id, 'company.saved', companySaved(4));
  const unrouted = await emitEvent(harness.stack.db, bare.workspace_id, 'company.saved', companySaved(5));
  await eventually(async () => (await task(succeeded.id))?.state === 'succeeded');
  await eventually(async () => (await task(failed.id))?.state === 'failed');
  await eventually(async () => (await task(pending.id))?.attempts === 1);
  await eventually(async () => (await task(dropped.id))?.attempts === 1);
  expect((await dropping.ws.api.patch(`/v2/webhooks/${dropping.id}`, { status: 'disabled' })).status).toBe(200);
  expect((await task(dropped.id)).state).toBe('dropped');
  const finishedAt = Date.now();

  await sleep(1000);
  for (const id of [succeeded.id, failed.id, dropped.id]) expect(await task(id)).toBeDefined(); // within the retention

  const gone = async (id: string) => !(await task(id)) && !(await event(id));
  await eventually(
    async () =>
      (await gone(succeeded.id)) && (await gone(failed.id)) && (await gone(dropped.id)) && !(await event(unrouted.id)),
    15000,
  );
  expect(Date.now() - finishedAt).toBeGreaterThanOrEqual(2500);
  // Pruned in the same runs, yet the pending task and its (now expired) event stay.
  expect(await task(pending.id)).toMatchObject({ state: 'pending', attempts: 1 });
  expect(await event(pending.id)).toBeDefined();
  const [age] = await harness.stack.db.query<any>(
    `SELECT extract(epoch FROM now() - created_at) AS s FROM events WHERE id = $1`,
    [pending.id],
  );
  expect(Number(age.s)).toBeGreaterThan(3);
});

it('keeps an old event while its finished task is within the retention, so its delivery can be resent', async () => {
  const h = await hookWith({ status: 200 });
  await harness.stack.db.query(`UPDATE webhooks SET created_at = now() - interval '2 hours' WHERE id = $1`, [h.id]);
  const id = await oldEvent(h.ws.workspace_id);
  await eventually(async () => (await task(id))?.state === 'succeeded');
  await sleep(1500); // maintenance has run; the event is an hour old, its delivery is not
  expect(await event(id)).toBeDefined();
  const [delivery] = (await h.ws.api.get(`/v2/webhooks/${h.id}/deliveries`)).body.data;
  expect((await h.ws.api.post(`/v2/webhooks/${h.id}/deliveries/${delivery.id}/resend`, {})).status).toBe(202);
  expect(await harness.rcv.waitFor(h.path, (g) => g.length >= 2)).toHaveLength(2);
  await eventually(async () => !(await event(id)) && !(await task(id)), 15000);
});

it('never deletes an event that is not relayed yet', async () => {
  const ws = await harness.stack.workspace();
  const locker = new Client({ connectionString: harness.stack.db.url });
  await locker.connect();
  try {
    // A key-share lock makes the relay skip the event (FOR UPDATE SKIP LOCKED) and would block
    // any DELETE of it. Retry in the rare case the relay took the event before the lock.
    let unrelayed = '';
    while (!unrelayed) {
      const id = await oldEvent(ws.workspace_id, false);
      await locker.query('BEGIN');
      const { rows } = await locker.query(`SELECT relayed_at FROM events WHERE id = $1 FOR KEY SHARE`, [id]);
      if (rows[0].relayed_at === null) unrelayed = id;
      else await locker.query('ROLLBACK');
    }
    const witness = await oldEvent(ws.workspace_id); // relayed, expired, no task: pruned
    await eventually(async () => !(await event(witness)), 15000);
    expect(await event(unrelayed)).toMatchObject({ relayed_at: null });
    const waiting = await harness.stack.db.query<any>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    expect(waiting[0].n).toBe(0);
  } finally {
    await locker.query('ROLLBACK').catch(() => undefined);
    await locker.end();
  }
});
