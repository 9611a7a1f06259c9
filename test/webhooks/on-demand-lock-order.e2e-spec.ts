import { Client } from 'pg';
import { companySaved, emitEvent, insertWebhook, ulid } from '../support/webhook-delivery-kit';
import { workspaceHarness } from '../support/stack';

// Resend and recover take their locks in the worker's order (docs/webhook-delivery.md): the task first, the webhook's
// row last. The worker records an attempt by updating its task and then the webhook's health; an on-demand action
// that held the webhook's row while it waited for that task would deadlock with it, and under repetition lost every
// rerun (a 500). Here a plain connection plays the worker's recording, holding the task, while the API waits for it.
jest.setTimeout(60_000);

const harness = workspaceHarness();

/** A webhook with one event, its task (failed for good) and the delivery record of that attempt. */
async function failedDelivery() {
  const { stack, ws } = harness;
  const hook = await insertWebhook(stack.db, stack.env.SECRETS_KEY, ws, 'https://receiver.example/hook', [
    'company.saved',
  ]);
  const event = await emitEvent(stack.db, ws.workspace_id, 'company.saved', companySaved(1), { notify: false });
  await stack.db.query(
    `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at, updated_at)
     VALUES ($1, $2, $3, 'company.saved', 'failed', 1, NULL, now())`,
    [event.id, hook.id, ws.workspace_id],
  );
  const deliveryId = `dlv_${ulid()}`;
  await stack.db.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event_id, event_type, attempt, status, response_status, error, duration_ms)
     VALUES ($1, $2, $3, $4, 'company.saved', 1, 'failed', 400, 'http_status', 5)`,
    [deliveryId, hook.id, ws.workspace_id, event.id],
  );
  await stack.db.query(`UPDATE events SET relayed_at = now() WHERE id = $1`, [event.id]);
  return { webhookId: hook.id, eventId: event.id, deliveryId };
}

async function connect(): Promise<Client> {
  const client = new Client({ connectionString: harness.stack.db.url });
  await client.connect();
  return client;
}

/** Waits until some backend of the test database waits for a row lock (the API's transaction, here). */
async function someoneWaitsForALock(observer: Client): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await observer.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the API never waited for the task the worker holds');
}

/**
 * The worker's recording holds the task; the action waits for it. Meanwhile the webhook's row must be free (the
 * action has not locked it yet), so the recording's health update goes through and commits, and then the action
 * answers 202.
 */
async function waitsForTheTaskWithoutHoldingTheWebhook(webhookId: string, eventId: string, act: () => Promise<any>) {
  const worker = await connect();
  const observer = await connect();
  try {
    await worker.query('BEGIN');
    await worker.query(`UPDATE webhook_tasks SET updated_at = now() WHERE event_id = $1 AND webhook_id = $2`, [
      eventId,
      webhookId,
    ]);
    const answer = act();
    await someoneWaitsForALock(observer);
    await observer.query('BEGIN');
    // NOWAIT fails at once (55P03) if the waiting action holds the webhook's row.
    await expect(
      observer.query(`SELECT 1 FROM webhooks WHERE id = $1 FOR NO KEY UPDATE NOWAIT`, [webhookId]),
    ).resolves.toBeDefined();
    await observer.query('ROLLBACK');
    await worker.query(`UPDATE webhooks SET last_success_at = now() WHERE id = $1`, [webhookId]);
    await worker.query('COMMIT');
    const res = await answer;
    expect(res.status).toBe(202);
  } finally {
    await worker.query('ROLLBACK').catch(() => undefined);
    await Promise.all([worker.end(), observer.end()]);
  }
}

it('resend waits for a task the worker is recording without holding the webhook row, then answers 202', async () => {
  const { webhookId, eventId, deliveryId } = await failedDelivery();
  await waitsForTheTaskWithoutHoldingTheWebhook(webhookId, eventId, () =>
    harness.ws.api.post(`/v2/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, {}),
  );
  const [task] = await harness.stack.db.query<{ state: string; attempts: number }>(
    `SELECT state, attempts FROM webhook_tasks WHERE event_id = $1 AND webhook_id = $2`,
    [eventId, webhookId],
  );
  expect(task).toEqual({ state: 'pending', attempts: 0 });
});

it('recover waits for a task the worker is recording without holding the webhook row, then answers 202', async () => {
  const { webhookId, eventId } = await failedDelivery();
  const since = new Date(Date.now() - 3_600_000).toISOString();
  await waitsForTheTaskWithoutHoldingTheWebhook(webhookId, eventId, () =>
    harness.ws.api.post(`/v2/webhooks/${webhookId}/recover`, { since }),
  );
  const [task] = await harness.stack.db.query<{ state: string }>(
    `SELECT state FROM webhook_tasks WHERE event_id = $1 AND webhook_id = $2`,
    [eventId, webhookId],
  );
  expect(task.state).toBe('pending');
});
