import { Client } from 'pg';
import { openSecret } from '../../libs/webhooks/src/secret-box';
import { liveSecrets, SecretOpener } from '../../libs/webhooks/src/secrets';
import { errorOf, HttpAnswer } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

const RECORD_KEYS = ['created_at', 'description', 'disabled_reason', 'events', 'id', 'status', 'updated_at', 'url'];
const URL_A = 'http://127.0.0.1:9/hook-a';

function validation(res: HttpAnswer, field: string, code?: string) {
  expect(res.status).toBe(400);
  const e = errorOf(res);
  expect(e.name).toBe('VALIDATION_ERROR');
  expect(e.payload.field).toBe(field);
  if (code) expect(e.payload.code).toBe(code);
  else expect(e.payload.code).toBeUndefined();
  return e;
}

function expectNotFound(res: HttpAnswer) {
  expect(res.status).toBe(404);
  expect(errorOf(res).name).toBe('NOT_FOUND');
}

describe('webhooks API (registration, management, history, recovery)', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;
  let secretsKey: Buffer;

  beforeAll(async () => {
    stack = await startStack();
    secretsKey = Buffer.from(stack.env.SECRETS_KEY, 'hex');
    [a, b] = await Promise.all([stack.workspace(), stack.workspace()]);
  });
  afterAll(() => stack?.close());

  async function create(ws: Workspace, body: Record<string, unknown> = {}) {
    const res = await ws.api.post('/v2/webhooks', { url: URL_A, events: ['person.saved', 'company.saved'], ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  async function insertEvent(ws: Workspace, type = 'company.saved'): Promise<string> {
    const id = `evt_T${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
    await stack.db.query(
      `INSERT INTO events (id, workspace_id, type, body, created_at, relayed_at) VALUES ($1, $2, $3, $4, now(), now())`,
      [id, ws.workspace_id, type, JSON.stringify({ id, type, created_at: new Date().toISOString(), data: {} })],
    );
    return id;
  }

  async function insertTask(ws: Workspace, webhookId: string, eventId: string, state: string, updatedAt = new Date()) {
    await stack.db.query(
      `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at, last_error, updated_at)
       VALUES ($1, $2, $3, 'company.saved', $4, 7, CASE WHEN $4 = 'pending' THEN now() + interval '1 hour' END, 'http_status', $5)`,
      [eventId, webhookId, ws.workspace_id, state, updatedAt],
    );
  }

  async function insertDelivery(
    ws: Workspace,
    webhookId: string,
    eventId: string,
    attempt: number,
    status: string,
    createdAt: Date,
  ) {
    const id = `dlv_T${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
    await stack.db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event_id, event_type, attempt, status, response_status, error, duration_ms, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, 'company.saved', $5, $6, $7, $8, 12, NULL, $9)`,
      [
        id,
        webhookId,
        ws.workspace_id,
        eventId,
        attempt,
        status,
        status === 'succeeded' ? 200 : 500,
        status === 'succeeded' ? null : 'http_status',
        createdAt,
      ],
    );
    return id;
  }

  const taskOf = async (webhookId: string, eventId: string) =>
    (
      await stack.db.query<any>(`SELECT * FROM webhook_tasks WHERE webhook_id = $1 AND event_id = $2`, [
        webhookId,
        eventId,
      ])
    )[0];

  it('creates a webhook and answers the record plus a whsec_ secret once; GET and list never show it', async () => {
    const res = await a.api.post('/v2/webhooks', {
      url: URL_A,
      events: ['person.saved', 'company.saved', 'person.saved'],
      description: 'crm',
    });
    expect(res.status).toBe(201);
    const h = res.body.data;
    expect(Object.keys(h).sort()).toEqual([...RECORD_KEYS, 'secret'].sort());
    expect(h).toMatchObject({
      url: URL_A,
      events: ['person.saved', 'company.saved'],
      description: 'crm',
      status: 'active',
      disabled_reason: null,
    });
    expect(h.id).toMatch(/^wh_[0-9A-Z]{26}$/);
    expect(h.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(h.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(h.secret.slice(6), 'base64')).toHaveLength(32);

    const got = await a.api.get(`/v2/webhooks/${h.id}`);
    expect(got.status).toBe(200);
    expect(Object.keys(got.body.data).sort()).toEqual(RECORD_KEYS);
    const { secret: _secret, ...record } = h;
    expect(got.body.data).toEqual(record);
    const listed = await a.api.get('/v2/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((w: { id: string }) => w.id)).toContain(h.id);
    for (const text of [got.text, listed.text, stack.api.log()]) expect(text).not.toContain(h.secret.slice(6));

    // At rest: only AES-GCM ciphertext that decrypts to the secret with SECRETS_KEY.
    const [row] = await stack.db.query<any>(`SELECT * FROM webhooks WHERE id = $1`, [h.id]);
    expect(JSON.stringify(row)).not.toContain(h.secret.slice(6));
    expect(row.secret_ciphertext).toMatch(/^v1\.[0-9a-f]{12}\./);
    expect(openSecret(row.secret_ciphertext, h.id, { current: secretsKey, previous: [] })).toBe(h.secret);
    expect(row).toMatchObject({
      created_by_member_id: a.member_id,
      created_by_api_key_id: a.api_key_id,
      workspace_id: a.workspace_id,
    });
  });

  it('validates the body: events non-empty and known, url a string, no unknown fields', async () => {
    validation(await a.api.post('/v2/webhooks', { url: URL_A, events: [] }), 'events', 'out_of_range');
    validation(await a.api.post('/v2/webhooks', { url: URL_A, events: ['person.deleted'] }), 'events', 'invalid_value');
    validation(await a.api.post('/v2/webhooks', { url: URL_A, events: 'person.saved' }), 'events', 'invalid_value');
    validation(await a.api.post('/v2/webhooks', { url: URL_A }), 'events', 'invalid_value');
    validation(await a.api.post('/v2/webhooks', { url: 42, events: ['person.saved'] }), 'url', 'invalid_value');
    validation(
      await a.api.post('/v2/webhooks', { url: 'not a url', events: ['person.saved'] }),
      'url',
      'invalid_value',
    );
    validation(
      await a.api.post('/v2/webhooks', { url: 'ftp://127.0.0.1/x', events: ['person.saved'] }),
      'url',
      'invalid_value',
    );
    const unknown = validation(
      await a.api.post('/v2/webhooks', { url: URL_A, events: ['person.saved'], secret: 'mine' }),
      'secret',
      'unknown_field',
    );
    expect(unknown.payload.allowed_fields).toEqual(['description', 'events', 'url']);
    // webhook.test may be listed; it is delivered on request anyway.
    expect((await a.api.post('/v2/webhooks', { url: URL_A, events: ['webhook.test', 'company.saved'] })).status).toBe(
      201,
    );
  });

  it('updates url, events and description; an empty PATCH is refused', async () => {
    const h = await create(a);
    await new Promise((r) => setTimeout(r, 5));
    const res = await a.api.patch(`/v2/webhooks/${h.id}`, {
      url: 'http://127.0.0.1:9/other',
      events: ['company.saved'],
      description: 'new',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: h.id,
      url: 'http://127.0.0.1:9/other',
      events: ['company.saved'],
      description: 'new',
      status: 'active',
    });
    expect(res.body.data.updated_at > h.updated_at).toBe(true);
    expect(res.body.data).not.toHaveProperty('secret');
    const cleared = await a.api.patch(`/v2/webhooks/${h.id}`, { description: null });
    expect(cleared.body.data.description).toBeNull();
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, {}), 'body', 'invalid_value');
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { status: 'paused' }), 'status', 'invalid_value');
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { events: [] }), 'events', 'out_of_range');
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { url: 'gopher://x' }), 'url', 'invalid_value');
  });

  it('disabling drops pending tasks; re-enabling clears the reason and the failure counters', async () => {
    const h = await create(a);
    const pending = await insertEvent(a);
    const done = await insertEvent(a);
    await insertTask(a, h.id, pending, 'pending');
    await insertTask(a, h.id, done, 'succeeded');
    const off = await a.api.patch(`/v2/webhooks/${h.id}`, { status: 'disabled' });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ status: 'disabled', disabled_reason: 'manual' });
    expect((await taskOf(h.id, pending)).state).toBe('dropped');
    expect((await taskOf(h.id, pending)).next_attempt_at).toBeNull();
    expect((await taskOf(h.id, done)).state).toBe('succeeded');

    await stack.db.query(
      `UPDATE webhooks SET consecutive_timeouts = 17, failing_since = now() - interval '1 day', disabled_reason = 'timeouts' WHERE id = $1`,
      [h.id],
    );
    const on = await a.api.patch(`/v2/webhooks/${h.id}`, { status: 'active' });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ status: 'active', disabled_reason: null });
    const [row] = await stack.db.query<any>(`SELECT consecutive_timeouts, failing_since FROM webhooks WHERE id = $1`, [
      h.id,
    ]);
    expect(row).toEqual({ consecutive_timeouts: 0, failing_since: null });
    expect((await taskOf(h.id, pending)).state).toBe('dropped');
  });

  it('deletes a webhook with its tasks; then it is absent', async () => {
    const h = await create(a);
    const ev = await insertEvent(a);
    await insertTask(a, h.id, ev, 'pending');
    const res = await a.api.delete(`/v2/webhooks/${h.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: h.id, deleted: true });
    expectNotFound(await a.api.get(`/v2/webhooks/${h.id}`));
    expectNotFound(await a.api.delete(`/v2/webhooks/${h.id}`));
    expect(await taskOf(h.id, ev)).toBeUndefined();
  });

  it('answers 404 for an unknown id and 400 without code for a malformed one', async () => {
    expectNotFound(await a.api.get('/v2/webhooks/wh_01JD2Y8W6B1Q3S5N7R9T0V2X4Z'));
    expectNotFound(await a.api.patch('/v2/webhooks/wh_01JD2Y8W6B1Q3S5N7R9T0V2X4Z', { description: 'x' }));
    for (const bad of ['x'.repeat(65), 'bad%20id', 'a.b']) {
      validation(await a.api.get(`/v2/webhooks/${bad}`), 'id');
      validation(await a.api.delete(`/v2/webhooks/${bad}`), 'id');
      validation(await a.api.post(`/v2/webhooks/${bad}/test`, {}), 'id');
    }
    const h = await create(a);
    validation(await a.api.post(`/v2/webhooks/${h.id}/deliveries/bad.id/resend`, {}), 'delivery_id');
    expectNotFound(await a.api.post(`/v2/webhooks/${h.id}/deliveries/dlv_01JD2Y8W6B1Q3S5N7R9T0V2X4Z/resend`, {}));
  });

  it("isolates workspaces: another workspace's webhook answers 404 everywhere and is not listed", async () => {
    const h = await create(a);
    const ev = await insertEvent(a);
    const dlv = await insertDelivery(a, h.id, ev, 1, 'failed', new Date());
    const answers = await Promise.all([
      b.api.get(`/v2/webhooks/${h.id}`),
      b.api.patch(`/v2/webhooks/${h.id}`, { status: 'disabled' }),
      b.api.post(`/v2/webhooks/${h.id}/test`, {}),
      b.api.get(`/v2/webhooks/${h.id}/deliveries`),
      b.api.post(`/v2/webhooks/${h.id}/rotate-secret`, { grace: '1h' }),
      b.api.post(`/v2/webhooks/${h.id}/deliveries/${dlv}/resend`, {}),
      b.api.post(`/v2/webhooks/${h.id}/recover`, { since: '2020-01-01T00:00:00Z' }),
      b.api.delete(`/v2/webhooks/${h.id}`),
    ]);
    answers.forEach(expectNotFound);
    const listed = await b.api.get('/v2/webhooks');
    expect(listed.body.data.map((w: { id: string }) => w.id)).not.toContain(h.id);
    expect((await a.api.get(`/v2/webhooks/${h.id}`)).body.data.status).toBe('active');
  });

  it('allows at most 25 active webhooks, even under concurrent creates, and on re-enable', async () => {
    const ws = await stack.workspace();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => ws.api.post('/v2/webhooks', { url: URL_A, events: ['company.saved'] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(25);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(validation(r, 'webhooks', 'out_of_range').payload.limit).toBe(25);
    const [{ count }] = await stack.db.query<any>(
      `SELECT count(*)::int AS count FROM webhooks WHERE workspace_id = $1 AND status = 'active'`,
      [ws.workspace_id],
    );
    expect(count).toBe(25);

    const ids = results.filter((r) => r.status === 201).map((r) => r.body.data.id);
    expect((await ws.api.patch(`/v2/webhooks/${ids[0]}`, { status: 'disabled' })).status).toBe(200);
    expect((await ws.api.post('/v2/webhooks', { url: URL_A, events: ['company.saved'] })).status).toBe(201);
    validation(await ws.api.patch(`/v2/webhooks/${ids[0]}`, { status: 'active' }), 'status', 'out_of_range');
    // Other updates of a disabled webhook still work, and an active one may say "active" again.
    expect((await ws.api.patch(`/v2/webhooks/${ids[0]}`, { description: 'parked' })).status).toBe(200);
    expect((await ws.api.patch(`/v2/webhooks/${ids[1]}`, { status: 'active' })).status).toBe(200);
    expect((await ws.api.delete(`/v2/webhooks/${ids[2]}`)).status).toBe(200);
    const back = await ws.api.patch(`/v2/webhooks/${ids[0]}`, { status: 'active' });
    expect(back.status).toBe(200);
    expect(back.body.data.status).toBe('active');
  });

  it('POST /test writes a webhook.test outbox event for this webhook only', async () => {
    const h = await create(a, { events: ['company.saved'] });
    const res = await a.api.post(`/v2/webhooks/${h.id}/test`, {});
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ type: 'webhook.test', webhook_id: h.id, webhook_status: 'active' });
    expect(res.body.data.event_id).toMatch(/^evt_[0-9A-Z]{26}$/);
    const [event] = await stack.db.query<any>(`SELECT * FROM events WHERE id = $1`, [res.body.data.event_id]);
    expect(event).toMatchObject({ workspace_id: a.workspace_id, type: 'webhook.test', target_webhook_id: h.id });
    expect(event.body).toMatchObject({ id: res.body.data.event_id, type: 'webhook.test', data: { webhook_id: h.id } });
  });

  it('rotates the secret: the new one shown once, the old one kept encrypted for the grace period', async () => {
    const created = await a.api.post('/v2/webhooks', { url: URL_A, events: ['company.saved'] });
    const h = created.body.data;
    const res = await a.api.post(`/v2/webhooks/${h.id}/rotate-secret`, { grace: '1h' });
    expect(res.status).toBe(200);
    const { secret, previous_secret_expires_at: expires } = res.body.data;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(h.secret);
    expect(Math.abs(new Date(expires).getTime() - Date.now() - 3_600_000)).toBeLessThan(60_000);
    const [row] = await stack.db.query<any>(`SELECT * FROM webhooks WHERE id = $1`, [h.id]);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    expect(JSON.stringify(row)).not.toContain(h.secret.slice(6));
    expect(liveSecrets(row, h.id, new SecretOpener({ current: secretsKey, previous: [] }))).toEqual([secret, h.secret]);
    expect((await a.api.get(`/v2/webhooks/${h.id}`)).text).not.toContain(secret.slice(6));

    // Default grace 24h; grace 0 drops the old secret at once.
    const again = await a.api.post(`/v2/webhooks/${h.id}/rotate-secret`, {});
    expect(
      Math.abs(new Date(again.body.data.previous_secret_expires_at).getTime() - Date.now() - 86_400_000),
    ).toBeLessThan(60_000);
    const now = await a.api.post(`/v2/webhooks/${h.id}/rotate-secret`, { grace: '0' });
    expect(now.body.data.previous_secret_expires_at).toBeNull();
    const [after] = await stack.db.query<any>(`SELECT * FROM webhooks WHERE id = $1`, [h.id]);
    expect(liveSecrets(after, h.id, new SecretOpener({ current: secretsKey, previous: [] }))).toEqual([
      now.body.data.secret,
    ]);

    validation(await a.api.post(`/v2/webhooks/${h.id}/rotate-secret`, { grace: '8d' }), 'grace', 'out_of_range');
    validation(await a.api.post(`/v2/webhooks/${h.id}/rotate-secret`, { grace: 'soon' }), 'grace', 'invalid_format');
    validation(await a.api.post(`/v2/webhooks/${h.id}/rotate-secret`, { grace: 5 }), 'grace', 'invalid_value');
  });

  it('lists deliveries newest first, paginated, filtered by event_id and status', async () => {
    const h = await create(a);
    const e1 = await insertEvent(a);
    const e2 = await insertEvent(a);
    const t0 = Date.now() - 60_000;
    const d1 = await insertDelivery(a, h.id, e1, 1, 'failed', new Date(t0));
    const d2 = await insertDelivery(a, h.id, e1, 2, 'succeeded', new Date(t0 + 1000));
    const d3 = await insertDelivery(a, h.id, e2, 1, 'failed', new Date(t0 + 2000));
    const all = await a.api.get(`/v2/webhooks/${h.id}/deliveries`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([d3, d2, d1]);
    expect(all.body.metadata.pagination).toEqual({ page: 1, per_page: 25, total_count: 3, total_pages: 1 });
    expect(all.body.data[1]).toEqual({
      id: d2,
      webhook_id: h.id,
      event_id: e1,
      event_type: 'company.saved',
      attempt: 2,
      status: 'succeeded',
      response_status: 200,
      error: null,
      duration_ms: 12,
      next_attempt_at: null,
      retry_dropped: false,
      created_at: new Date(t0 + 1000).toISOString(),
    });
    const page1 = await a.api.get(`/v2/webhooks/${h.id}/deliveries?per_page=2`);
    expect(page1.body.data.map((d: { id: string }) => d.id)).toEqual([d3, d2]);
    expect(page1.body.metadata.pagination).toEqual({ page: 1, per_page: 2, total_count: 3, total_pages: 2 });
    const page2 = await a.api.get(`/v2/webhooks/${h.id}/deliveries?per_page=2&page=2`);
    expect(page2.body.data.map((d: { id: string }) => d.id)).toEqual([d1]);
    expect(page2.body.metadata.pagination).toEqual({ page: 2, per_page: 2, total_count: 3, total_pages: 2 });
    const byEvent = await a.api.get(`/v2/webhooks/${h.id}/deliveries?event_id=${e1}&status=failed`);
    expect(byEvent.body.data.map((d: { id: string }) => d.id)).toEqual([d1]);
    validation(await a.api.get(`/v2/webhooks/${h.id}/deliveries?status=lost`), 'status', 'invalid_value');
    validation(await a.api.get(`/v2/webhooks/${h.id}/deliveries?per_page=101`), 'per_page', 'out_of_range');
    validation(await a.api.get(`/v2/webhooks/${h.id}/deliveries?page=x`), 'page', 'invalid_value');
    validation(await a.api.get(`/v2/webhooks/${h.id}/deliveries?sort=asc`), 'sort', 'unknown_field');
  });

  it('resend makes the task a fresh pending run, due now, and notifies the worker', async () => {
    const h = await create(a);
    const ev = await insertEvent(a);
    await insertTask(a, h.id, ev, 'failed');
    const dlv = await insertDelivery(a, h.id, ev, 7, 'failed', new Date());
    const listener = new Client({ connectionString: stack.db.url });
    await listener.connect();
    const notes: string[] = [];
    listener.on('notification', (n) => notes.push(`${n.channel}|${n.payload}`));
    await listener.query('LISTEN webhook_task_due');
    try {
      const res = await a.api.post(`/v2/webhooks/${h.id}/deliveries/${dlv}/resend`, {});
      expect(res.status).toBe(202);
      expect(res.body.data).toMatchObject({ event_id: ev, webhook_id: h.id, state: 'pending' });
      const task = await taskOf(h.id, ev);
      expect(task).toMatchObject({ state: 'pending', attempts: 0, last_error: null });
      expect(Math.abs(new Date(task.next_attempt_at).getTime() - Date.now())).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(notes).toContain(`webhook_task_due|${ev}:${h.id}`);
      // A task row that maintenance removed is recreated.
      await stack.db.query(`DELETE FROM webhook_tasks WHERE event_id = $1`, [ev]);
      expect((await a.api.post(`/v2/webhooks/${h.id}/deliveries/${dlv}/resend`, {})).status).toBe(202);
      expect((await taskOf(h.id, ev)).state).toBe('pending');
    } finally {
      await listener.end();
    }
    // A disabled webhook takes no resend; re-enable it first.
    await a.api.patch(`/v2/webhooks/${h.id}`, { status: 'disabled' });
    validation(await a.api.post(`/v2/webhooks/${h.id}/deliveries/${dlv}/resend`, {}), 'id', 'invalid_value');
  });

  it('recover makes every task that failed for good (or was dropped) since T pending again and answers the count', async () => {
    const h = await create(a);
    const old = await insertEvent(a);
    const failed = await insertEvent(a);
    const dropped = await insertEvent(a);
    const ok = await insertEvent(a);
    const since = new Date(Date.now() - 3_600_000);
    await insertTask(a, h.id, old, 'failed', new Date(since.getTime() - 1000));
    await insertTask(a, h.id, failed, 'failed', new Date(since.getTime() + 1000));
    await insertTask(a, h.id, dropped, 'dropped', new Date(since.getTime() + 2000));
    await insertTask(a, h.id, ok, 'succeeded', new Date(since.getTime() + 3000));
    const res = await a.api.post(`/v2/webhooks/${h.id}/recover`, { since: since.toISOString() });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ webhook_id: h.id, since: since.toISOString(), recovered: 2 });
    expect((await taskOf(h.id, old)).state).toBe('failed');
    expect(await taskOf(h.id, failed)).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await taskOf(h.id, dropped)).state).toBe('pending');
    expect((await taskOf(h.id, ok)).state).toBe('succeeded');
    validation(await a.api.post(`/v2/webhooks/${h.id}/recover`, { since: 'yesterday' }), 'since', 'invalid_format');
    validation(await a.api.post(`/v2/webhooks/${h.id}/recover`, {}), 'since', 'invalid_value');
  });

  it('deleting the API key that created a webhook disables it, drops its tasks and notifies the admin', async () => {
    const extra = await stack.cli(['api-key:create', '--member', a.member_id]);
    expect(extra.code).toBe(0);
    const creator = stack.anon.withKey(extra.json.api_key);
    const created = await creator.post('/v2/webhooks', { url: URL_A, events: ['company.saved'] });
    const h = created.body.data;
    const mine = await create(a);
    const ev = await insertEvent(a);
    await insertTask(a, h.id, ev, 'pending');
    const out = await stack.cli(['api-key:delete', '--id', extra.json.api_key_id]);
    expect(out.code).toBe(0);
    expect(out.json).toEqual({ deleted: true, webhooks_disabled: 1 });
    const got = await a.api.get(`/v2/webhooks/${h.id}`);
    expect(got.body.data).toMatchObject({ status: 'disabled', disabled_reason: 'api_key_deleted' });
    expect((await a.api.get(`/v2/webhooks/${mine.id}`)).body.data.status).toBe('active');
    expect((await taskOf(h.id, ev)).state).toBe('dropped');
    const notes = await a.api.get('/v2/notifications');
    expect(notes.status).toBe(200);
    const note = notes.body.data.find((n: any) => n.data.webhook_id === h.id);
    expect(note).toMatchObject({
      kind: 'webhook_disabled',
      data: { webhook_id: h.id, reason: 'api_key_deleted', url: URL_A },
      read_at: null,
    });
    expect(note.id).toMatch(/^ntf_/);
    expect(note.message).toContain('API key');
    expect((await b.api.get('/v2/notifications')).body.data).toEqual([]);
  });

  it('removing the member who created a webhook disables it and notifies the admin', async () => {
    const member = await stack.cli(['member:add', '--workspace', a.workspace_id, '--name', 'Leaving']);
    const key = await stack.cli(['api-key:create', '--member', member.json.member_id]);
    const h = (
      await stack.anon.withKey(key.json.api_key).post('/v2/webhooks', { url: URL_A, events: ['person.saved'] })
    ).body.data;
    const out = await stack.cli(['member:remove', '--member', member.json.member_id]);
    expect(out.json).toEqual({ removed: true, webhooks_disabled: 1 });
    expect((await a.api.get(`/v2/webhooks/${h.id}`)).body.data).toMatchObject({
      status: 'disabled',
      disabled_reason: 'member_removed',
    });
    const notes = (await a.api.get('/v2/notifications')).body.data;
    expect(notes[0]).toMatchObject({ kind: 'webhook_disabled', data: { webhook_id: h.id, reason: 'member_removed' } });
    // Re-running changes nothing and notifies no more.
    expect((await stack.cli(['member:remove', '--member', member.json.member_id])).json.webhooks_disabled).toBe(0);
    expect(
      (await a.api.get('/v2/notifications')).body.data.filter((n: any) => n.data.webhook_id === h.id),
    ).toHaveLength(1);
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = await stack.anon.get('/docs-json');
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      '/v2/webhooks',
      '/v2/webhooks/{id}',
      '/v2/webhooks/{id}/test',
      '/v2/webhooks/{id}/deliveries',
      '/v2/webhooks/{id}/rotate-secret',
      '/v2/webhooks/{id}/deliveries/{delivery_id}/resend',
      '/v2/webhooks/{id}/recover',
      '/v2/notifications',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
