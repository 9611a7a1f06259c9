import { errorOf, HttpAnswer } from '../support/http';
import { C, importPeopleFixture, P } from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

const HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** The three X-RateLimit headers as integers; fails when one is missing or not a whole number. */
function limits(res: HttpAnswer): { limit: number; remaining: number; reset: number } {
  const [limit, remaining, reset] = HEADERS.map((h) => {
    const raw = res.headers.get(h);
    expect({ header: h, raw }).toEqual({ header: h, raw: expect.stringMatching(/^\d+$/) });
    return Number(raw);
  });
  return { limit, remaining, reset };
}

const searchBody = { filters: { person_seniority: { include: ['VP'] } }, page: 1, per_page: 5 };
const domains = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ domain: `rl-${from + i}.example` }));

/**
 * X-RateLimit-Limit / -Remaining / -Reset on every answer of an operation that spends `search` or
 * `enrich` units while RATE_LIMITS_ENFORCED=true, and 429 RATE_LIMIT with Retry-After (seconds
 * until the window ends, from the Redis counter) over the limit (docs/people-records.md).
 */
describe('rate limit headers, enforced', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({
      env: { RATE_LIMITS_ENFORCED: 'true', RATE_LIMIT_SEARCH_PER_MINUTE: '3', RATE_LIMIT_ENRICH_PER_MINUTE: '4' },
    });
    await importPeopleFixture(stack, { extended: false });
  });
  afterAll(() => stack?.close());

  const counter = (name: 'search' | 'enrich', ws: Workspace) => `pws:rate-limit:${name}:${ws.workspace_id}`;

  it('people search: remaining counts down, reset stays within the window, then 429 with Retry-After and the same headers, spending nothing', async () => {
    const ws = await stack.workspace();
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const res = await ws.api.post('/v2/people/search', searchBody);
      expect(res.status).toBe(200);
      seen.push(limits(res));
    }
    expect(seen.map((s) => s.limit)).toEqual([3, 3, 3]);
    expect(seen.map((s) => s.remaining)).toEqual([2, 1, 0]);
    for (const s of seen) {
      expect(s.reset).toBeGreaterThan(0);
      expect(s.reset).toBeLessThanOrEqual(60);
    }
    expect(seen[2].reset).toBeLessThanOrEqual(seen[0].reset);

    const over = await ws.api.post('/v2/people/search', searchBody);
    expect(over.status).toBe(429);
    expect(errorOf(over).name).toBe('RATE_LIMIT');
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limits(over)).toEqual({ limit: 3, remaining: 0, reset: retryAfter });
    expect(await stack.redis.get(counter('search', ws))).toBe('3'); // the refused request spent nothing
  });

  it('Retry-After and X-RateLimit-Reset are the time left in the window, not its length', async () => {
    const ws = await stack.workspace();
    for (let i = 0; i < 3; i++) expect((await ws.api.post('/v2/people/search', searchBody)).status).toBe(200);
    // As if 48 of the 60 seconds had passed.
    expect(await stack.redis.pexpire(counter('search', ws), 12_000)).toBe(1);
    const over = await ws.api.post('/v2/people/search', searchBody);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(12);
    expect(limits(over).reset).toBe(retryAfter);
  });

  it('company save: headers on every answer, ids spend nothing but still report, over the limit 429 with the same headers', async () => {
    const ws = await stack.workspace();
    const byDomain = await ws.api.post('/v2/companies/save', { data: [{ domain: 'globex.com' }, ...domains(2)] });
    expect(byDomain.status).toBe(200);
    expect(limits(byDomain)).toMatchObject({ limit: 4, remaining: 1 });

    // A save by ids costs no unit: it answers where the workspace stands, without spending.
    const byId = await ws.api.post('/v2/companies/save', { data: [C.acme, { id: C.hooli }] });
    expect(byId.status).toBe(200);
    const idLimits = limits(byId);
    expect(idLimits).toMatchObject({ limit: 4, remaining: 1 });
    expect(idLimits.reset).toBeGreaterThan(0);
    expect(idLimits.reset).toBeLessThanOrEqual(60);
    expect(await stack.redis.get(counter('enrich', ws))).toBe('3');

    const over = await ws.api.post('/v2/companies/save', { data: domains(2, 10) });
    expect(over.status).toBe(429);
    expect(errorOf(over).name).toBe('RATE_LIMIT');
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limits(over)).toEqual({ limit: 4, remaining: 1, reset: retryAfter });

    const last = await ws.api.post('/v2/companies/save', { data: domains(1, 20) });
    expect(last.status).toBe(200);
    expect(limits(last)).toMatchObject({ limit: 4, remaining: 0 });
    // The search limit is a separate counter, untouched by saves.
    expect(limits(await ws.api.post('/v2/people/search', searchBody))).toMatchObject({ limit: 3, remaining: 2 });
  });

  it('a fresh workspace saving by ids reads a full quota and starts no window', async () => {
    const ws = await stack.workspace();
    const res = await ws.api.post('/v2/companies/save', { data: [C.acme] });
    expect(res.status).toBe(200);
    expect(limits(res)).toEqual({ limit: 4, remaining: 4, reset: 60 });
    expect(await stack.redis.exists(counter('enrich', ws))).toBe(0);
  });

  it('list removal and the person record are free: no headers, no 429 while both limits are spent', async () => {
    const ws = await stack.workspace();
    for (let i = 0; i < 3; i++) await ws.api.post('/v2/people/search', searchBody);
    expect((await ws.api.post('/v2/companies/save', { data: domains(4, 30) })).status).toBe(200);
    expect((await ws.api.post('/v2/people/search', searchBody)).status).toBe(429);

    const list = (await ws.api.post('/v2/lists', { name: 'l', type: 'people' })).body.data.id;
    await stack.db.query(`INSERT INTO saved_people (workspace_id, person_id) VALUES ($1, $2)`, [
      ws.workspace_id,
      P.jose,
    ]);
    await stack.db.query(`INSERT INTO people_list_members (list_id, person_id, workspace_id) VALUES ($1, $2, $3)`, [
      list,
      P.jose,
      ws.workspace_id,
    ]);
    const answers = [
      await ws.api.post('/v2/people/lists/remove', { list_id: list, ids: [P.jose] }),
      await ws.api.post('/v2/people/lists/remove', { list_id: list, ids: [P.jose] }),
      await ws.api.get(`/v2/people/${P.jose}`),
      await ws.api.patch(`/v2/people/${P.jose}`, { email: 'jose@example.com' }),
      await ws.api.get(`/v2/companies/${C.acme}`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const res of answers) for (const h of [...HEADERS, 'retry-after']) expect(res.headers.get(h)).toBeNull();
  });
});

describe('rate limit headers, not enforced', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({
      env: { RATE_LIMITS_ENFORCED: 'false', RATE_LIMIT_SEARCH_PER_MINUTE: '1', RATE_LIMIT_ENRICH_PER_MINUTE: '1' },
    });
    await importPeopleFixture(stack, { extended: false });
  });
  afterAll(() => stack?.close());

  it('sends no X-RateLimit header and never 429, and counts nothing', async () => {
    const ws = await stack.workspace();
    const answers = [
      await ws.api.post('/v2/people/search', searchBody),
      await ws.api.post('/v2/people/search', searchBody),
      await ws.api.post('/v2/companies/save', { data: domains(3) }),
      await ws.api.post('/v2/companies/save', { data: [C.acme] }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const res of answers) for (const h of [...HEADERS, 'retry-after']) expect(res.headers.get(h)).toBeNull();
    expect(await stack.redis.keys('pws:rate-limit:*')).toEqual([]);
  });
});
