import { Webhook as StandardWebhook } from 'standardwebhooks';
import { verifyServiceSignature } from '../../libs/webhooks/src/verify';
import { eventually } from '../support/http';
import { freePort } from '../support/processes';
import { Workspace } from '../support/stack';
import { companySaved, deliveryHarness, emitEvent, Receiver, sleep } from '../support/webhook-delivery-kit';

// The worker together with the registration API: webhooks made, tested, rotated, resent and
// recovered through HTTP, deliveries read back through HTTP.
jest.setTimeout(60000);

let metricsPort: number;

const harness = deliveryHarness(async () => {
  metricsPort = await freePort();
  return { WEBHOOK_RETRY_SCHEDULE: '300ms,300ms', WEBHOOK_TIMEOUT_MS: '600', WORKER_METRICS_PORT: String(metricsPort) };
});

async function create(ws: Workspace, behaviour: Parameters<Receiver['hook']>[0], events = ['company.saved']) {
  const { url, path } = harness.rcv.hook(behaviour);
  const res = await ws.api.post('/v2/webhooks', { url, events });
  expect(res.status).toBe(201);
  return { ...res.body.data, path } as { id: string; secret: string; path: string; status: string };
}

const history = async (ws: Workspace, id: string) =>
  (await ws.api.get(`/v2/webhooks/${id}/deliveries`)).body.data as any[];

it('delivers the test event of a webhook made through the API, signed with the secret it answered', async () => {
  const ws = await harness.stack.workspace();
  const h = await create(ws, { status: 200 });
  const sent = await ws.api.post(`/v2/webhooks/${h.id}/test`, {});
  expect(sent.status).toBe(202);
  const [r] = await harness.rcv.waitFor(h.path, (g) => g.length >= 1);
  expect(r.json).toMatchObject({ id: sent.body.data.event_id, type: 'webhook.test', data: { webhook_id: h.id } });
  expect(verifyServiceSignature(r.raw, r.headers['x-service-signature'] as string, h.secret)).toBe(true);
  const items = await eventually(async () => {
    const d = await history(ws, h.id);
    return d.length === 1 && d[0].status === 'succeeded' ? d : null;
  });
  expect(items[0]).toMatchObject({
    webhook_id: h.id,
    event_id: r.json.id,
    event_type: 'webhook.test',
    attempt: 1,
    response_status: 200,
    error: null,
    next_attempt_at: null,
  });
});

it('signs with the old and the new secret during the grace period of a rotation made through the API', async () => {
  const ws = await harness.stack.workspace();
  const h = await create(ws, { status: 200 });
  const rotated = await ws.api.post(`/v2/webhooks/${h.id}/rotate-secret`, { grace: '1h' });
  expect(rotated.status).toBe(200);
  await ws.api.post(`/v2/webhooks/${h.id}/test`, {});
  const [r] = await harness.rcv.waitFor(h.path, (g) => g.length >= 1);
  for (const secret of [h.secret, rotated.body.data.secret]) {
    expect(verifyServiceSignature(r.raw, r.headers['x-service-signature'] as string, secret)).toBe(true);
    expect((new StandardWebhook(secret).verify(r.raw, r.headers as Record<string, string>) as any).id).toBe(r.json.id);
  }
});

it('resend delivers a delivery that failed for good once more', async () => {
  const ws = await harness.stack.workspace();
  const h = await create(ws, [{ status: 400 }, { status: 200 }]);
  const event = await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(1));
  const [failed] = await eventually(async () => {
    const d = await history(ws, h.id);
    return d.length === 1 ? d : null;
  });
  expect(failed).toMatchObject({ status: 'failed', response_status: 400, event_id: event.id });
  const res = await ws.api.post(`/v2/webhooks/${h.id}/deliveries/${failed.id}/resend`, {});
  expect(res.status).toBe(202);
  const got = await harness.rcv.waitFor(h.path, (g) => g.length >= 2);
  expect(got.map((r) => r.json.id)).toEqual([event.id, event.id]);
  await eventually(async () => (await history(ws, h.id)).some((d) => d.status === 'succeeded'));
});

it('recover sends again every event that failed for good since a time', async () => {
  const ws = await harness.stack.workspace();
  const h = await create(ws, { status: 404 });
  const since = new Date().toISOString();
  const a = await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(2));
  const b = await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(3));
  await eventually(async () => (await history(ws, h.id)).length === 2);
  harness.rcv.setBehaviour(h.path, { status: 200 });
  const res = await ws.api.post(`/v2/webhooks/${h.id}/recover`, { since });
  expect(res.status).toBe(202);
  expect(res.body.data.recovered).toBe(2);
  await eventually(async () => (await history(ws, h.id)).filter((d) => d.status === 'succeeded').length === 2);
  expect(
    harness.rcv
      .at(h.path)
      .map((r) => r.json.id)
      .sort(),
  ).toEqual([a.id, a.id, b.id, b.id].sort());
});

it('a 410 disables the webhook with a notification; re-enabled through PATCH, it delivers again', async () => {
  const ws = await harness.stack.workspace();
  const h = await create(ws, { status: 410 });
  await ws.api.post(`/v2/webhooks/${h.id}/test`, {});
  const hook = await eventually(async () => {
    const g = (await ws.api.get(`/v2/webhooks/${h.id}`)).body.data;
    return g.status === 'disabled' ? g : null;
  });
  expect(hook.disabled_reason).toBe('gone');
  const notes = (await ws.api.get('/v2/notifications')).body.data;
  expect(notes.length).toBe(1);
  harness.rcv.setBehaviour(h.path, { status: 200 });
  expect((await ws.api.patch(`/v2/webhooks/${h.id}`, { status: 'active' })).body.data.status).toBe('active');
  const event = await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(4));
  const got = await harness.rcv.waitFor(h.path, (g) => g.some((r) => r.json.id === event.id));
  expect(got.filter((r) => r.json.id === event.id)).toHaveLength(1);
});

it('removing the member who created a webhook disables it: nothing more is delivered', async () => {
  const ws = await harness.stack.workspace();
  const member = (await harness.stack.cli(['member:add', '--workspace', ws.workspace_id, '--name', 'Leaver'])).json
    .member_id;
  const key = (await harness.stack.cli(['api-key:create', '--member', member])).json.api_key;
  const h = await create({ ...ws, api: harness.stack.anon.withKey(key) }, { status: 200 });
  await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(5));
  await harness.rcv.waitFor(h.path, (g) => g.length >= 1);
  const removed = await harness.stack.cli(['member:remove', '--member', member]);
  expect(removed.json).toEqual({ removed: true, webhooks_disabled: 1 });
  await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(6));
  await sleep(1500);
  expect(harness.rcv.at(h.path)).toHaveLength(1);
  expect((await ws.api.get(`/v2/webhooks/${h.id}`)).body.data).toMatchObject({
    status: 'disabled',
    disabled_reason: 'member_removed',
  });
});

it('the worker serves dispatcher metrics at GET /metrics', async () => {
  const ws = await harness.stack.workspace();
  const h = await create(ws, { status: 200 });
  await ws.api.post(`/v2/webhooks/${h.id}/test`, {});
  await harness.rcv.waitFor(h.path, (g) => g.length >= 1);
  const text = await eventually(async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    const body = await res.text();
    return res.status === 200 && /webhook_deliveries_total\{outcome="succeeded"\} [1-9]/.test(body) ? body : null;
  });
  expect(text).toMatch(/webhook_delivery_attempt_duration_seconds_bucket\{[^}]*outcome="succeeded"[^}]*\}/);
  expect(text).toMatch(/webhook_outbox_lag_seconds \d/);
  expect(text).toMatch(/webhook_queue_depth\{state="waiting"\} \d/);
  expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
});
