import { DeliveryDb } from '../../libs/webhooks/src/delivery-store/delivery-db';
import { DeliveryStore } from '../../libs/webhooks/src/delivery-store/delivery-store';
import { createTestDatabase, TestDatabase } from '../support/database';

/**
 * The fill pass and the oldest-due gauge read each webhook's earliest pending task (one index probe per
 * webhook): a webhook is due when its earliest task is, and the gauge is the oldest of those.
 */
let db: TestDatabase;
let delivery: DeliveryDb;
let store: DeliveryStore;

/** Pending tasks of `webhook`, due `seconds` from now (negative: overdue). */
async function pending(webhook: string, seconds: number[]) {
  for (const [i, s] of seconds.entries()) {
    const event = `evt_${webhook}_${i}`;
    await db.query(
      `INSERT INTO events (id, workspace_id, type, body, relayed_at) VALUES ($1, 'ws_heads', 'company.saved', '{}', now())`,
      [event],
    );
    await db.query(
      `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
       VALUES ($1, $2, 'ws_heads', 'company.saved', 'pending', 0, now() + make_interval(secs => $3))`,
      [event, webhook, s],
    );
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  delivery = new DeliveryDb(db.url, 1);
  store = new DeliveryStore(delivery);
  await db.query(`INSERT INTO workspaces (id, name) VALUES ('ws_heads', 'heads')`);
  for (const id of ['wh_a', 'wh_b', 'wh_c', 'wh_d'])
    await db.query(
      `INSERT INTO webhooks (id, workspace_id, url, events, secret_ciphertext) VALUES ($1, 'ws_heads', 'https://example.com/h', '{company.saved}', 'sealed')`,
      [id],
    );
});
afterAll(async () => {
  await delivery?.pool.end();
  await db?.drop();
});

it('finds nothing due and an age of 0 without pending tasks', async () => {
  expect(await store.webhooksWithDueTasks(10)).toEqual([]);
  expect(await store.oldestDueTaskAgeSeconds()).toBe(0);
});

it('answers the webhooks whose earliest task is due, and how long the oldest has been due', async () => {
  await pending('wh_a', [60, -5, 120]); // due 5 s ago
  await pending('wh_b', [30, 90]); // nothing due yet (a leased task looks like this)
  await pending('wh_c', [-40, -10]); // due 40 s ago
  await db.query(
    `UPDATE webhook_tasks SET state = 'succeeded' WHERE webhook_id = 'wh_c' AND next_attempt_at < now() - interval '20 seconds'`,
  );
  await pending('wh_d', [-300]);
  await db.query(`UPDATE webhook_tasks SET state = 'dropped' WHERE webhook_id = 'wh_d'`);

  const due = await store.webhooksWithDueTasks(10);
  expect(due.map((d) => d.webhookId).sort()).toEqual(['wh_a', 'wh_c']);
  expect(due.every((d) => d.workspaceId === 'ws_heads')).toBe(true);
  expect(await store.webhooksWithDueTasks(1)).toHaveLength(1);
  // wh_c's succeeded task (40 s) and wh_d's dropped one (300 s) no longer count: wh_c's pending one, 10 s.
  const age = await store.oldestDueTaskAgeSeconds();
  expect(age).toBeGreaterThanOrEqual(10);
  expect(age).toBeLessThan(12);
});
