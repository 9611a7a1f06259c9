import { Client } from 'pg';
import { errorOf, eventually, HttpAnswer } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

// What keeps the webhook sender from being pointed at anyone or driven without limit (docs/api.md#webhooks,
// docs/webhook-delivery.md "On-demand sends"): receiver ports, the total number of
// webhooks, the on-demand send throttle keyed by workspace and receiver host, and resend/recover
// surviving a deadlock with the worker. No worker runs here: nothing needs delivering.
jest.setTimeout(60_000);

const MAX_WEBHOOKS = 30;
/** Private targets are allowed (local receivers), but the operator listed ports: the list applies. */
const ALLOWED_PORTS = [443, 8443, 9];

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({
    env: { WEBHOOK_ALLOWED_PORTS: ALLOWED_PORTS.join(','), WEBHOOK_MAX_PER_WORKSPACE: String(MAX_WEBHOOKS) },
  });
});
afterAll(() => stack?.close());

const ulidish = () => Math.random().toString(36).slice(2, 12).toUpperCase().padEnd(10, '0');

async function createWebhook(ws: Workspace, url: string): Promise<string> {
  const res = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** An event, its failed task and one failed delivery of it, as the worker would have left them. */
async function failedDelivery(ws: Workspace, webhookId: string): Promise<{ eventId: string; deliveryId: string }> {
  const eventId = `evt_T${ulidish()}`;
  const deliveryId = `dlv_T${ulidish()}`;
  await stack.db.query(
    `WITH e AS (INSERT INTO events (id, workspace_id, type, body, created_at, relayed_at) VALUES ($1, $2, 'company.saved', $4, now(), now()) RETURNING id),
          t AS (INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, last_error, updated_at)
                SELECT id, $3, $2, 'company.saved', 'failed', 7, 'http_status', now() FROM e RETURNING event_id)
     INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event_id, event_type, attempt, status, response_status, error, duration_ms, created_at)
     SELECT $5, $3, $2, event_id, 'company.saved', 7, 'failed', 500, 'http_status', 12, now() FROM t`,
    [
      eventId,
      ws.workspace_id,
      webhookId,
      JSON.stringify({ id: eventId, type: 'company.saved', created_at: new Date().toISOString(), data: {} }),
      deliveryId,
    ],
  );
  return { eventId, deliveryId };
}

function expectRateLimit(res: HttpAnswer, limit: string, maxRetryAfter: number) {
  expect(res.status).toBe(429);
  expect(errorOf(res)).toMatchObject({ name: 'RATE_LIMIT', payload: { limit } });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
}

const statuses = (answers: HttpAnswer[]) =>
  answers.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});

describe('receiver ports', () => {
  it('refuses a port the operator did not list, at create and at update, naming the allowed ports', async () => {
    const ws = await stack.workspace();
    for (const url of [
      'http://127.0.0.1:6379/',
      'http://127.0.0.1/in',
      'https://[::1]:6379/x',
      'http://127.0.0.1:90/',
    ]) {
      const res = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
      expect(res.status).toBe(400);
      const e = errorOf(res);
      expect(e).toMatchObject({
        name: 'VALIDATION_ERROR',
        payload: { field: 'url', code: 'invalid_value', allowed_ports: ALLOWED_PORTS },
      });
      expect(e.message).toMatch(/^url must use port 443, 8443 or 9, not \d+/);
    }
    const id = await createWebhook(ws, 'http://127.0.0.1:9/in');
    await createWebhook(ws, 'https://127.0.0.1/in');
    await createWebhook(ws, 'https://[::1]:8443/in');
    const res = await ws.api.patch(`/v2/webhooks/${id}`, { url: 'http://127.0.0.1:6379/in' });
    expect(errorOf(res).payload).toMatchObject({ field: 'url', code: 'invalid_value', allowed_ports: ALLOWED_PORTS });
    expect((await ws.api.get(`/v2/webhooks/${id}`)).body.data.url).toBe('http://127.0.0.1:9/in');
    expect(
      (
        await stack.db.query<any>(`SELECT count(*)::int AS n FROM webhooks WHERE workspace_id = $1`, [ws.workspace_id])
      )[0].n,
    ).toBe(3);
  });
});

describe('webhooks per workspace, disabled ones included', () => {
  it(`never holds more than WEBHOOK_MAX_PER_WORKSPACE (${MAX_WEBHOOKS}), even under parallel creates; deleting one makes room`, async () => {
    const ws = await stack.workspace();
    const first = await Promise.all(
      Array.from({ length: 25 }, () =>
        ws.api.post('/v2/webhooks', { url: 'http://127.0.0.1:9/a', events: ['company.saved'] }),
      ),
    );
    expect(first.every((r) => r.status === 201)).toBe(true);
    const ids: string[] = first.map((r) => r.body.data.id);
    for (const id of ids.slice(0, 10))
      expect((await ws.api.patch(`/v2/webhooks/${id}`, { status: 'disabled' })).status).toBe(200);

    // 15 active and 10 disabled: the active cap (25) has room, the total (30) has room for 5.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        ws.api.post('/v2/webhooks', { url: 'http://127.0.0.1:9/b', events: ['company.saved'] }),
      ),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = burst.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.status).toBe(400);
      const e = errorOf(r);
      expect(e).toMatchObject({
        name: 'VALIDATION_ERROR',
        payload: { field: 'webhooks', code: 'out_of_range', limit: MAX_WEBHOOKS, counted: 'all' },
      });
      expect(e.message).toContain('disabled ones included');
    }
    const count = async () =>
      (
        await stack.db.query<any>(`SELECT count(*)::int AS n FROM webhooks WHERE workspace_id = $1`, [ws.workspace_id])
      )[0].n;
    expect(await count()).toBe(MAX_WEBHOOKS);

    // Disabling makes no room; deleting does. Other workspaces have their own count.
    expect((await ws.api.patch(`/v2/webhooks/${ids[20]}`, { status: 'disabled' })).status).toBe(200);
    expect((await ws.api.post('/v2/webhooks', { url: 'http://127.0.0.1:9/c', events: ['company.saved'] })).status).toBe(
      400,
    );
    await createWebhook(await stack.workspace(), 'http://127.0.0.1:9/c');
    expect((await ws.api.delete(`/v2/webhooks/${ids[0]}`)).status).toBe(200);
    await createWebhook(ws, 'http://127.0.0.1:9/c');
    expect(await count()).toBe(MAX_WEBHOOKS);
  });
});

describe('on-demand sends: throttled per workspace and receiver host, and per workspace', () => {
  it('test: 10 a minute per host; deleting and re-creating the webhook resets nothing; another host or workspace is unaffected', async () => {
    const ws = await stack.workspace();
    const id = await createWebhook(ws, 'http://127.0.0.2:9/a');
    // Two webhooks on one host share the budget.
    const twin = await createWebhook(ws, 'https://127.0.0.2/b');
    for (let i = 0; i < 10; i++)
      expect((await ws.api.post(`/v2/webhooks/${i % 2 ? id : twin}/test`, {})).status).toBe(202);
    expectRateLimit(await ws.api.post(`/v2/webhooks/${id}/test`, {}), 'webhook_test', 60);
    expect((await ws.api.delete(`/v2/webhooks/${id}`)).status).toBe(200);
    const again = await createWebhook(ws, 'http://127.0.0.2:9/a');
    expectRateLimit(await ws.api.post(`/v2/webhooks/${again}/test`, {}), 'webhook_test', 60);
    // The host is compared lower-case and without a root dot, so a spelling does not open a new budget.
    const spelled = await createWebhook(ws, 'http://LOCALHOST.:9/a');
    const plain = await createWebhook(ws, 'http://localhost:9/a');
    for (let i = 0; i < 10; i++) expect((await ws.api.post(`/v2/webhooks/${spelled}/test`, {})).status).toBe(202);
    expectRateLimit(await ws.api.post(`/v2/webhooks/${plain}/test`, {}), 'webhook_test', 60);
    const other = await stack.workspace();
    expect(
      (await other.api.post(`/v2/webhooks/${await createWebhook(other, 'http://127.0.0.2:9/a')}/test`, {})).status,
    ).toBe(202);
    // A refused test wrote no event.
    const [{ n }] = await stack.db.query<any>(
      `SELECT count(*)::int AS n FROM events WHERE workspace_id = $1 AND type = 'webhook.test'`,
      [ws.workspace_id],
    );
    expect(n).toBe(20);
  });

  it('resend: 30 a minute per host, then 429 webhook_resend; invalid or disabled requests count nothing', async () => {
    const ws = await stack.workspace();
    const id = await createWebhook(ws, 'http://127.0.0.3:9/a');
    const { deliveryId } = await failedDelivery(ws, id);
    // Refused before counting: an unknown delivery, and a disabled webhook.
    expect((await ws.api.post(`/v2/webhooks/${id}/deliveries/dlv_01JD2Y8W6B1Q3S5N7R9T0V2X4Z/resend`, {})).status).toBe(
      404,
    );
    const off = await createWebhook(ws, 'http://127.0.0.3:9/off');
    const offDelivery = await failedDelivery(ws, off);
    await ws.api.patch(`/v2/webhooks/${off}`, { status: 'disabled' });
    for (let i = 0; i < 5; i++)
      expect((await ws.api.post(`/v2/webhooks/${off}/deliveries/${offDelivery.deliveryId}/resend`, {})).status).toBe(
        400,
      );
    for (let i = 0; i < 30; i++)
      expect((await ws.api.post(`/v2/webhooks/${id}/deliveries/${deliveryId}/resend`, {})).status).toBe(202);
    expectRateLimit(await ws.api.post(`/v2/webhooks/${id}/deliveries/${deliveryId}/resend`, {}), 'webhook_resend', 60);
    // Re-created on the same host: still refused.
    expect((await ws.api.delete(`/v2/webhooks/${id}`)).status).toBe(200);
    const again = await createWebhook(ws, 'http://127.0.0.3:9/a');
    const next = await failedDelivery(ws, again);
    expectRateLimit(
      await ws.api.post(`/v2/webhooks/${again}/deliveries/${next.deliveryId}/resend`, {}),
      'webhook_resend',
      60,
    );
  });

  it('recover: 10 an hour per host, then 429 webhook_recover', async () => {
    const ws = await stack.workspace();
    const id = await createWebhook(ws, 'http://127.0.0.4:9/a');
    await failedDelivery(ws, id);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    expect((await ws.api.post(`/v2/webhooks/${id}/recover`, { since: 'yesterday' })).status).toBe(400); // counts nothing
    const first = await ws.api.post(`/v2/webhooks/${id}/recover`, { since });
    expect(first.status).toBe(202);
    expect(first.body.data.recovered).toBe(1);
    for (let i = 1; i < 10; i++) expect((await ws.api.post(`/v2/webhooks/${id}/recover`, { since })).status).toBe(202);
    const refused = await ws.api.post(`/v2/webhooks/${id}/recover`, { since });
    expectRateLimit(refused, 'webhook_recover', 3600);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await ws.api.delete(`/v2/webhooks/${id}`)).status).toBe(200);
    expectRateLimit(
      await ws.api.post(`/v2/webhooks/${await createWebhook(ws, 'http://127.0.0.4:9/b')}/recover`, { since }),
      'webhook_recover',
      3600,
    );
  });

  it('caps every on-demand send of a workspace at 60 a minute, however many hosts its webhooks point at', async () => {
    const ws = await stack.workspace();
    const ids = await Promise.all(
      Array.from({ length: 7 }, (_, i) => createWebhook(ws, `http://127.0.1.${i + 1}:9/spread`)),
    );
    const answers = await Promise.all(
      ids.flatMap((id) => Array.from({ length: 10 }, () => ws.api.post(`/v2/webhooks/${id}/test`, {}))),
    );
    expect(statuses(answers)).toEqual({ 202: 60, 429: 10 });
    for (const r of answers.filter((a) => a.status === 429)) expectRateLimit(r, 'webhook_on_demand', 60);
    // The budget covers every on-demand action: re-enabling is refused too; another workspace is not.
    expectRateLimit(await ws.api.patch(`/v2/webhooks/${ids[0]}`, { status: 'active' }), 'webhook_on_demand', 60);
    const other = await stack.workspace();
    expect(
      (await other.api.post(`/v2/webhooks/${await createWebhook(other, 'http://127.0.1.1:9/spread')}/test`, {})).status,
    ).toBe(202);
  });
});

describe('resend and recover against a deadlock with the worker', () => {
  /**
   * Plays the worker's side of the lock cycle: holds a task row (as recording an attempt does),
   * waits until the API request waits for it while holding the webhook row, then asks for the
   * webhook row. This session checks for deadlocks late (5 s), so PostgreSQL aborts the request's
   * transaction (40P01) when its own check runs (deadlock_timeout, 1 s); the API runs it again
   * once this transaction ends. Answers null when this side was the victim after all (a loaded
   * machine let the request's one check pass before the cycle closed): the caller tries again.
   */
  async function deadlockWith(
    webhookId: string,
    eventId: string,
    request: () => Promise<HttpAnswer>,
  ): Promise<HttpAnswer | null> {
    const worker = new Client({ connectionString: stack.db.url });
    await worker.connect();
    try {
      await worker.query(`SET deadlock_timeout = '5s'`);
      await worker.query('BEGIN');
      await worker.query(`SELECT 1 FROM webhook_tasks WHERE event_id = $1 AND webhook_id = $2 FOR UPDATE`, [
        eventId,
        webhookId,
      ]);
      const answer = request();
      const [{ pid }] = (await worker.query('SELECT pg_backend_pid() AS pid')).rows;
      // Asked on another connection: pg_stat_activity holds still inside a transaction.
      await eventually(
        async () => {
          const [{ n }] = await stack.db.query<any>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> $1 AND wait_event_type = 'Lock' AND query ILIKE '%webhook_tasks%'`,
            [pid],
          );
          return n > 0;
        },
        10_000,
        10,
      );
      const mine = await worker.query(`SELECT 1 FROM webhooks WHERE id = $1 FOR UPDATE`, [webhookId]).then(
        () => 'locked',
        (e: { code?: string }) => e.code,
      );
      if (mine === '40P01') {
        await worker.query('ROLLBACK');
        await answer;
        return null;
      }
      expect(mine).toBe('locked'); // the API's transaction was the victim: its retry is what answers
      await worker.query('COMMIT');
      return await answer;
    } finally {
      await worker.end();
    }
  }

  /** Runs the cycle until the API's side is the victim (at most 3 times). */
  async function asVictim(
    ws: Workspace,
    webhookId: string,
    request: (deliveryId: string) => Promise<HttpAnswer>,
  ): Promise<{ res: HttpAnswer; eventId: string }> {
    for (let i = 0; i < 3; i++) {
      const { eventId, deliveryId } = await failedDelivery(ws, webhookId);
      const res = await deadlockWith(webhookId, eventId, () => request(deliveryId));
      if (res) return { res, eventId };
    }
    throw new Error('the API request was never the deadlock victim');
  }

  it('resend is run again after being chosen as a deadlock victim: 202, not 500', async () => {
    const ws = await stack.workspace();
    const id = await createWebhook(ws, 'http://127.0.0.5:9/a');
    const { res, eventId } = await asVictim(ws, id, (deliveryId) =>
      ws.api.post(`/v2/webhooks/${id}/deliveries/${deliveryId}/resend`, {}),
    );
    expect(res.status).toBe(202);
    const [task] = await stack.db.query<any>(`SELECT state, attempts FROM webhook_tasks WHERE event_id = $1`, [
      eventId,
    ]);
    expect(task).toEqual({ state: 'pending', attempts: 0 });
  });

  it('recover is run again after being chosen as a deadlock victim: 202 with the count, not 500', async () => {
    const ws = await stack.workspace();
    const id = await createWebhook(ws, 'http://127.0.0.6:9/a');
    const since = new Date(Date.now() - 60_000).toISOString();
    const { res } = await asVictim(ws, id, () => ws.api.post(`/v2/webhooks/${id}/recover`, { since }));
    expect(res.status).toBe(202);
    expect(res.body.data.recovered).toBe(1);
  });
});
