import { DeliveryDb } from '../../libs/webhooks/src/delivery-store/delivery-db';
import { DeliveryStore } from '../../libs/webhooks/src/delivery-store/delivery-store';
import { createTestDatabase, TestDatabase } from '../support/database';

/**
 * Each claim and each recorded attempt leaves a dead entry at the front of the pending index, and
 * the drains' "anything due?" look and their claims step over all of them until VACUUM removes
 * them (docs/webhook-delivery.md, "Vacuuming the task table"). The store's VACUUM must clean the
 * index even when the table's long history makes the dead rows a small share of its pages, where
 * PostgreSQL's default skips the indexes.
 */
jest.setTimeout(60000);

const WEBHOOK = 'wh_vacuum';
const HISTORY = 400_000;
const DELIVERED = 1_500;
let db: TestDatabase;
let delivery: DeliveryDb;
let store: DeliveryStore;

/**
 * Index pages and heap pages the store's look for a due task reads (from shared buffers or not):
 * its own statement, prepared on the pool's one connection by a first run.
 */
async function blocksReadByDueLook(): Promise<number> {
  await store.hasDueTask(WEBHOOK);
  type Buffers = { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
  const { rows } = await delivery.pool.query<{ 'QUERY PLAN': [{ Plan: Buffers }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE "webhook-has-due-task"('${WEBHOOK}')`,
  );
  const plan = rows[0]['QUERY PLAN'][0].Plan;
  return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
}

beforeAll(async () => {
  db = await createTestDatabase();
  delivery = new DeliveryDb(db.url, 1);
  store = new DeliveryStore(delivery);
  await db.query(`INSERT INTO workspaces (id, name) VALUES ('ws_vacuum', 'vacuum')`);
  for (const id of [WEBHOOK, 'wh_history'])
    await db.query(
      `INSERT INTO webhooks (id, workspace_id, url, events, secret_ciphertext) VALUES ($1, 'ws_vacuum', 'https://example.com/h', '{company.saved}', 'sealed')`,
      [id],
    );
  // A long history of another webhook's delivered tasks.
  await db.query(
    `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
     SELECT 'evt_h' || lpad(i::text, 8, '0'), 'wh_history', 'ws_vacuum', 'company.saved', 'succeeded', 1, now() - interval '1 day'
       FROM generate_series(1, $1) AS i`,
    [HISTORY],
  );
  await db.query('VACUUM ANALYZE webhook_tasks');
  // A burst: tasks relayed, claimed (leased) and delivered, then one task still due. On the store's
  // connection, which then reports its statistics at once rather than within 10 s.
  const burst = async (sql: string, params: unknown[]) => delivery.pool.query(sql, params);
  await burst(
    `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
     SELECT 'evt_b' || lpad(i::text, 8, '0'), $1, 'ws_vacuum', 'company.saved', 'pending', 0, now() - interval '1 minute'
       FROM generate_series(1, $2) AS i`,
    [WEBHOOK, DELIVERED + 1],
  );
  await burst(
    `UPDATE webhook_tasks SET next_attempt_at = now() + interval '1 minute' WHERE webhook_id = $1 AND event_id <= $2`,
    [WEBHOOK, `evt_b${String(DELIVERED).padStart(8, '0')}`],
  );
  await burst(
    `UPDATE webhook_tasks SET state = 'succeeded', updated_at = now() WHERE webhook_id = $1 AND next_attempt_at > now()`,
    [WEBHOOK],
  );
  await burst('SELECT pg_stat_force_next_flush()', []);
});
afterAll(async () => {
  await delivery?.pool.end();
  await db?.drop();
});

it('counts the dead versions a burst left', async () => {
  // Two per delivered task: the claim's version and the one before the attempt was recorded.
  expect(await store.deadTaskVersions()).toBe(2 * DELIVERED);
});

it('removes the dead entries the look for a due task steps over, despite a long history', async () => {
  const before = await blocksReadByDueLook();
  expect(before).toBeGreaterThan(10);
  await store.vacuumTasks();
  expect(await blocksReadByDueLook()).toBeLessThanOrEqual(5);
  expect(await store.hasDueTask(WEBHOOK)).toBe(true);
});
