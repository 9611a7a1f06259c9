import { JobName, QueueName } from '@app/common/queues/queue-names';
import Stripe from 'stripe';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { verifyServiceSignature } from '../../libs/webhooks/src/verify';
import { eventually } from '../support/http';
import { withQueue } from '../support/queues';
import { Workspace } from '../support/stack';
import {
  Behaviour,
  companySaved,
  deliveryHarness,
  emitEvent,
  insertWebhook,
  Received,
  receiverWebhook,
  rotateSecret,
  sleep,
} from '../support/webhook-delivery-kit';

// Delivery worker against real PostgreSQL, Redis and a real receiver on loopback, with the
// clocks compressed: 300 ms between attempts, a 600 ms receiver timeout, 3 timeouts disable.
const SCHEDULE_MS = [300, 400, 500, 300, 300, 300];
const ENV = {
  WEBHOOK_RETRY_SCHEDULE: SCHEDULE_MS.map((ms) => `${ms}ms`).join(','),
  WEBHOOK_TIMEOUT_MS: '600',
  WEBHOOK_DISABLE_AFTER_TIMEOUTS: '3',
  WEBHOOK_DISABLE_AFTER: '1h',
  WORKER_METRICS_PORT: '0',
};

const stripe = new Stripe('sk_test_not_used');

const harness = deliveryHarness(ENV);

/** A webhook on a fresh receiver path with `behaviour`. */
const hookWith = (behaviour: Behaviour, events?: string[], workspace?: Workspace) =>
  receiverWebhook(harness.stack, harness.rcv, behaviour, events, workspace);

const deliveries = (webhookId: string) =>
  harness.stack.db.query<any>(`SELECT * FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY attempt`, [webhookId]);
const task = async (webhookId: string) =>
  (await harness.stack.db.query<any>(`SELECT * FROM webhook_tasks WHERE webhook_id = $1`, [webhookId]))[0];
jest.setTimeout(60000);

const webhook = async (id: string) =>
  (await harness.stack.db.query<any>(`SELECT * FROM webhooks WHERE id = $1`, [id]))[0];

function verifyAll(r: Received, secret: string) {
  expect(verifyServiceSignature(r.raw, r.headers['x-service-signature'] as string, secret)).toBe(true);
  // Stripe's own library, given our header as if it were Stripe-Signature.
  expect(stripe.webhooks.constructEvent(r.raw, r.headers['x-service-signature'] as string, secret).id).toBe(r.json.id);
  // The Standard Webhooks reference library.
  const std = new StandardWebhook(secret).verify(r.raw, {
    'webhook-id': r.headers['webhook-id'] as string,
    'webhook-timestamp': r.headers['webhook-timestamp'] as string,
    'webhook-signature': r.headers['webhook-signature'] as string,
  });
  expect((std as any).id).toBe(r.json.id);
}

describe('delivery', () => {
  it('POSTs the stored event body, signed so that our verifier, stripe and standardwebhooks accept it', async () => {
    const h = await hookWith({ status: 200 });
    const event = await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(1));
    const [r] = await harness.rcv.waitFor(h.path, (got) => got.length >= 1);
    expect(r).toBeDefined();
    expect(r.json).toEqual(event);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-service-event-type']).toBe('company.saved');
    expect(r.headers['x-service-delivery-attempt']).toBe('1');
    expect(r.headers['webhook-id']).toBe(event.id);
    verifyAll(r, h.secret);
    expect(
      verifyServiceSignature(
        r.raw,
        r.headers['x-service-signature'] as string,
        'whsec_' + Buffer.alloc(32).toString('base64'),
      ),
    ).toBe(false);

    const rows = await eventually(async () => ((await deliveries(h.id)).length === 1 ? deliveries(h.id) : null));
    expect(rows[0]).toMatchObject({
      event_id: event.id,
      event_type: 'company.saved',
      attempt: 1,
      status: 'succeeded',
      response_status: 200,
      error: null,
      next_attempt_at: null,
    });
    expect((await task(h.id)).state).toBe('succeeded');
    expect((await webhook(h.id)).last_success_at).not.toBeNull();
  });

  it('signs with both secrets during a rotation grace period, and with the new one only after it', async () => {
    const h = await hookWith({ status: 200 });
    const next = await rotateSecret(harness.stack.db, harness.stack.env.SECRETS_KEY, h.id, 60_000);
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(2));
    const [during] = await harness.rcv.waitFor(h.path, (got) => got.length >= 1);
    expect((during.headers['x-service-signature'] as string).split(',').filter((p) => p.startsWith('v1=')).length).toBe(
      2,
    );
    expect((during.headers['webhook-signature'] as string).split(' ').length).toBe(2);
    verifyAll(during, h.secret);
    verifyAll(during, next);

    await harness.stack.db.query(
      `UPDATE webhooks SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
      [h.id],
    );
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(3));
    const got = await harness.rcv.waitFor(h.path, (g) => g.length >= 2);
    const after = got[1];
    verifyAll(after, next);
    expect(verifyServiceSignature(after.raw, after.headers['x-service-signature'] as string, h.secret)).toBe(false);
    expect(() => new StandardWebhook(h.secret).verify(after.raw, after.headers as any)).toThrow();
  });

  it('follows the retry schedule until the schedule is exhausted, re-signing each attempt', async () => {
    const h = await hookWith({ status: 503 });
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(4));
    const got = await harness.rcv.waitFor(h.path, (g) => g.length >= 7, 20000);
    expect(got).toHaveLength(7);
    got.forEach((r, i) => expect(r.headers['x-service-delivery-attempt']).toBe(String(i + 1)));
    for (let i = 1; i < got.length; i++) {
      expect(got[i].at - got[i - 1].at).toBeGreaterThanOrEqual(SCHEDULE_MS[i - 1] - 20);
      expect(got[i].at - got[i - 1].at).toBeLessThan(SCHEDULE_MS[i - 1] + 1500);
      verifyAll(got[i], h.secret);
    }
    await sleep(1500);
    expect(harness.rcv.at(h.path)).toHaveLength(7); // six retries, then no more
    const rows = await eventually(async () => ((await task(h.id)).state === 'failed' ? deliveries(h.id) : null));
    expect(rows.map((d: any) => [d.attempt, d.status, d.response_status, d.error])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => [n, 'failed', 503, 'http_status']),
    );
    expect(rows.slice(0, 6).every((d: any) => d.next_attempt_at !== null)).toBe(true);
    expect(rows[6].next_attempt_at).toBeNull();
  });

  it.each([
    ['a timeout', { hang: true }],
    ['408', { status: 408 }],
    ['429', { status: 429 }],
    ['500', { status: 500 }],
    ['503', { status: 503 }],
  ])('retries after %s and then succeeds', async (_name, first) => {
    const h = await hookWith([first, { status: 200 }]);
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(5));
    const got = await harness.rcv.waitFor(h.path, (g) => g.length >= 2);
    expect(got).toHaveLength(2);
    expect(got[1].json.id).toBe(got[0].json.id);
    const rows = await eventually(async () => ((await task(h.id)).state === 'succeeded' ? deliveries(h.id) : null));
    expect(rows.map((d: any) => d.status)).toEqual(['failed', 'succeeded']);
    expect(rows[0].error).toBe('hang' in first ? 'timeout' : 'http_status');
  });

  it('retries after a refused connection', async () => {
    const { url } = harness.rcv.hook();
    const closedUrl = url.replace(`:${harness.rcv.port}`, ':1'); // nothing listens on port 1
    const w = await harness.stack.workspace();
    const h = await insertWebhook(harness.stack.db, harness.stack.env.SECRETS_KEY, w, closedUrl, ['company.saved']);
    await emitEvent(harness.stack.db, w.workspace_id, 'company.saved', companySaved(6));
    const rows = await eventually(async () => {
      const d = await deliveries(h.id);
      return d.length >= 2 ? d : null;
    });
    expect(rows[0]).toMatchObject({ attempt: 1, status: 'failed', error: 'connection_error', response_status: null });
    expect(rows[1].attempt).toBe(2);
  });

  it.each([
    ['400', { status: 400 }, 'http_status'],
    ['404', { status: 404 }, 'http_status'],
    ['a redirect', { status: 302, headers: { location: '/elsewhere' } }, 'redirect'],
  ])('fails for good after %s, without retry', async (_name, answer, error) => {
    const h = await hookWith(answer);
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(7));
    await eventually(async () => (await task(h.id))?.state === 'failed');
    await sleep(SCHEDULE_MS[0] + 500);
    expect(harness.rcv.at(h.path)).toHaveLength(1);
    expect(harness.rcv.requests.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
    const rows = await deliveries(h.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', error, next_attempt_at: null });
    expect((await webhook(h.id)).status).toBe('active');
  });

  it('a 410 disables the webhook at once, notifies the admin and drops its pending retries', async () => {
    const h = await hookWith((n) => (n === 1 ? { status: 500 } : { status: 410 }));
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(8));
    await harness.rcv.waitFor(h.path, (g) => g.length >= 1);
    // a second event fails retryably and waits; the 410 of the first event's retry drops it
    harness.rcv.setBehaviour(h.path, (n) => (n === 2 ? { status: 500 } : { status: 410 }));
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(9));
    const w = await eventually(async () => ((await webhook(h.id)).status === 'disabled' ? webhook(h.id) : null));
    expect(w.disabled_reason).toBe('gone');
    const notes = await harness.stack.db.query<any>(
      `SELECT * FROM notifications WHERE workspace_id = $1 AND data->>'webhook_id' = $2`,
      [h.ws.workspace_id, h.id],
    );
    expect(notes).toHaveLength(1);
    expect(notes[0].data.reason).toBe('gone');
    await sleep(1500);
    const tasks = await harness.stack.db.query<any>(`SELECT state FROM webhook_tasks WHERE webhook_id = $1`, [h.id]);
    expect(tasks.every((t: any) => t.state !== 'pending')).toBe(true);
    const count = harness.rcv.at(h.path).length;
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(10));
    await sleep(1000);
    expect(harness.rcv.at(h.path)).toHaveLength(count); // a disabled webhook gets nothing new
  });

  it('WEBHOOK_DISABLE_AFTER_TIMEOUTS timeouts in a row disable the webhook', async () => {
    const h = await hookWith({ hang: true });
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(11));
    const w = await eventually(async () => ((await webhook(h.id)).status === 'disabled' ? webhook(h.id) : null), 20000);
    expect(w.disabled_reason).toBe('timeouts');
    const rows = await deliveries(h.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((d: any) => d.error === 'timeout')).toBe(true);
    expect((await task(h.id)).state).toBe('dropped');
  });

  it('a success between timeouts resets the count', async () => {
    const h = await hookWith([
      { hang: true },
      { hang: true },
      { status: 200 },
      { hang: true },
      { hang: true },
      { status: 200 },
    ]);
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(12));
    await eventually(async () => (await task(h.id))?.state === 'succeeded', 20000);
    await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(13));
    await eventually(
      async () => (await deliveries(h.id)).filter((d: any) => d.status === 'succeeded').length === 2,
      20000,
    );
    expect((await webhook(h.id)).status).toBe('active');
    expect((await webhook(h.id)).consecutive_timeouts).toBe(0);
  });

  it('deleting the API key that created the webhook stops its deliveries', async () => {
    const w2 = await harness.stack.workspace();
    const h = await hookWith({ status: 200 }, ['company.saved'], w2);
    await emitEvent(harness.stack.db, w2.workspace_id, 'company.saved', companySaved(14));
    await harness.rcv.waitFor(h.path, (g) => g.length >= 1);
    const del = await harness.stack.cli(['api-key:delete', '--id', w2.api_key_id]);
    expect(del.code).toBe(0);
    expect(del.json.webhooks_disabled).toBe(1);
    await emitEvent(harness.stack.db, w2.workspace_id, 'company.saved', companySaved(15));
    await sleep(1500);
    expect(harness.rcv.at(h.path)).toHaveLength(1);
    expect((await webhook(h.id)).disabled_reason).toBe('api_key_deleted');
  });

  it('never replays events from before the webhook was created, and honours the subscription', async () => {
    const w3 = await harness.stack.workspace();
    const before = await emitEvent(harness.stack.db, w3.workspace_id, 'company.saved', companySaved(16), {
      notify: false,
    });
    await sleep(20);
    const h = await hookWith({ status: 200 }, ['company.saved'], w3);
    await emitEvent(harness.stack.db, w3.workspace_id, 'person.saved', {
      person: { id: 'a'.repeat(24) },
      saved_at: new Date().toISOString(),
      list_ids: [],
    });
    const after = await emitEvent(harness.stack.db, w3.workspace_id, 'company.saved', companySaved(17));
    await harness.rcv.waitFor(h.path, (g) => g.length >= 1);
    await sleep(1500);
    expect(harness.rcv.at(h.path).map((r) => r.json.id)).toEqual([after.id]);
    expect(before.id).not.toBe(after.id);
  });

  it('delivers a webhook.test event only to its target webhook', async () => {
    const w4 = await harness.stack.workspace();
    const a = await hookWith({ status: 200 }, ['company.saved'], w4);
    const b = await hookWith({ status: 200 }, ['company.saved'], w4);
    const event = await emitEvent(
      harness.stack.db,
      w4.workspace_id,
      'webhook.test',
      { webhook_id: a.id },
      { targetWebhookId: a.id },
    );
    const [r] = await harness.rcv.waitFor(a.path, (g) => g.length >= 1);
    expect(r.json.id).toBe(event.id);
    await sleep(1000);
    expect(harness.rcv.at(b.path)).toHaveLength(0);
  });

  it('a relay that runs twice and a duplicated job deliver once', async () => {
    const h = await hookWith({ delayMs: 300, status: 200 });
    const event = await emitEvent(harness.stack.db, h.ws.workspace_id, 'company.saved', companySaved(18));
    await eventually(
      async () =>
        (await harness.stack.db.query(`SELECT 1 FROM events WHERE id = $1 AND relayed_at IS NOT NULL`, [event.id]))
          .length === 1,
    );
    // The relay sees the event again, and a stray copy of the job (another id) is queued.
    await harness.stack.db.query(`UPDATE events SET relayed_at = NULL WHERE id = $1`, [event.id]);
    await harness.stack.db.query(`SELECT pg_notify('outbox_event', $1)`, [event.id]);
    await withQueue(harness.stack.redis, QueueName.WebhookDelivery, async (queue) => {
      await queue.add(
        JobName.DeliverWebhook,
        { eventId: event.id, webhookId: h.id, attempt: 1 },
        { jobId: `dup-${event.id}`, removeOnComplete: true },
      );
      await queue.add(
        JobName.DeliverWebhook,
        { eventId: event.id, webhookId: h.id, attempt: 1 },
        { jobId: `dup2-${event.id}`, removeOnComplete: true },
      );
    });
    await eventually(
      async () =>
        (await harness.stack.db.query(`SELECT 1 FROM events WHERE id = $1 AND relayed_at IS NOT NULL`, [event.id]))
          .length === 1,
    );
    await sleep(1500);
    expect(harness.rcv.at(h.path)).toHaveLength(1);
    expect(await deliveries(h.id)).toHaveLength(1);
    expect(
      await harness.stack.db.query(`SELECT * FROM webhook_tasks WHERE event_id = $1 AND webhook_id = $2`, [
        event.id,
        h.id,
      ]),
    ).toHaveLength(1);
  });
});
