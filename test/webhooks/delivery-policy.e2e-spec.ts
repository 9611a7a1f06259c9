import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { LocalDnsServer, startLocalDnsServer } from '../support/local-dns-server';
import { freePort, ROOT, ServiceProcess } from '../support/processes';
import { ApiClient, eventually } from '../support/http';
import { companySaved, deliveryHarness, emitEvent, insertWebhook, sleep } from '../support/webhook-delivery-kit';

// The worker applies the whole receiver policy at every delivery, with the settings it runs
// with now; a secret it cannot decrypt ends the task; events and webhooks carry the database's
// clock, whatever the clock of the API replica that wrote them.
jest.setTimeout(90000);

let dns: LocalDnsServer;
const harness = deliveryHarness(async () => {
  dns = await startLocalDnsServer({
    'public.receiver.test': { a: ['93.184.216.34'], ttl: 60 },
    'local.receiver.test': { a: ['127.0.0.1'], ttl: 60 },
  });
  return {
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_DNS_SERVERS: dns.address,
    WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms',
    WORKER_METRICS_PORT: '0',
  };
});
afterAll(() => dns?.close());

const deliveriesOf = (webhookId: string) =>
  harness.stack.db.query<any>(
    `SELECT event_id, attempt, status, error, response_status, next_attempt_at FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at`,
    [webhookId],
  );

describe('a secret the SECRETS_KEY cannot decrypt', () => {
  it('ends the task with one failed delivery and one notification, and is not re-queued', async () => {
    const ws = await harness.stack.workspace();
    const { url, path } = harness.rcv.hook({ status: 200 });
    const otherKey = randomBytes(32).toString('hex');
    const h = await insertWebhook(harness.stack.db, otherKey, ws, url, ['company.saved']);
    const first = await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(1));
    const second = await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(2));
    const rows = await eventually(async () => {
      const got = await deliveriesOf(h.id);
      return got.length === 2 ? got : null;
    });
    expect(rows.map((r: any) => [r.event_id, r.attempt, r.status, r.error, r.next_attempt_at]).sort()).toEqual(
      [first.id, second.id].sort().map((id) => [id, 1, 'failed', 'blocked_target', null]),
    );
    const tasks = await harness.stack.db.query<any>(`SELECT state, attempts FROM webhook_tasks WHERE webhook_id = $1`, [
      h.id,
    ]);
    expect(tasks).toEqual([
      { state: 'failed', attempts: 1 },
      { state: 'failed', attempts: 1 },
    ]);
    // The notice commits before the delivery it explains: once both deliveries are there, so is it, once.
    const notes = (await ws.api.get('/v2/notifications')).body.data.filter(
      (n: any) => n.kind === 'webhook_secret_unreadable',
    );
    expect(notes).toHaveLength(1); // one unread notice per webhook, not one per event
    expect(notes[0].data).toEqual({ webhook_id: h.id, url });
    expect(notes[0].message).toMatch(/cannot be decrypted/);
    // nothing was sent, nothing runs again, the webhook stays as it was
    await sleep(1500);
    expect(await deliveriesOf(h.id)).toHaveLength(2);
    expect(harness.rcv.at(path)).toHaveLength(0);
    const [{ status }] = await harness.stack.db.query<any>(`SELECT status FROM webhooks WHERE id = $1`, [h.id]);
    expect(status).toBe('active');
  });
});

describe('the event and webhook clocks', () => {
  let skewed: ServiceProcess;
  let skewedApi: ApiClient;
  const SKEW_MS = -3_600_000;

  beforeAll(async () => {
    const port = await freePort();
    skewed = new ServiceProcess('api', {
      ...harness.stack.env,
      PORT: String(port),
      NODE_OPTIONS: `--require ${resolve(ROOT, 'test/support/skewed-clock.js')}`,
      TEST_CLOCK_SKEW_MS: String(SKEW_MS),
    });
    skewed.start();
    await eventually(
      async () => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.status === 200,
      30000,
      200,
    );
    skewedApi = new ApiClient(`http://127.0.0.1:${port}`);
  });
  afterAll(() => skewed?.stop());

  const dbNow = async () => new Date((await harness.stack.db.query<any>(`SELECT now() AS at`))[0].at).getTime();

  it('an API replica an hour behind still writes webhooks and events with the database time, and the event is delivered', async () => {
    const ws = await harness.stack.workspace();
    const api = skewedApi.withKey(ws.api_key);
    const { url, path } = harness.rcv.hook({ status: 200 });
    // registered through the normal replica, the test event written by the skewed one
    const created = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
    expect(created.status).toBe(201);
    const sent = await api.post(`/v2/webhooks/${created.body.data.id}/test`, {});
    expect(sent.status).toBe(202);
    const [got] = await harness.rcv.waitFor(path, (r) => r.length >= 1);
    expect(got?.json?.id).toBe(sent.body.data.event_id);
    expect(Math.abs(new Date(got.json.created_at).getTime() - (await dbNow()))).toBeLessThan(10_000);
    const [row] = await harness.stack.db.query<any>(
      `SELECT created_at, body->>'created_at' AS body_at FROM events WHERE id = $1`,
      [got.json.id],
    );
    expect(new Date(row.created_at).toISOString()).toBe(row.body_at);

    const viaSkewed = await api.post('/v2/webhooks', { url: harness.rcv.hook().url, events: ['company.saved'] });
    expect(viaSkewed.status).toBe(201);
    expect(Math.abs(new Date(viaSkewed.body.data.created_at).getTime() - (await dbNow()))).toBeLessThan(10_000);
  });
});

describe('private targets allowed when stored, not any more at delivery', () => {
  it('refuses a stored http: URL and a private address with blocked_target once the worker restarts with WEBHOOK_ALLOW_PRIVATE_TARGETS off', async () => {
    const ws = await harness.stack.workspace();
    const port = harness.rcv.port;
    // registered through the API while private targets are allowed
    const register = async (url: string) => {
      const res = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const local = harness.rcv.hook({ status: 200 });
    const byIp = await register(local.url);
    const named = harness.rcv.hook({ status: 200 });
    const byName = await register(`http://local.receiver.test:${port}${named.path}`);
    await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(1));
    await harness.rcv.waitFor(local.path, (r) => r.length >= 1);
    await harness.rcv.waitFor(named.path, (r) => r.length >= 1);
    expect(harness.rcv.at(local.path)).toHaveLength(1);
    expect(harness.rcv.at(named.path)).toHaveLength(1);
    // an http: URL on a public address: only the scheme rule can refuse it (else the worker would try to connect)
    const httpPublic = await register(`http://public.receiver.test:${port}/in`);

    harness.stack.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'false';
    try {
      await harness.stack.startWorker();
      const event = await emitEvent(harness.stack.db, ws.workspace_id, 'company.saved', companySaved(2));
      for (const id of [byIp, byName, httpPublic]) {
        const [row] = await eventually(async () => {
          const rows = (await deliveriesOf(id)).filter((r: any) => r.event_id === event.id);
          return rows.length === 1 ? rows : null;
        });
        expect({ id, ...row }).toMatchObject({
          id,
          status: 'failed',
          error: 'blocked_target',
          response_status: null,
          next_attempt_at: null,
        });
      }
      await sleep(300);
      expect(harness.rcv.at(local.path)).toHaveLength(1);
      expect(harness.rcv.at(named.path)).toHaveLength(1);
    } finally {
      harness.stack.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
      await harness.stack.startWorker();
    }
  });
});
