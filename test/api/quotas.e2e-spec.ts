/**
 * Per-workspace quotas over a rolling window (docs/configuration.md, docs/email-verification.md,
 * docs/people-export.md): VERIFICATION_ADDRESSES_PER_DAY and EXPORTS_PER_DAY, compressed here to small
 * quotas and a 16 s QUOTA_WINDOW (8 s left too little slack on a loaded CI box: the later jobs
 * had left it too). Past a quota: 429 RATE_LIMIT with Retry-After, nothing created;
 * other workspaces unaffected; parallel requests never get past it together. No worker: jobs stay queued.
 */
import { errorOf, HttpAnswer } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

const WINDOW_S = 16;
const ADDRESSES = 20;
const EXPORTS = 3;

const addresses = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@quota.test`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('quotas per workspace over a rolling window', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({
      env: {
        VERIFICATION_ADDRESSES_PER_DAY: String(ADDRESSES),
        EXPORTS_PER_DAY: String(EXPORTS),
        QUOTA_WINDOW: `${WINDOW_S}s`,
      },
    });
  });
  afterAll(() => stack?.close());

  const verify = (ws: Workspace, emails: string[]) => ws.api.post('/v2/email-verifications', { emails });
  const exportNobody = (ws: Workspace) => ws.api.post('/v2/people/export', { ids: ['5e0000000000000000000099'] });
  const rowsOf = async (table: 'email_verification_jobs' | 'people_exports', ws: Workspace) =>
    (
      await stack.db.query<{ jobs: number; units: number }>(
        `SELECT count(*)::int AS jobs, coalesce(sum(total), 0)::int AS units FROM ${table} WHERE workspace_id = $1`,
        [ws.workspace_id],
      )
    )[0];
  /** The 429's error after checking its envelope and Retry-After (whole seconds within the window). */
  const refused = (res: HttpAnswer) => {
    expect(res.status).toBe(429);
    const error = errorOf(res);
    expect(error.name).toBe('RATE_LIMIT');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW_S).toBe(true);
    expect(error.payload.retry_after).toBe(retryAfter);
    return { error, retryAfter };
  };

  it('verification: distinct addresses count; past the quota 429 with Retry-After until enough leaves the window; nothing created', async () => {
    const ws = await stack.workspace(0);
    const first = await verify(ws, [...addresses(8, 'a'), 'A0@QUOTA.test']); // a repeat counts once
    expect(first.status).toBe(202);
    const firstAt = Date.now();
    await sleep(WINDOW_S * 500); // half the window: the next jobs leave it 8 s after the first
    expect((await verify(ws, addresses(8, 'b'))).status).toBe(202);

    const over = await verify(ws, addresses(8, 'c'));
    const { error, retryAfter } = refused(over);
    expect(error.payload).toMatchObject({
      limit: 'verification_addresses',
      quota: ADDRESSES,
      used: 16,
      requested: 8,
      window_seconds: WINDOW_S,
    });
    // The first job leaving the window frees enough: Retry-After counts to that moment, not to the second's.
    const firstLeavesIn = (firstAt + WINDOW_S * 1000 - Date.now()) / 1000;
    expect(Math.abs(retryAfter - firstLeavesIn)).toBeLessThanOrEqual(1);
    expect(await rowsOf('email_verification_jobs', ws)).toEqual({ jobs: 2, units: 16 });

    expect((await verify(ws, addresses(4, 'd'))).status).toBe(202); // exactly the quota
    refused(await verify(ws, addresses(1, 'e')));

    // A request larger than the whole quota can never pass.
    const whole = refused(await verify(await stack.workspace(0), addresses(ADDRESSES + 1, 'f')));
    expect(whole.retryAfter).toBe(WINDOW_S);
    expect(whole.error.message).toMatch(/more than the whole quota/);

    // Rolling: once the first job has left the window its 8 addresses are free again; the later jobs still count.
    await sleep(Math.max(0, firstAt + WINDOW_S * 1000 - Date.now()) + 500);
    expect((await verify(ws, addresses(8, 'g'))).status).toBe(202);
    const stillFull = refused(await verify(ws, addresses(1, 'h')));
    expect(stillFull.error.payload).toMatchObject({ used: ADDRESSES, requested: 1 });
    expect(await rowsOf('email_verification_jobs', ws)).toEqual({ jobs: 4, units: 28 });
  });

  it('exports: EXPORTS_PER_DAY per window, then 429 with Retry-After and no export; another workspace is unaffected', async () => {
    const ws = await stack.workspace(0);
    const other = await stack.workspace(0);
    for (let i = 0; i < EXPORTS; i++) expect((await exportNobody(ws)).status).toBe(202);
    const { error } = refused(await exportNobody(ws));
    expect(error.payload).toMatchObject({ limit: 'exports', quota: EXPORTS, used: EXPORTS, requested: 1 });
    // Filters are refused before any selection, the same way.
    refused(await ws.api.post('/v2/people/export', { filters: { lists: { saved: 'any' } } }));
    expect((await rowsOf('people_exports', ws)).jobs).toBe(EXPORTS);

    expect((await exportNobody(other)).status).toBe(202);
    expect((await verify(other, addresses(ADDRESSES, 'o'))).status).toBe(202);
  });

  it('parallel requests that together exceed a quota: the accepted ones never exceed it', async () => {
    const ws = await stack.workspace(0);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => verify(ws, addresses(5, `p${i}-`))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(4).fill(202), ...Array(6).fill(429)]);
    expect(await rowsOf('email_verification_jobs', ws)).toEqual({ jobs: 4, units: ADDRESSES });

    const exporter = await stack.workspace(0);
    const exportAnswers = await Promise.all(Array.from({ length: 10 }, () => exportNobody(exporter)));
    expect(exportAnswers.filter((r) => r.status === 202)).toHaveLength(EXPORTS);
    expect(exportAnswers.filter((r) => r.status === 429)).toHaveLength(10 - EXPORTS);
    expect((await rowsOf('people_exports', exporter)).jobs).toBe(EXPORTS);
  });
});
