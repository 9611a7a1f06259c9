import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { QUEUE_PREFIX } from '@app/common/queues/queue-names';
import { errorOf, eventually, HttpAnswer } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60000);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The injected domain check: fixed answers, and a slow family of domains to keep jobs running. */
function resolverMap(): string {
  const dir = mkdtempSync(join(tmpdir(), 'verify-resolver-'));
  const file = join(dir, 'resolver.json');
  writeFileSync(
    file,
    JSON.stringify({
      'mail.test': 'mail',
      'nomail.test': 'no_mail',
      'silent.test': 'no_answer',
      '*.slow.test': { answer: 'mail', delay_ms: 40 },
    }),
  );
  return `static:${file}`;
}

/** Addresses that keep the worker busy: one distinct slow domain each. */
const slowAddresses = (n: number, tag = 'x') => Array.from({ length: n }, (_, i) => `${tag}${i}@d${i}.slow.test`);

const hex24 = (n: number) => n.toString(16).padStart(24, '0');

describe('email verification jobs', () => {
  let stack: TestStack;
  let ws: Workspace;
  let other: Workspace;

  beforeAll(async () => {
    stack = await startStack({ worker: true, env: { VERIFICATION_DNS: 'on', VERIFICATION_RESOLVER: resolverMap() } });
    const people = [
      { id: hex24(1), emails: [{ address: 'Stored.Valid@Known.test', status: 'valid' }], positions: [] },
      { id: hex24(2), emails: [{ address: 'catch.all@known.test', status: 'accept_all' }], positions: [] },
      { id: hex24(3), emails: [{ address: 'stored.invalid@mail.test', status: 'invalid' }], positions: [] },
      { id: hex24(4), emails: [{ address: 'not.found@nomail.test', status: 'not_found' }], positions: [] },
      { id: hex24(5), emails: [{ address: 'Owned.Later@Mail.test', status: 'valid' }], positions: [] },
      { id: hex24(6), emails: [{ address: 'edited.guess@mail.test', status: 'valid' }], positions: [] },
    ];
    const file = join(mkdtempSync(join(tmpdir(), 'verify-people-')), 'people.ndjson');
    writeFileSync(file, people.map((p) => JSON.stringify(p)).join('\n') + '\n');
    const imported = await stack.cli(['dataset:import', '--people', file]);
    expect(imported.code).toBe(0);
    expect(imported.json.people.imported).toBe(6);
    [ws, other] = await Promise.all([stack.workspace(0), stack.workspace(0)]);
  });
  afterAll(() => stack?.close());

  const create = async (emails: unknown[], client = ws.api) => {
    const res = await client.post('/v2/email-verifications', { emails });
    expect(res.status).toBe(202);
    return res;
  };
  const read = (id: string, query = '', client = ws.api) => client.get(`/v2/email-verifications/${id}${query}`);
  const untilDone = (id: string, timeoutMs = 30000, client = ws.api) =>
    eventually(
      async () => {
        const res = await read(id, '', client);
        return ['completed', 'failed'].includes(res.body.data?.status) ? res : null;
      },
      timeoutMs,
      100,
    );

  it('creates a queued job: 202, Location, UUID id, distinct total, zero counts, null timestamps until set', async () => {
    const res = await create(['a@mail.test', ' A@MAIL.test ', 'b@mail.test', 'a@Mail.Test']);
    const job = res.body.data;
    expect(job.id).toMatch(UUID_RE);
    expect(res.headers.get('location')).toBe(`/v2/email-verifications/${job.id}`);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(job).toMatchObject({
      type: 'email_verification',
      total: 2,
      processed: 0,
      counts: { valid: 0, invalid: 0, accept_all: 0, unknown: 0 },
    });
    expect(job.status).toBe('queued');
    expect(job.started_at).toBeNull();
    expect(job.completed_at).toBeNull();
    expect(new Date(job.created_at).toISOString()).toBe(job.created_at);
    expect(res.body.metadata).toMatchObject({ received: 4, duplicates: 2 });
  });

  it('runs to completed: each address the workspace does not own gets the status of syntax or the domain check; counts add up', async () => {
    const emails = [
      'stored.valid@known.test', // stored valid, not owned: the domain gives no answer
      'CATCH.ALL@known.test', // stored accept_all, not owned
      'stored.invalid@mail.test', // stored invalid, not owned: the domain takes mail, the mailbox is unconfirmed
      'not.found@nomail.test', // the domain takes no mail
      'someone@mail.test', // domain takes mail: mailbox unconfirmed
      'nobody@nomail.test', // domain takes no mail
      'quiet@silent.test', // no DNS answer
      'who@unlisted.test', // the resolver does not know it
      'two..dots@mail.test',
      'no-at-sign',
      '',
    ];
    const created = (await create(emails)).body.data;
    const res = await untilDone(created.id);
    const job = res.body.data;
    expect(job.status).toBe('completed');
    expect(job.processed).toBe(job.total);
    expect(job.total).toBe(emails.length);
    expect(job.counts).toEqual({ valid: 0, invalid: 5, accept_all: 0, unknown: 6 });
    expect(job.started_at <= job.completed_at).toBe(true);
    expect(job.results).toEqual([
      { email: 'stored.valid@known.test', status: 'unknown' },
      { email: 'catch.all@known.test', status: 'unknown' },
      { email: 'stored.invalid@mail.test', status: 'unknown' },
      { email: 'not.found@nomail.test', status: 'invalid' },
      { email: 'someone@mail.test', status: 'unknown' },
      { email: 'nobody@nomail.test', status: 'invalid' },
      { email: 'quiet@silent.test', status: 'unknown' },
      { email: 'who@unlisted.test', status: 'unknown' },
      { email: 'two..dots@mail.test', status: 'invalid' },
      { email: 'no-at-sign', status: 'invalid' },
      { email: '', status: 'invalid' },
    ]);
    expect(res.headers.get('retry-after')).toBeNull();
  });

  describe('stored statuses answer only the addresses the workspace owns (revealed to it by a save)', () => {
    /** Verifies the addresses as `client`'s workspace and answers each address's status. */
    const statusesOf = async (emails: string[], client: Workspace): Promise<Record<string, string>> => {
      const { id } = (await create(emails, client.api)).body.data;
      const done = await untilDone(id, 30000, client.api);
      expect(done.body.data.status).toBe('completed');
      return Object.fromEntries(
        done.body.data.results.map((r: { email: string; status: string }) => [r.email, r.status]),
      );
    };
    const save = async (client: Workspace, ids: string[]) => {
      const res = await client.api.post('/v2/people/save', { data: ids });
      expect(res.status).toBe(200);
      return res.body.metadata.credits;
    };

    it('a workspace that owns nothing gets unknown for stored valid, accept_all and invalid addresses', async () => {
      const nobody = await stack.workspace(0);
      expect(
        await statusesOf(['Stored.Valid@Known.test', 'catch.all@known.test', 'stored.invalid@mail.test'], nobody),
      ).toEqual({
        'stored.valid@known.test': 'unknown',
        'catch.all@known.test': 'unknown',
        'stored.invalid@mail.test': 'unknown',
      });
    });

    it("after a save reveals an address, verifying it answers the stored status; another workspace's reveal does not count", async () => {
      const owner = await stack.workspace(5);
      const bystander = await stack.workspace(5);
      expect(await statusesOf(['owned.later@mail.test'], owner)).toEqual({ 'owned.later@mail.test': 'unknown' });
      expect(await save(owner, [hex24(5)])).toMatchObject({ charged: 1 });
      // Matched without case (stored as Owned.Later@Mail.test); the unrevealed stored address stays unknown.
      expect(await statusesOf(['OWNED.LATER@mail.test', 'stored.valid@known.test'], owner)).toEqual({
        'owned.later@mail.test': 'valid',
        'stored.valid@known.test': 'unknown',
      });
      expect(await statusesOf(['owned.later@mail.test'], bystander)).toEqual({ 'owned.later@mail.test': 'unknown' });
    });

    it('judges ownership when the job runs: a job created before the reveal and run after it answers the stored status', async () => {
      const owner = await stack.workspace(5);
      await stack.worker!.stop();
      let id: string;
      try {
        id = (await create(['stored.valid@known.test'], owner.api)).body.data.id;
        expect(await save(owner, [hex24(1)])).toMatchObject({ charged: 1 });
      } finally {
        await stack.startWorker();
      }
      const done = await untilDone(id, 30000, owner.api);
      expect(done.body.data.results).toEqual([{ email: 'stored.valid@known.test', status: 'valid' }]);
    });

    it('an email the workspace typed itself (PATCH) gets the independent checks only: editing is free, so it owns nothing', async () => {
      const editor = await stack.workspace(0);
      // A zero balance saves without revealing; the edit then sets the stored valid address as a guess.
      expect(await save(editor, [hex24(6)])).toMatchObject({ charged: 0 });
      expect((await editor.api.patch(`/v2/people/${hex24(6)}`, { email: 'edited.guess@mail.test' })).status).toBe(200);
      expect(await statusesOf(['edited.guess@mail.test'], editor)).toEqual({ 'edited.guess@mail.test': 'unknown' });
      expect((await editor.api.patch(`/v2/people/${hex24(6)}`, { email: 'typo@nomail.test' })).status).toBe(200);
      expect(await statusesOf(['typo@nomail.test'], editor)).toEqual({ 'typo@nomail.test': 'invalid' });
    });
  });

  it('shows queued, then running with processed rising and Retry-After, then completed without it', async () => {
    const created = (await create(slowAddresses(2000, 'life'))).body.data;
    const seen = new Set<string>();
    const processed: number[] = [];
    let retryAfter: string | null = null;
    let genericWhileRunning: HttpAnswer | undefined;
    seen.add(created.status);
    for (const end = Date.now() + 30000; Date.now() < end;) {
      const res = await read(created.id);
      const job = res.body.data;
      seen.add(job.status);
      if (job.status === 'completed') {
        expect(res.headers.get('retry-after')).toBeNull();
        break;
      }
      retryAfter = res.headers.get('retry-after');
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(5);
      if (job.status === 'running') processed.push(job.processed);
      if (job.status === 'running' && !genericWhileRunning) {
        genericWhileRunning = await ws.api.get(`/v2/jobs/${created.id}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    expect([...seen]).toEqual(['queued', 'running', 'completed']);
    expect(retryAfter).not.toBeNull();
    expect(processed.some((p) => p > 0 && p < 2000)).toBe(true);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(Number(genericWhileRunning!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(genericWhileRunning!.body.data.progress).toMatchObject({ total: 2000, percent: expect.any(Number) });
    expect(genericWhileRunning!.body.data.progress.percent).toBeLessThan(100);
  });

  it('rejects bad bodies with the field at fault', async () => {
    const cases: [unknown, string, string][] = [
      [{ emails: Array.from({ length: 10_001 }, (_, i) => `u${i}@mail.test`) }, 'emails', 'out_of_range'],
      [{ emails: [] }, 'emails', 'out_of_range'],
      [{ emails: 'a@mail.test' }, 'emails', 'invalid_value'],
      [{}, 'emails', 'invalid_value'],
      [{ emails: ['a@mail.test', 'b@mail.test', 'c@mail.test', 42] }, 'emails[3]', 'invalid_value'],
      [{ emails: ['a@mail.test', null] }, 'emails[1]', 'invalid_value'],
      [{ emails: ['a@mail.test'], priority: 'high' }, 'priority', 'unknown_field'],
    ];
    const jobCount = async () =>
      (await stack.db.query(`SELECT count(*)::int AS count FROM email_verification_jobs`))[0].count;
    const before = await jobCount();
    for (const [body, field, code] of cases) {
      const res = await ws.api.post('/v2/email-verifications', body);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ name: 'VALIDATION_ERROR', payload: { field, code } });
    }
    expect(await jobCount()).toBe(before);
  });

  it('accepts exactly 10,000 addresses', async () => {
    const res = await create(Array.from({ length: 10_000 }, (_, i) => `max${i}@mail.test`));
    expect(res.body.data.total).toBe(10_000);
    const done = await untilDone(res.body.data.id);
    expect(done.body.data).toMatchObject({ status: 'completed', processed: 10_000, counts: { unknown: 10_000 } });
  });

  it('pages results 1,000 at a time in input order, with pagination in metadata', async () => {
    const emails = Array.from({ length: 2500 }, (_, i) => `p${String(i).padStart(4, '0')}@mail.test`);
    const { id } = (await create(emails)).body.data;
    const first = await untilDone(id);
    expect(first.body.data.results).toHaveLength(1000);
    expect(first.body.data.results[0].email).toBe('p0000@mail.test');
    expect(first.body.metadata.pagination).toEqual({ page: 1, per_page: 1000, total_count: 2500, total_pages: 3 });
    const third = await read(id, '?page=3');
    expect(third.body.data.results.map((r: { email: string }) => r.email)).toEqual(emails.slice(2000));
    expect(third.body.metadata.pagination).toEqual({ page: 3, per_page: 1000, total_count: 2500, total_pages: 3 });
    const beyond = await read(id, '?page=4');
    expect(beyond.body.data.results).toEqual([]);
    for (const page of ['0', 'x', '1.5']) {
      const bad = await read(id, `?page=${page}`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad).payload.field).toBe('page');
    }
  });

  it('answers 400 without payload.code for a malformed id, 404 for an unknown or foreign id, on both routes', async () => {
    for (const path of [
      '/v2/email-verifications/not-a-uuid',
      '/v2/jobs/not-a-uuid',
      '/v2/email-verifications/12345',
      `/v2/jobs/${'a'.repeat(24)}`,
    ]) {
      const res = await ws.api.get(path);
      expect(res.status).toBe(400);
      const error = errorOf(res);
      expect(error.name).toBe('VALIDATION_ERROR');
      expect(error.payload.code).toBeUndefined();
    }
    const { id } = (await create(['x@mail.test'])).body.data;
    for (const path of [
      `/v2/email-verifications/${randomUUID()}`,
      `/v2/jobs/${randomUUID()}`,
      `/v2/email-verifications/${id}`,
      `/v2/jobs/${id}`,
    ]) {
      const client = path.endsWith(id) ? other.api : ws.api;
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(errorOf(res).name).toBe('NOT_FOUND');
    }
    expect((await ws.api.get(`/v2/jobs/${id}`)).status).toBe(200);
    expect((await stack.anon.get(`/v2/email-verifications/${id}`)).status).toBe(401);
  });

  it('answers the generic job shape at /v2/jobs/{id}', async () => {
    const { id } = (await create(['g1@mail.test', 'g2@nomail.test'])).body.data;
    await untilDone(id);
    const res = await ws.api.get(`/v2/jobs/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id,
      type: 'email_verification',
      status: 'completed',
      created_at: expect.any(String),
      started_at: expect.any(String),
      completed_at: expect.any(String),
      progress: { processed: 2, total: 2, percent: 100 },
    });
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it("lists the workspace's jobs newest first, paginated, without results", async () => {
    const mine = await stack.workspace(0);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create([`l${i}@mail.test`], mine.api)).body.data.id);
    await create(['foreign@mail.test'], other.api);
    const res = await mine.api.get('/v2/email-verifications');
    expect(res.status).toBe(200);
    expect(res.body.data.map((j: { id: string }) => j.id)).toEqual([...ids].reverse());
    expect(res.body.data[0]).not.toHaveProperty('results');
    expect(res.body.data[0].type).toBe('email_verification');
    expect(res.body.metadata.pagination).toMatchObject({ page: 1, total_count: 3 });
    const second = await mine.api.get('/v2/email-verifications?page=2&per_page=2');
    expect(second.body.data.map((j: { id: string }) => j.id)).toEqual([ids[0]]);
    expect(second.body.metadata.pagination).toEqual({ page: 2, per_page: 2, total_count: 3, total_pages: 2 });
    const bad = await mine.api.get('/v2/email-verifications?per_page=101');
    expect(errorOf(bad).payload).toMatchObject({ field: 'per_page', code: 'out_of_range' });
  });

  it('documents the routes in /docs-json', async () => {
    const doc = (await stack.anon.get('/docs-json')).body;
    expect(Object.keys(doc.paths['/v2/email-verifications'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/v2/email-verifications/{id}'].get).toBeDefined();
    expect(doc.paths['/v2/jobs/{id}'].get).toBeDefined();
  });

  it('costs no credits', async () => {
    const rich = await stack.workspace(7);
    const { id } = (await create(['stored.valid@known.test'], rich.api)).body.data;
    await eventually(async () => (await rich.api.get(`/v2/jobs/${id}`)).body.data.status === 'completed');
    const [{ credits }] = await stack.db.query(`SELECT credits::int AS credits FROM workspaces WHERE id = $1`, [
      rich.workspace_id,
    ]);
    expect(credits).toBe(7);
  });

  it('survives a worker killed mid-job: resumes, ends completed, every address verified once', async () => {
    const total = 4000;
    const { id } = (await create(slowAddresses(total, 'kill'))).body.data;
    const partial = await eventually(
      async () => {
        const res: HttpAnswer = await read(id);
        return res.body.data.processed > 0 ? res.body.data : null;
      },
      20000,
      50,
    );
    await stack.worker!.stop('SIGKILL');
    const [{ processed: atKill }] = await stack.db.query(
      `SELECT processed FROM email_verification_jobs WHERE id = $1`,
      [id],
    );
    expect(atKill).toBeGreaterThanOrEqual(partial.processed);
    expect(atKill).toBeLessThan(total);
    await new Promise((r) => setTimeout(r, 500));
    const [{ processed: whileDown }] = await stack.db.query(
      `SELECT processed FROM email_verification_jobs WHERE id = $1`,
      [id],
    );
    expect(whileDown).toBe(atKill);
    await stack.startWorker();
    const done = await untilDone(id, 45000);
    expect(done.body.data).toMatchObject({
      status: 'completed',
      total,
      processed: total,
      counts: { valid: 0, invalid: 0, accept_all: 0, unknown: total },
    });
    const [check] = await stack.db.query(
      `SELECT count(*)::int AS rows, count(status)::int AS verified, count(DISTINCT email)::int AS emails, max(ordinal) AS last
       FROM email_verification_results WHERE job_id = $1`,
      [id],
    );
    expect(check).toEqual({ rows: total, verified: total, emails: total, last: total - 1 });
  }, 90000);

  it('pauses on SIGTERM after the current chunk and resumes in the next worker without waiting for a lock', async () => {
    const total = 8000; // about 10 s of work: a shutdown that waited for the job would take that long
    const { id } = (await create(slowAddresses(total, 'term'))).body.data;
    await eventually(async () => (await read(id)).body.data.processed > 0, 20000, 50);
    const stopped = Date.now();
    await stack.worker!.stop('SIGTERM');
    expect(Date.now() - stopped).toBeLessThan(5000);
    const [{ processed, status }] = await stack.db.query<{ processed: number; status: string }>(
      `SELECT processed, status FROM email_verification_jobs WHERE id = $1`,
      [id],
    );
    expect(status).toBe('running');
    expect(processed).toBeLessThan(total);
    await stack.startWorker();
    const restarted = Date.now();
    // A paused job is back in the queue at once: no lock has to expire (10 s) before it resumes.
    await eventually(async () => (await read(id)).body.data.processed > processed, 5000, 50);
    expect(Date.now() - restarted).toBeLessThan(5000);
    const done = await untilDone(id, 30000);
    expect(done.body.data).toMatchObject({ status: 'completed', processed: total });
  }, 60000);

  it('ends failed with a reason once every attempt failed, and is not picked up again', async () => {
    // Take the saves away so every run of the job fails on its first chunk's ownership lookup.
    await stack.db.query(`ALTER TABLE saved_people RENAME TO saved_people_away`);
    try {
      const { id } = (await create(['doomed@mail.test'])).body.data;
      const res = await untilDone(id, 40000);
      expect(res.body.data).toMatchObject({
        status: 'failed',
        processed: 0,
        failure_reason: 'verification stopped after 5 failed attempts',
      });
      expect(res.body.data.completed_at).toEqual(expect.any(String));
      expect(res.headers.get('retry-after')).toBeNull();
      expect(stack.worker!.log()).toContain('saved_people');
      // The run marks the job failed, then BullMQ fails it and removes it (removeOnFail): the key goes right after.
      const jobKey = `${QUEUE_PREFIX}:email-verification:${id}`;
      await eventually(async () => (await stack.redis.exists(jobKey)) === 0, 5000, 50).catch(() => undefined);
      expect(await stack.redis.exists(jobKey)).toBe(0);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await read(id)).body.data.status).toBe('failed');
    } finally {
      await stack.db.query(`ALTER TABLE saved_people_away RENAME TO saved_people`);
    }
  }, 60000);

  it('re-enqueues jobs that Redis lost (sweeper at worker start)', async () => {
    await stack.worker!.stop();
    const { id } = (await create(['lost@mail.test', 'lost@nomail.test'])).body.data;
    await stack.redis.flushdb();
    await stack.startWorker();
    const done = await untilDone(id);
    expect(done.body.data).toMatchObject({ status: 'completed', counts: { invalid: 1, unknown: 1 } });
  });
});
