import { createTestDatabase, TestDatabase } from '../../../../test/support/database';
import { AttemptRecord, AttemptRecorder } from './attempt-recorder';
import { DeliveryDb } from '@app/webhooks/delivery-store/delivery-db';
import { DeliveryStore } from '@app/webhooks/delivery-store/delivery-store';

// Against a real PostgreSQL database with every migration applied (built by `npm test`'s pretest).
let db: TestDatabase;
let deliveryDb: DeliveryDb;
let recorder: AttemptRecorder;
let seq = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  deliveryDb = new DeliveryDb(db.url, 2);
  recorder = new AttemptRecorder(new DeliveryStore(deliveryDb));
  await db.query(`INSERT INTO workspaces (id, name, credits) VALUES ('ws_rec', 'recorder', 0)`);
}, 60000);

afterAll(async () => {
  await deliveryDb?.close();
  await db?.drop();
});

async function webhook(): Promise<string> {
  const id = `wh_rec_${++seq}`;
  await db.query(
    `INSERT INTO webhooks (id, workspace_id, url, events, secret_ciphertext, created_at, updated_at)
     VALUES ($1, 'ws_rec', 'https://receiver.example.com/hook', ARRAY['company.saved'], 'unused', now(), now())`,
    [id],
  );
  return id;
}

/** A pending task of `webhookId` for a new event, waiting for its first attempt. */
async function task(webhookId: string): Promise<string> {
  const eventId = `evt_rec_${++seq}`;
  await db.query(
    `INSERT INTO events (id, workspace_id, type, body, created_at) VALUES ($1, 'ws_rec', 'company.saved', '{}', now())`,
    [eventId],
  );
  await db.query(
    `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
     VALUES ($1, $2, 'ws_rec', 'company.saved', 'pending', 0, now())`,
    [eventId, webhookId],
  );
  return eventId;
}

type Kind = 'succeeded' | 'timeout' | 'refused';

function attempt(eventId: string, webhookId: string, kind: Kind, attemptNo = 1): AttemptRecord {
  const failed = kind !== 'succeeded';
  return {
    eventId,
    webhookId,
    attempt: attemptNo,
    state: failed ? 'pending' : 'succeeded',
    nextAttemptAt: failed ? new Date(Date.now() + 60_000) : null,
    deliveryId: `dlv_rec_${++seq}`,
    status: failed ? 'failed' : 'succeeded',
    responseStatus: kind === 'succeeded' ? 200 : null,
    error: kind === 'timeout' ? 'timeout' : kind === 'refused' ? 'connection_error' : null,
    durationMs: 5,
    startedAt: new Date(),
  };
}

/** Records one attempt per kind for fresh tasks of `webhookId`, all in one batch (same tick), in order. */
async function recordBatch(webhookId: string, kinds: Kind[]) {
  const records: AttemptRecord[] = [];
  for (const kind of kinds) records.push(attempt(await task(webhookId), webhookId, kind));
  return Promise.all(records.map((r) => recorder.record(r)));
}

const health = async (webhookId: string) =>
  (
    await db.query<any>(`SELECT consecutive_timeouts, failing_since, last_success_at FROM webhooks WHERE id = $1`, [
      webhookId,
    ])
  )[0];

it('writes each attempt as a delivery record and moves its task on, many per statement', async () => {
  const wh = await webhook();
  const answers = await recordBatch(wh, ['succeeded', 'timeout', 'succeeded']);
  expect(answers.every((a) => a !== null)).toBe(true);
  const rows = await db.query<any>(
    `SELECT id, status, error, attempt FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id`,
    [wh],
  );
  expect(rows.map((r) => r.id).sort()).toEqual(answers.map((a) => a!.deliveryId).sort());
  const tasks = await db.query<any>(`SELECT state, attempts FROM webhook_tasks WHERE webhook_id = $1 ORDER BY state`, [
    wh,
  ]);
  expect(tasks).toEqual([
    { state: 'pending', attempts: 1 },
    { state: 'succeeded', attempts: 1 },
    { state: 'succeeded', attempts: 1 },
  ]);
});

it('records an attempt once: a duplicate in the same batch, a repeat later and a stale attempt answer null', async () => {
  const wh = await webhook();
  const eventId = await task(wh);
  const first = attempt(eventId, wh, 'succeeded');
  const [a, b] = await Promise.all([recorder.record(first), recorder.record({ ...first, deliveryId: 'dlv_rec_dup' })]);
  expect(a?.deliveryId).toBe(first.deliveryId);
  expect(b).toBeNull();
  expect(await recorder.record({ ...first, deliveryId: 'dlv_rec_again' })).toBeNull();
  expect(await recorder.record(attempt(await task(wh), wh, 'succeeded', 3))).toBeNull(); // the task waits for attempt 1
  expect(await db.query(`SELECT id FROM webhook_deliveries WHERE webhook_id = $1`, [wh])).toHaveLength(1);
});

describe("folds a batch into the webhook's health in attempt order", () => {
  it('timeouts in a row add up across batches; failing_since is the first failure', async () => {
    const wh = await webhook();
    const [first] = await recordBatch(wh, ['timeout', 'timeout']);
    expect(first!.health.consecutiveTimeouts).toBe(2);
    const since = (await health(wh)).failing_since;
    expect(since).not.toBeNull();
    const [next] = await recordBatch(wh, ['timeout']);
    expect(next!.health).toEqual({ consecutiveTimeouts: 3, failingSince: since });
  });

  it('only the timeouts after the last other outcome count, and a failure after a success starts a new failing period', async () => {
    const wh = await webhook();
    await recordBatch(wh, ['timeout', 'timeout']);
    const [a] = await recordBatch(wh, ['timeout', 'succeeded', 'refused', 'timeout', 'timeout']);
    expect(a!.health.consecutiveTimeouts).toBe(2);
    const h = await health(wh);
    expect(h.failing_since).not.toBeNull();
    expect(h.last_success_at).not.toBeNull();
  });

  it('a batch that ends with a success leaves the webhook healthy', async () => {
    const wh = await webhook();
    await recordBatch(wh, ['timeout']);
    const [a] = await recordBatch(wh, ['refused', 'timeout', 'succeeded']);
    expect(a!.health).toEqual({ consecutiveTimeouts: 0, failingSince: null });
    expect(await health(wh)).toMatchObject({ consecutive_timeouts: 0, failing_since: null });
  });

  it('attempts of different webhooks in one batch count for their own webhook only', async () => {
    const [x, y] = [await webhook(), await webhook()];
    const records = [
      attempt(await task(x), x, 'timeout'),
      attempt(await task(y), y, 'succeeded'),
      attempt(await task(x), x, 'timeout'),
    ];
    await Promise.all(records.map((r) => recorder.record(r)));
    expect(await health(x)).toMatchObject({ consecutive_timeouts: 2 });
    expect(await health(y)).toMatchObject({ consecutive_timeouts: 0, failing_since: null });
    expect((await health(y)).last_success_at).not.toBeNull();
  });
});

it('keeps to the primary key with a plan made while webhook_tasks was nearly empty (a new install, then a burst)', async () => {
  // One session, whose prepared statement keeps the plan of its first run, as in a burst on a new install.
  const session = new DeliveryDb(db.url, 1);
  try {
    await session.query(`SET plan_cache_mode = force_generic_plan`);
    const wh = await webhook();
    expect(
      await new AttemptRecorder(new DeliveryStore(session)).record(attempt(await task(wh), wh, 'succeeded')),
    ).not.toBeNull();
    await db.query(
      `INSERT INTO events (id, workspace_id, type, body, created_at) SELECT 'evt_burst_' || n, 'ws_rec', 'company.saved', '{}', now() FROM generate_series(1, 30000) n`,
    );
    await db.query(
      `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
       SELECT 'evt_burst_' || n, $1, 'ws_rec', 'company.saved', 'pending', 0, now() FROM generate_series(1, 30000) n`,
      [wh],
    );
    const [{ 'QUERY PLAN': plan }] = await session.query(
      `EXPLAIN (FORMAT JSON) EXECUTE "webhook-record-attempts"('{evt_burst_1}', '{${wh}}', '{1}', '{succeeded}', '{NULL}', '{dlv_plan}',
         '{succeeded}', '{200}', '{NULL}', '{5}', '{2026-01-01T00:00:00Z}', '{s}')`,
    );
    const scans: string[] = [];
    const walk = (node: any) => {
      if (node['Relation Name'] === 'webhook_tasks') scans.push(node['Node Type']);
      (node.Plans ?? []).forEach(walk);
    };
    walk(plan[0].Plan);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans).not.toContain('Seq Scan');
  } finally {
    await session.close();
  }
});
