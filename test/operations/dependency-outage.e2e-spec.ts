import { CO, insertFixtureCompanies } from '../support/company-fixtures';
import { errorOf, eventually, HttpAnswer } from '../support/http';
import { CuttableProxy, PrivateRedis } from '../support/outages';
import { ServiceProcess } from '../support/processes';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

/** The bound for an answer while a dependency is down. */
const FAIL_FAST_MS = 2000;
const REQUEST_TIMEOUT_MS = 1500;

const DB_ADMIN = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

/** The answer and how long it took. */
async function timed(request: () => Promise<HttpAnswer>): Promise<{ answer: HttpAnswer; ms: number }> {
  const started = Date.now();
  const answer = await request();
  return { answer, ms: Date.now() - started };
}

/** 503 UNAVAILABLE in the envelope with a Retry-After, within the bound. */
function expectUnavailable({ answer, ms }: { answer: HttpAnswer; ms: number }): void {
  expect({
    status: answer.status,
    name: answer.status === 503 ? errorOf(answer).name : answer.text.slice(0, 200),
  }).toEqual({ status: 503, name: 'UNAVAILABLE' });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(ms).toBeLessThan(FAIL_FAST_MS);
}

/**
 * Redis and PostgreSQL going away under a running API (issue 12 point 4): requests that need the
 * missing one answer 503 UNAVAILABLE within 2 s instead of hanging, requests that do not need it
 * go on, and everything works again once it is back, without a restart. The API reaches a private
 * redis-server and, through a proxy the test cuts, the shared PostgreSQL; the worker reaches
 * PostgreSQL directly.
 */
describe('dependency outages fail fast', () => {
  let redis: PrivateRedis;
  let proxy: CuttableProxy;
  let stack: TestStack;
  let worker: ServiceProcess;
  let ws: Workspace;

  const saveByDomain = () => ws.api.post('/v2/companies/save', { data: [{ domain: 'globex.com' }] });
  const search = () => ws.api.post('/v2/people/search', { filters: { person_seniority: { include: ['VP'] } } });
  const verificationJobs = async () =>
    (
      await stack.db.query<{ id: string }>(`SELECT id FROM email_verification_jobs WHERE workspace_id = $1`, [
        ws.workspace_id,
      ])
    ).map((r) => r.id);

  beforeAll(async () => {
    [redis, proxy] = await Promise.all([
      PrivateRedis.start(),
      CuttableProxy.start({ host: DB_ADMIN.hostname, port: Number(DB_ADMIN.port || 5432) }),
    ]);
    stack = await startStack({
      env: (db) => ({
        DATABASE_URL: proxy.via(db.url),
        REDIS_URL: redis.url,
        RATE_LIMITS_ENFORCED: 'true',
        REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_MS}ms`,
      }),
    });
    worker = new ServiceProcess('worker', { ...stack.env, DATABASE_URL: stack.db.url });
    worker.start();
    await Promise.all([insertFixtureCompanies(stack.db), worker.waitForLog('worker ready')]);
    ws = await stack.workspace();
  });
  afterAll(async () => {
    await proxy?.restore();
    redis?.thaw();
    await worker?.stop();
    await stack?.close();
    await Promise.all([redis?.stop(), proxy?.close()]);
  });

  it('with Redis stopped: a verification is still created once, rate-limited routes answer 503 at once, reads go on', async () => {
    await redis.stop();

    const created = await timed(() =>
      ws.api.post('/v2/email-verifications', { emails: ['a@mail.test', 'b@mail.test'] }),
    );
    expect(created.answer.status).toBe(202);
    expect(created.ms).toBeLessThan(FAIL_FAST_MS);
    // Committed and answered: a client has no reason to retry, so no second job appears.
    expect(await verificationJobs()).toEqual([created.answer.body.data.id]);

    expectUnavailable(await timed(saveByDomain));
    expectUnavailable(await timed(search));
    // Twenty-five at once (more than the pool's 20 connections): none holds a connection while Redis is away.
    const burst = await timed(() =>
      Promise.all(Array.from({ length: 25 }, saveByDomain)).then(
        (answers) => answers.find((a) => a.status !== 503) ?? answers[0],
      ),
    );
    expectUnavailable(burst);
    expect((await ws.api.get('/v2/lists')).status).toBe(200);
    expect(await stack.db.query(`SELECT 1 FROM saved_companies WHERE workspace_id = $1`, [ws.workspace_id])).toEqual(
      [],
    );
  });

  it('once Redis is back (empty), the same requests succeed and the job created meanwhile is run', async () => {
    await redis.start();
    const saved = await eventually(async () => {
      const answer = await saveByDomain();
      return answer.status === 200 && answer;
    }, 10_000);
    expect(saved.body.data.saved).toHaveLength(1);
    expect((await search()).status).toBe(200);
    const [jobId] = await verificationJobs();
    // No enqueue reached Redis: the worker's sweeper finds the committed job and enqueues it.
    const done = await eventually(
      async () => {
        const answer = await ws.api.get(`/v2/email-verifications/${jobId}`);
        return answer.body?.data?.status === 'completed' && answer;
      },
      20_000,
      200,
    );
    expect(done.body.data.processed).toBe(2);
    expect(await verificationJobs()).toEqual([jobId]);
  });

  it('with Redis frozen (connections open, no answers), saves answer 503 within 2 s and hold no transaction meanwhile', async () => {
    const listId = (await ws.api.post('/v2/lists', { name: 'outage', type: 'company' })).body.data.id;
    const saveToList = () =>
      ws.api.post('/v2/companies/save', { data: [{ domain: 'globex.com' }], list_ids: [listId] });
    redis.freeze();
    try {
      const saves = Array.from({ length: 10 }, () => timed(saveToList));
      // While they wait for Redis: the rate limit is spent before the transaction, so no session sits in one.
      await new Promise((r) => setTimeout(r, 500));
      const waiting = await stack.db.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND state LIKE 'idle in transaction%'`,
        [stack.db.name],
      );
      expect(waiting).toEqual([]);
      for (const save of await Promise.all(saves)) expectUnavailable(save);
    } finally {
      redis.thaw();
    }
    await eventually(async () => (await saveByDomain()).status === 200, 10_000);
  });

  it('with PostgreSQL cut, requests answer 503 within 2 s, and work again once it is back', async () => {
    await proxy.cut();
    expectUnavailable(await timed(() => ws.api.get('/v2/lists')));
    expectUnavailable(await timed(() => ws.api.post('/v2/email-verifications', { emails: ['c@mail.test'] })));
    expectUnavailable(await timed(() => ws.api.post('/v2/companies/save', { data: [CO.acme] })));
    // Past the key cache (API_KEY_CACHE_TTL=1s): the key check itself needs the database.
    await new Promise((r) => setTimeout(r, 1100));
    expectUnavailable(await timed(() => ws.api.get('/v2/lists')));

    await proxy.restore();
    await eventually(async () => (await ws.api.get('/v2/lists')).status === 200, 10_000);
    expect((await ws.api.post('/v2/companies/save', { data: [CO.acme] })).status).toBe(200);
  });

  it('with PostgreSQL frozen (no answer, no reset), the request deadline answers 503 UNAVAILABLE', async () => {
    proxy.freeze();
    let frozen: { answer: HttpAnswer; ms: number };
    try {
      await new Promise((r) => setTimeout(r, 1100)); // the key cache forgets the key
      frozen = await timed(() => ws.api.get('/v2/lists'));
    } finally {
      await proxy.restore();
    }
    expectUnavailable(frozen);
    expect(frozen.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(errorOf(frozen.answer).payload).toEqual({ timeout_ms: REQUEST_TIMEOUT_MS });
    await eventually(async () => (await ws.api.get('/v2/lists')).status === 200, 10_000);
  });
});
