import { HttpAnswer, eventually } from '../support/http';
import { freePort } from '../support/processes';
import { companySaved, deliveryHarness, emitEvent } from '../support/webhook-delivery-kit';

// Issue 14 point 7: a retry that will never run shows as dropped in the delivery history, whoever
// drops it: the API disabling the webhook, or the worker finding it disabled when the retry is due.
jest.setTimeout(60000);

const harness = deliveryHarness(async () => ({
  WEBHOOK_RETRY_SCHEDULE: '2s,2s',
  WORKER_METRICS_PORT: String(await freePort()),
}));

/** The delivery records of a history answer, wherever the list convention puts the array. */
const recordsOf = (res: HttpAnswer): any[] => res.body.data;

async function failingWebhookWithAWaitingRetry() {
  const ws = await harness.stack.workspace();
  const { url } = harness.rcv.hook({ status: 503 });
  const created = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
  expect(created.status).toBe(201);
  const id: string = created.body.data.id;
  await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(1));
  const [first] = await eventually(async () => {
    const items = recordsOf(await ws.api.get(`/v2/webhooks/${id}/deliveries`));
    return items.length === 1 ? items : null;
  });
  expect(first).toMatchObject({ attempt: 1, status: 'failed', response_status: 503, retry_dropped: false });
  expect(first.next_attempt_at).not.toBeNull();
  return { ws, id };
}

it('disabling the webhook through the API while a retry waits: next_attempt_at null, retry_dropped true, no further attempt', async () => {
  const { ws, id } = await failingWebhookWithAWaitingRetry();
  expect((await ws.api.patch(`/v2/webhooks/${id}`, { status: 'disabled' })).status).toBe(200);
  const [record] = recordsOf(await ws.api.get(`/v2/webhooks/${id}/deliveries`));
  expect(record).toMatchObject({ attempt: 1, next_attempt_at: null, retry_dropped: true });
  await new Promise((r) => setTimeout(r, 3000)); // past the retry's due time
  expect(recordsOf(await ws.api.get(`/v2/webhooks/${id}/deliveries`))).toHaveLength(1);
});

it('the worker dropping a due retry of a webhook disabled behind its back marks the attempt dropped', async () => {
  const { ws, id } = await failingWebhookWithAWaitingRetry();
  // Disabled without dropping its tasks: only the worker, at the retry's due time, can drop it.
  await harness.stack.db.query(`UPDATE webhooks SET status = 'disabled', disabled_reason = 'manual' WHERE id = $1`, [
    id,
  ]);
  const [record] = await eventually(async () => {
    const items = recordsOf(await ws.api.get(`/v2/webhooks/${id}/deliveries`));
    return items.length === 1 && items[0].retry_dropped ? items : null;
  }, 15000);
  expect(record).toMatchObject({ attempt: 1, next_attempt_at: null, retry_dropped: true });
  const [task] = await harness.stack.db.query<{ state: string }>(
    `SELECT state FROM webhook_tasks WHERE webhook_id = $1`,
    [id],
  );
  expect(task.state).toBe('dropped');
});
