import { DeliveryDb } from '../../libs/webhooks/src/delivery-store/delivery-db';
import { DeliveryStore } from '../../libs/webhooks/src/delivery-store/delivery-store';
import { createTestDatabase, TestDatabase } from '../support/database';
import { PlanNode, planNodes } from '../support/query-plans';

/**
 * A drain's claim and its "anything due?" look must read the webhook's due tasks from the pending
 * index, in due order, whatever the statistics say. On a new install `webhook_tasks` was analyzed
 * while empty (or never: autovacuum off or behind), and the prepared claim kept a generic plan that
 * read every pending task of the webhook through another index and sorted them: one busy webhook
 * fell to 400-600 deliveries/s (BENCHMARKS.md, "Webhook delivery"). The plans are read from the
 * statements exactly as the store prepares them, generic and custom.
 */
jest.setTimeout(60000);

const PENDING = 5000;
const WEBHOOK = 'wh_claimplan';
let db: TestDatabase;

type PlanMode = 'force_generic_plan' | 'force_custom_plan';

/**
 * A plan of one of the store's prepared statements, on the delivery pool's own session settings:
 * generic (as the statement's cached plan becomes) or custom (as its first runs are planned, and any
 * run the planner prices cheaper than the generic plan).
 */
async function preparedPlan(
  mode: PlanMode,
  run: (store: DeliveryStore) => Promise<unknown>,
  execute: string,
): Promise<PlanNode[]> {
  const delivery = new DeliveryDb(db.url, 1);
  try {
    await run(new DeliveryStore(delivery)); // prepares the statement on the pool's one connection
    await delivery.pool.query(`SET plan_cache_mode = ${mode}`);
    const { rows } = await delivery.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) ${execute}`,
    );
    return planNodes(rows[0]['QUERY PLAN'][0].Plan);
  } finally {
    await delivery.pool.end();
  }
}

/** How each scan of `webhook_tasks` in the plan reads it: an index's name, or the scan's kind. */
const taskReads = (plan: PlanNode[]) =>
  [
    ...new Set(
      plan
        .filter((n) => n['Relation Name'] === 'webhook_tasks' && n['Node Type'] !== 'ModifyTable')
        .map((n) => n['Index Name'] ?? n['Node Type']),
    ),
  ].sort();

beforeAll(async () => {
  db = await createTestDatabase();
  await db.query(`INSERT INTO workspaces (id, name) VALUES ('ws_claimplan', 'claim plan')`);
  await db.query(
    `INSERT INTO webhooks (id, workspace_id, url, events, secret_ciphertext)
     VALUES ($1, 'ws_claimplan', 'https://example.com/hook', '{company.saved}', 'sealed')`,
    [WEBHOOK],
  );
  // Statistics of an empty table, as a new install has them.
  await db.query(`ANALYZE webhook_tasks, events`);
  await db.query(
    `WITH e AS (
       INSERT INTO events (id, workspace_id, type, body, relayed_at)
       SELECT 'evt_' || lpad(i::text, 8, '0'), 'ws_claimplan', 'company.saved', '{}'::jsonb, now()
         FROM generate_series(1, $1) AS i RETURNING id
     )
     INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
     SELECT id, $2, 'ws_claimplan', 'company.saved', 'pending', 0, now() - interval '1 minute' FROM e`,
    [PENDING, WEBHOOK],
  );
});
afterAll(() => db?.drop());

/** Statistics taken when the webhook's tasks were all delivered (pending looks rare), then a backlog as large. */
async function analyzeDelivered() {
  await db.query(`UPDATE webhook_tasks SET state = 'succeeded', updated_at = now()`);
  await db.query('ANALYZE webhook_tasks');
  await db.query(`UPDATE webhook_tasks SET state = 'pending'`);
}

/** [statistics, plan mode, what sets the statistics up]: each case keeps the statistics of the one before. */
const CASES: [string, PlanMode, () => Promise<unknown>][] = [
  ['statistics of the empty table', 'force_generic_plan', async () => undefined],
  ['statistics of the empty table', 'force_custom_plan', async () => undefined],
  ['statistics of a delivered backlog', 'force_generic_plan', analyzeDelivered],
  ['statistics of a delivered backlog', 'force_custom_plan', async () => undefined],
  ['fresh statistics', 'force_generic_plan', () => db.query('ANALYZE webhook_tasks, events')],
  ['fresh statistics', 'force_custom_plan', async () => undefined],
];

describe.each(CASES)('with %s, %s', (_name, mode, arrange) => {
  beforeAll(arrange);
  const plan = (run: (store: DeliveryStore) => Promise<unknown>, execute: string) => preparedPlan(mode, run, execute);

  it('claims from the pending index in due order, without sorting the pending tasks', async () => {
    const claim = await plan(
      (store) => store.claimDue(WEBHOOK, 1, 60_000),
      `EXECUTE "webhook-claim-due"('${WEBHOOK}', 40, 60000)`,
    );
    expect(taskReads(claim)).toEqual(['webhook_tasks_pending_webhook_due_idx', 'webhook_tasks_pkey']);
    // The only sort is the answer's, over the claimed tasks (above the join), never under the claim's LIMIT.
    const limit = claim.find((n) => n['Node Type'] === 'Limit');
    expect(limit && planNodes(limit).some((n) => n['Node Type'] === 'Sort')).toBe(false);
  });

  it('looks for a due task in a pending index only', async () => {
    const look = await plan((store) => store.hasDueTask(WEBHOOK), `EXECUTE "webhook-has-due-task"('${WEBHOOK}')`);
    // Pending tasks have one index, by webhook and due time: never through finished tasks.
    expect(taskReads(look)).toEqual(['webhook_tasks_pending_webhook_due_idx']);
  });
});
