import { errorOf } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(120_000);

/** Guards around the search engine that need their own API settings: the statement time limit and the rate limit. */
describe('POST /v2/people/search limits', () => {
  let stack: TestStack;
  let ws: Workspace;

  beforeAll(async () => {
    // 1 ms: every search statement is cancelled by PostgreSQL; 2 searches a minute.
    stack = await startStack({
      env: { SEARCH_STATEMENT_TIMEOUT: '1ms', RATE_LIMITS_ENFORCED: 'true', RATE_LIMIT_SEARCH_PER_MINUTE: '2' },
    });
    ws = await stack.workspace();
    // People to read: on an empty data set the count answers at once, and a search of no match reads no page.
    const load = await stack.cli(['dataset:generate', '--people', '20000', '--companies', '2000', '--seed', 'limits']);
    expect(load.code).toBe(0);
  });
  afterAll(() => stack?.close());

  it('answers 503 SEARCH_TIMEOUT in the envelope when the statement runs past its limit, then 429 once the search quota is spent', async () => {
    const first = await ws.api.post('/v2/people/search', { filters: { person_seniority: { include: ['VP'] } } });
    expect(first.status).toBe(503);
    expect(errorOf(first).name).toBe('SEARCH_TIMEOUT');
    expect(first.body.metadata.request_id).toEqual(expect.any(String));
    await ws.api.post('/v2/people/search', {});
    const third = await ws.api.post('/v2/people/search', {});
    expect(third.status).toBe(429);
    expect(errorOf(third).name).toBe('RATE_LIMIT');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 401 without a key before reading the filters', async () => {
    const res = await stack.anon.post('/v2/people/search', { filters: { nope: 1 } });
    expect(res.status).toBe(401);
    expect(errorOf(res).name).toBe('UNAUTHORIZED');
  });
});
