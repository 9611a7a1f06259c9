import { errorOf, expectValidationError as validation, HttpAnswer } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

const URL_A = 'http://127.0.0.1:9/hook-a';

/** The delivery records of a history answer (the list convention: `data` is the array). */
function deliveriesOf(res: HttpAnswer): any[] {
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Issue 14 points 2 and 7: null-safe updates, real event types, normalised URLs, test and rotate details, dropped retries. */
describe('webhooks API contract details', () => {
  let stack: TestStack;
  let a: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    a = await stack.workspace();
  });
  afterAll(() => stack?.close());

  async function create(body: Record<string, unknown> = {}) {
    const res = await a.api.post('/v2/webhooks', { url: URL_A, events: ['company.saved'], ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it('PATCH: a null url, events or status answers 400 on that field and changes nothing; null description clears it', async () => {
    const h = await create({ description: 'crm' });
    const nullUrl = validation(await a.api.patch(`/v2/webhooks/${h.id}`, { url: null }), 'url', 'invalid_value');
    expect(nullUrl.payload.received_type).toBe('null');
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { events: null }), 'events', 'invalid_value');
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { status: null }), 'status', 'invalid_value');
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { url: null, description: 'x' }), 'url', 'invalid_value');
    const after = await a.api.get(`/v2/webhooks/${h.id}`);
    expect(after.body.data).toMatchObject({
      url: URL_A,
      events: ['company.saved'],
      status: 'active',
      description: 'crm',
    });
    const cleared = await a.api.patch(`/v2/webhooks/${h.id}`, { description: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.description).toBeNull();
  });

  it('a webhook always keeps at least one real event type: webhook.test alone is refused at create and update', async () => {
    const created = validation(
      await a.api.post('/v2/webhooks', { url: URL_A, events: ['webhook.test'] }),
      'events',
      'invalid_value',
    );
    expect(created.message).toContain('company.saved');
    validation(
      await a.api.post('/v2/webhooks', { url: URL_A, events: ['webhook.test', 'webhook.test'] }),
      'events',
      'invalid_value',
    );
    const h = await create();
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { events: ['webhook.test'] }), 'events', 'invalid_value');
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { events: [] }), 'events', 'out_of_range');
    expect((await a.api.get(`/v2/webhooks/${h.id}`)).body.data.events).toEqual(['company.saved']);
    // Beside a real type it stays allowed.
    const both = await a.api.patch(`/v2/webhooks/${h.id}`, { events: ['webhook.test', 'person.saved'] });
    expect(both.status).toBe(200);
    expect(both.body.data.events).toEqual(['webhook.test', 'person.saved']);
  });

  it('stores URLs trimmed and normalised (WHATWG serialisation) at create and update', async () => {
    const h = await create({ url: '  HTTP://127.0.0.1:9  ' });
    expect(h.url).toBe('http://127.0.0.1:9/');
    expect((await a.api.get(`/v2/webhooks/${h.id}`)).body.data.url).toBe('http://127.0.0.1:9/');
    const [row] = await stack.db.query<{ url: string }>(`SELECT url FROM webhooks WHERE id = $1`, [h.id]);
    expect(row.url).toBe('http://127.0.0.1:9/');
    const updated = await a.api.patch(`/v2/webhooks/${h.id}`, { url: '\thttp://LOCALHOST:9/a/./b/../c?x=1 \n' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.url).toBe('http://localhost:9/a/c?x=1');
    validation(await a.api.patch(`/v2/webhooks/${h.id}`, { url: '   ' }), 'url', 'invalid_value');
  });

  it('POST /test on a disabled webhook answers 409 CONFLICT in the envelope and writes no event', async () => {
    const h = await create();
    expect((await a.api.patch(`/v2/webhooks/${h.id}`, { status: 'disabled' })).status).toBe(200);
    const res = await a.api.post(`/v2/webhooks/${h.id}/test`, {});
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, data: null });
    const e = errorOf(res);
    expect(e.name).toBe('CONFLICT');
    expect(e.payload).toMatchObject({ webhook_status: 'disabled', disabled_reason: 'manual' });
    const events = await stack.db.query(`SELECT 1 FROM events WHERE target_webhook_id = $1`, [h.id]);
    expect(events).toHaveLength(0);
    // Re-enabled, it tests again.
    expect((await a.api.patch(`/v2/webhooks/${h.id}`, { status: 'active' })).status).toBe(200);
    expect((await a.api.post(`/v2/webhooks/${h.id}/test`, {})).status).toBe(202);
  });

  it('rotate-secret without a body (or with grace null) applies the default 24h grace', async () => {
    const h = await create();
    for (const res of [
      await a.api.post(`/v2/webhooks/${h.id}/rotate-secret`),
      await a.api.post(`/v2/webhooks/${h.id}/rotate-secret`, { grace: null }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body.data.secret).toMatch(/^whsec_/);
      expect(
        Math.abs(new Date(res.body.data.previous_secret_expires_at).getTime() - Date.now() - 86_400_000),
      ).toBeLessThan(60_000);
    }
  });

  it('a retry dropped by disabling the webhook shows in the history: next_attempt_at null and retry_dropped true', async () => {
    const h = await create();
    const eventId = `evt_T${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
    await stack.db.query(
      `INSERT INTO events (id, workspace_id, type, body, created_at, relayed_at) VALUES ($1, $2, 'company.saved', '{}', now(), now())`,
      [eventId, a.workspace_id],
    );
    // Two failed attempts: the first's retry ran (attempt 2), the second's waits an hour.
    await stack.db.query(
      `INSERT INTO webhook_tasks (event_id, webhook_id, workspace_id, event_type, state, attempts, next_attempt_at)
       VALUES ($1, $2, $3, 'company.saved', 'pending', 2, now() + interval '1 hour')`,
      [eventId, h.id, a.workspace_id],
    );
    for (const attempt of [1, 2]) {
      await stack.db.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event_id, event_type, attempt, status, response_status, error, duration_ms, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, 'company.saved', $5::int, 'failed', 503, 'http_status', 10, now() + ($5::int - 1) * interval '1 hour', now() - (3 - $5::int) * interval '1 minute')`,
        [
          `dlv_T${attempt}${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
          h.id,
          a.workspace_id,
          eventId,
          attempt,
        ],
      );
    }
    const before = deliveriesOf(await a.api.get(`/v2/webhooks/${h.id}/deliveries`));
    expect(before.map((d) => [d.attempt, d.next_attempt_at !== null, d.retry_dropped])).toEqual([
      [2, true, false],
      [1, true, false],
    ]);

    expect((await a.api.patch(`/v2/webhooks/${h.id}`, { status: 'disabled' })).status).toBe(200);
    const after = deliveriesOf(await a.api.get(`/v2/webhooks/${h.id}/deliveries`));
    expect(after.map((d) => [d.attempt, d.next_attempt_at, d.retry_dropped])).toEqual([
      [2, null, true],
      [1, before[1].next_attempt_at, false],
    ]);
    const [task] = await stack.db.query<{ state: string }>(`SELECT state FROM webhook_tasks WHERE event_id = $1`, [
      eventId,
    ]);
    expect(task.state).toBe('dropped');
  });
});
