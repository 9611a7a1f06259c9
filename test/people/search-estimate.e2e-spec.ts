import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(120_000);

// Past EXACT_CAP_LIMIT (25,000), so a capped search of everyone answers the count before the cap.
const PEOPLE = 30_000;
/** Low enough that the broad searches below are estimated on this small data set (the default is 1,000,000). */
const ESTIMATE_ABOVE = 3_000;

/** Two significant digits, as estimates are rounded. */
const isRounded = (n: number) => Number(n.toPrecision(2)) === n;

/**
 * Counts PostgreSQL plans above SEARCH_COUNT_ESTIMATE_ABOVE are estimated from a sample of the people
 * pages (docs/people-search.md "Counts"): `total_is_estimate` says so, the total is rounded, and it stays
 * within the documented bound of the exact count. Counts below it stay exact.
 */
describe('estimated search counts', () => {
  let stack: TestStack;
  let ws: Workspace;
  const exactCount = async (where: string) =>
    Number((await stack.db.query<any>(`SELECT count(*)::int AS n FROM people p WHERE ${where}`))[0].n);
  const search = async (body: object) => {
    const res = await ws.api.post('/v2/people/search', body);
    expect(res.status).toBe(200);
    return res.body.metadata.pagination;
  };

  beforeAll(async () => {
    stack = await startStack({ env: { SEARCH_COUNT_ESTIMATE_ABOVE: String(ESTIMATE_ABOVE) } });
    const load = await stack.cli([
      'dataset:generate',
      '--people',
      String(PEOPLE),
      '--companies',
      '3000',
      '--seed',
      'estimate',
      '--as-of',
      '2026-11-01',
    ]);
    expect(load.code).toBe(0);
    ws = await stack.workspace(1_000);
  });
  afterAll(() => stack?.close());

  it('estimates a broad count from a sample: flagged, rounded, within 10 % of the exact count, the same on page 2', async () => {
    const filters = { person_seniority: { exclude: ['Entry'] } };
    const exact = await exactCount(`p.seniority IS NULL OR p.seniority <> 'Entry'`);
    expect(exact).toBeGreaterThan(ESTIMATE_ABOVE);
    const first = await search({ filters, per_page: 25 });
    expect(first.total_is_estimate).toBe(true);
    expect(isRounded(first.total_count)).toBe(true);
    expect(Math.abs(first.total_count - exact) / exact).toBeLessThan(0.1);
    const second = await search({ filters, page: 2, per_page: 25 });
    expect(second).toMatchObject({ total_count: first.total_count, total_is_estimate: true });
  });

  it('keeps a sorted broad search sorted while its estimate is under the sort cut-off', async () => {
    const res = await ws.api.post('/v2/people/search', {
      filters: { sort_by: 'person_first_name', sort_direction: 'asc' },
      per_page: 25,
    });
    expect(res.status).toBe(200);
    expect(res.body.metadata.pagination.total_is_estimate).toBe(true);
    const names = res.body.data.map((p: any) => (p.first_name ?? '').toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('counts exactly what PostgreSQL plans under the threshold', async () => {
    const filters = { person_seniority: { include: ['Partner'] } };
    const exact = await exactCount(`p.seniority = 'Partner'`);
    expect(exact).toBeLessThan(ESTIMATE_ABOVE);
    expect(await search({ filters })).toMatchObject({ total_count: exact, total_is_estimate: false });
  });

  it('estimates the count before the cap of a broad max_person_per_company search', async () => {
    const exact = await exactCount('true');
    const got = await search({ filters: { max_person_per_company: 1 } });
    expect(got.total_is_estimate).toBe(true);
    expect(Math.abs(got.total_count - exact) / exact).toBeLessThan(0.1);
  });

  it("subtracts the workspace's exported people from an estimate, and says it is one", async () => {
    const exact = await exactCount(`p.seniority IS NULL OR p.seniority <> 'Entry'`);
    const got = await search({
      filters: { person_seniority: { exclude: ['Entry'] }, duplicates: { exclude_exported: true } },
    });
    expect(got.total_is_estimate).toBe(true);
    expect(Math.abs(got.total_count - exact) / exact).toBeLessThan(0.1);
  });
});
