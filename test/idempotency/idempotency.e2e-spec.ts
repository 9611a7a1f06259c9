/**
 * Idempotency-Key on POST (docs/idempotency.md), black box: the built API and worker against a fresh database,
 * rows read back with SQL. Invariants:
 *   K1 without the header nothing changes (two requests, two resources);
 *   K2 a repeat with the same key and body answers the first answer (status, body, Location) with
 *      `Idempotent-Replayed: true`, and does no work and charges nothing;
 *   K3 the same key with another body (or path) answers 400 VALIDATION_ERROR on Idempotency-Key;
 *   K4 keys are per workspace; an error answer is not stored (a retry runs);
 *   K5 of 20 concurrent requests with one key exactly one does the work, the others replay it or answer 409;
 *   K6 a claim left by a process that died is taken over once stale; a fresh one answers 409;
 *   K7 maintenance deletes keys older than 24 hours, after which the key is new again.
 */
import { randomUUID } from 'node:crypto';
import { errorOf, eventually, expectValidationError, HttpAnswer } from '../support/http';
import { importPeopleFixture, P } from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(90_000);

let stack: TestStack;
let ws: Workspace;

beforeAll(async () => {
  // EXPORT_RETENTION short: maintenance then runs every few seconds (maintenance-interval.ts).
  stack = await startStack({ worker: true, env: { EXPORT_RETENTION: '20s' } });
  await importPeopleFixture(stack, { extended: false });
  ws = await stack.workspace(100);
}, 120_000);
afterAll(() => stack?.close());

const post = (w: Workspace, path: string, body: unknown, key?: string): Promise<HttpAnswer> =>
  w.api.request('POST', path, body, { headers: key === undefined ? {} : { 'idempotency-key': key } });
const count = async (sql: string, params: unknown[]) => Number((await stack.db.query<{ n: string }>(sql, params))[0].n);
const lists = (w: Workspace) => count(`SELECT count(*) AS n FROM lists WHERE workspace_id = $1`, [w.workspace_id]);
const balance = async (w: Workspace) =>
  Number(
    (await stack.db.query<{ credits: string }>(`SELECT credits FROM workspaces WHERE id = $1`, [w.workspace_id]))[0]
      .credits,
  );

describe('the header', () => {
  it('K1: without it nothing changes', async () => {
    const before = await lists(ws);
    const a = await post(ws, '/v2/lists', { name: 'no key', type: 'people' });
    const b = await post(ws, '/v2/lists', { name: 'no key', type: 'people' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(a.headers.get('idempotent-replayed')).toBeNull();
    expect(await lists(ws)).toBe(before + 2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'clé-1'],
    ['a control character', 'a\tb'],
  ])('a malformed key (%s) answers 400 on Idempotency-Key and creates nothing', async (_, key) => {
    const before = await lists(ws);
    const res = await post(ws, '/v2/lists', { name: 'bad key', type: 'people' }, key);
    expect(res.status).toBe(400);
    expect(errorOf(res).payload.field).toBe('Idempotency-Key');
    expect(await lists(ws)).toBe(before);
  });

  it('takes 255 printable ASCII characters', async () => {
    const key = `${randomUUID()} ~!`.padEnd(255, 'x');
    expect((await post(ws, '/v2/lists', { name: 'long key', type: 'people' }, key)).status).toBe(201);
  });
});

describe('replays', () => {
  it('K2/K3: lists create replays its first answer; another body or path is refused', async () => {
    const key = randomUUID();
    const before = await lists(ws);
    const first = await post(ws, '/v2/lists', { name: 'replayed', type: 'people' }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Key order differs: the same canonical body.
    const again = await post(ws, '/v2/lists', { type: 'people', name: 'replayed' }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await lists(ws)).toBe(before + 1);

    expectValidationError(
      await post(ws, '/v2/lists', { name: 'other', type: 'people' }, key),
      'Idempotency-Key',
      'conflicting_fields',
    );
    expectValidationError(
      await post(ws, '/v2/webhooks', { url: 'http://127.0.0.1:9/x', events: ['person.saved'] }, key),
      'Idempotency-Key',
      'conflicting_fields',
    );
    expect(await lists(ws)).toBe(before + 1);
  });

  it('K4: keys are per workspace', async () => {
    const other = await stack.workspace(0);
    const key = randomUUID();
    const a = await post(ws, '/v2/lists', { name: 'shared key', type: 'people' }, key);
    const b = await post(other, '/v2/lists', { name: 'shared key', type: 'people' }, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.data.id).not.toBe(a.body.data.id);
  });

  it('K4: an error answer is not stored: the retry runs, with the same or another body', async () => {
    const key = randomUUID();
    const refused = await post(ws, '/v2/lists', { name: '', type: 'people' }, key);
    expect(refused.status).toBe(400);
    expect(
      (await post(ws, '/v2/lists', { name: '', type: 'people' }, key)).headers.get('idempotent-replayed'),
    ).toBeNull();
    const fixed = await post(ws, '/v2/lists', { name: 'fixed', type: 'people' }, key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('K2: a repeated people save charges nothing and answers the first answer', async () => {
    const body = { data: [P.jose, P.mei] };
    const key = randomUUID();
    const start = await balance(ws);
    const first = await post(ws, '/v2/people/save', body, key);
    expect(first.status).toBe(200);
    expect(first.body.metadata.credits.charged).toBe(2);
    const again = await post(ws, '/v2/people/save', body, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await balance(ws)).toBe(start - 2);
    expect(
      await count(`SELECT count(*) AS n FROM credit_transactions WHERE workspace_id = $1 AND amount < 0`, [
        ws.workspace_id,
      ]),
    ).toBe(1);
  });

  it('K2: a repeated company save, export, verification, webhook create, test and resend do their work once', async () => {
    const twice = async (path: string, body: unknown) => {
      const key = randomUUID();
      const first = await post(ws, path, body, key);
      const again = await post(ws, path, body, key);
      expect({ path, status: again.status, replayed: again.headers.get('idempotent-replayed') }).toEqual({
        path,
        status: first.status,
        replayed: 'true',
      });
      expect(again.text).toBe(first.text);
      expect(again.headers.get('location')).toBe(first.headers.get('location'));
      return first;
    };
    expect((await twice('/v2/companies/save', { data: [{ domain: 'globex.com' }] })).status).toBe(200);
    const exported = await twice('/v2/people/export', { ids: [P.jose] });
    expect(exported.status).toBe(202);
    expect(await count(`SELECT count(*) AS n FROM people_exports WHERE workspace_id = $1`, [ws.workspace_id])).toBe(1);
    const verified = await twice('/v2/email-verifications', { emails: ['ada@example.com'] });
    expect(verified.status).toBe(202);
    expect(
      await count(`SELECT count(*) AS n FROM email_verification_jobs WHERE workspace_id = $1`, [ws.workspace_id]),
    ).toBe(1);
    const hook = await twice('/v2/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['person.saved'] });
    expect(hook.status).toBe(201);
    expect(await count(`SELECT count(*) AS n FROM webhooks WHERE workspace_id = $1`, [ws.workspace_id])).toBe(1);
    const id = hook.body.data.id;
    const tested = await twice(`/v2/webhooks/${id}/test`, undefined);
    expect(tested.status).toBe(202);
    expect(
      await count(`SELECT count(*) AS n FROM events WHERE workspace_id = $1 AND type = 'webhook.test'`, [
        ws.workspace_id,
      ]),
    ).toBe(1);
    // The stored answer holds the webhook's secret: sealed, never in clear.
    const stored = await stack.db.query<{ body: string }>(
      `SELECT response_body::text AS body FROM idempotency_keys WHERE workspace_id = $1`,
      [ws.workspace_id],
    );
    expect(stored.some((row) => row.body.includes(hook.body.data.secret))).toBe(false);
    const delivery = await eventually(async () => {
      const res = await ws.api.get(`/v2/webhooks/${id}/deliveries`);
      return res.body.data?.[0]?.id as string | undefined;
    });
    const resent = await twice(`/v2/webhooks/${id}/deliveries/${delivery}/resend`, undefined);
    expect(resent.status).toBe(202);
  });
});

describe('concurrency and crashes', () => {
  it('K5: of 20 concurrent verifications with one key, exactly one does the work', async () => {
    for (let round = 0; round < 3; round++) {
      const w = await stack.workspace(0);
      const key = randomUUID();
      const body = { emails: [`round${round}@example.com`, 'b@example.org'] };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(w, '/v2/email-verifications', body, key)),
      );
      const done = answers.filter((a) => a.status === 202);
      expect(answers.every((a) => a.status === 202 || a.status === 409)).toBe(true);
      expect(done.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      expect(new Set(done.map((a) => a.body.data.id)).size).toBe(1);
      for (const a of answers.filter((x) => x.status === 409)) expect(errorOf(a).name).toBe('CONFLICT');
      expect(
        await count(`SELECT count(*) AS n FROM email_verification_jobs WHERE workspace_id = $1`, [w.workspace_id]),
      ).toBe(1);
      // Once the first has answered, every repeat replays.
      const after = await post(w, '/v2/email-verifications', body, key);
      expect(after.headers.get('idempotent-replayed')).toBe('true');
      expect(after.body.data.id).toBe(done[0].body.data.id);
    }
  });

  it('K5: of 20 concurrent people saves with one key, one charges', async () => {
    const w = await stack.workspace(10);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(w, '/v2/people/save', { data: [P.lukasz, P.priya, P.olga] }, key)),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await balance(w)).toBe(7);
  });

  /** A claim as a process that died after claiming would leave it, `age` ago. */
  const plantClaim = (w: Workspace, key: string, body: unknown, age: string) =>
    stack.db.query(
      `INSERT INTO idempotency_keys (workspace_id, key, request_hash, state, claim_token, created_at, locked_at)
       VALUES ($1, $2, encode(sha256(convert_to($3, 'UTF8')), 'hex'), 'in_progress', gen_random_uuid(), now() - $4::interval, now() - $4::interval)`,
      [w.workspace_id, key, `POST /v2/lists\n${JSON.stringify(body)}`, age],
    );

  it('K6: a fresh claim answers 409; one left by a dead process is taken over once stale', async () => {
    const body = { name: 'crash', type: 'people' };
    const fresh = randomUUID();
    await plantClaim(ws, fresh, body, '1 second');
    const busy = await post(ws, '/v2/lists', body, fresh);
    expect(busy.status).toBe(409);
    expect(errorOf(busy).name).toBe('CONFLICT');

    const stale = randomUUID();
    await plantClaim(ws, stale, body, '10 minutes');
    const before = await lists(ws);
    const taken = await post(ws, '/v2/lists', body, stale);
    expect(taken.status).toBe(201);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
    expect(await lists(ws)).toBe(before + 1);
    expect((await post(ws, '/v2/lists', body, stale)).headers.get('idempotent-replayed')).toBe('true');
    // A stale claim with another body is still that key's: refused, not taken over.
    const other = randomUUID();
    await plantClaim(ws, other, body, '10 minutes');
    expectValidationError(
      await post(ws, '/v2/lists', { name: 'crash 2', type: 'people' }, other),
      'Idempotency-Key',
      'conflicting_fields',
    );
  });

  it('K6: a process killed between claim and answer leaves no work done twice', async () => {
    // The API dies while a save holds its claim (SIGKILL right after sending), then comes back.
    const w = await stack.workspace(10);
    const key = randomUUID();
    const body = { data: [P.milton, P.lina] };
    let settled = false;
    const pending = post(w, '/v2/people/save', body, key)
      .catch(() => null)
      .finally(() => (settled = true));
    await eventually(
      async () => settled || (await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key = $1`, [key])) > 0,
      10_000,
      5,
    );
    await stack.api.stop('SIGKILL');
    await pending;
    stack.api.start();
    await eventually(async () => (await fetch(`${stack.base}/health`)).status === 200, 30_000, 200);
    const rows = await stack.db.query<{ state: string }>(`SELECT state FROM idempotency_keys WHERE key = $1`, [key]);
    const charged = 10 - (await balance(w));
    if (rows[0]?.state === 'in_progress') {
      // Dead claim: 409 until stale; we make it stale rather than wait.
      expect((await post(w, '/v2/people/save', body, key)).status).toBe(409);
      await stack.db.query(`UPDATE idempotency_keys SET locked_at = now() - interval '1 hour' WHERE key = $1`, [key]);
    }
    const retry = await post(w, '/v2/people/save', body, key);
    expect(retry.status).toBe(200);
    // Whether the first save committed or not, the people are charged once in all.
    expect(await balance(w)).toBe(8);
    expect(charged === 0 || charged === 2).toBe(true);
  });
});

describe('expiry', () => {
  it('K7: maintenance deletes keys older than 24 hours; the key is then new', async () => {
    const key = randomUUID();
    const first = await post(ws, '/v2/lists', { name: 'old', type: 'people' }, key);
    expect(first.status).toBe(201);
    await stack.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [key]);
    await eventually(
      async () => (await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key = $1`, [key])) === 0,
      30_000,
      250,
    );
    const again = await post(ws, '/v2/lists', { name: 'old', type: 'people' }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body.data.id).not.toBe(first.body.data.id);
  });
});
