/**
 * POST /v2/people/export, GET /v2/people/exports/{id}[/download] and the export at GET /v2/jobs/{id}
 * (docs/people-export.md), black box: the built API and worker against a fresh database.
 *
 * The stack starts without the worker so the first export can be seen queued (download 409
 * NOT_READY); the worker then starts and consumes what the API enqueued.
 */
import { errorOf, eventually } from './support/http';
import { emailOf, importPeopleFixture, P, search } from './support/people-fixtures';
import { startStack, TestStack, Workspace } from './support/stack';

jest.setTimeout(60_000);

const HEADER =
  'id,first_name,last_name,full_name,email,email_source,email_status,pro_network_url,title,seniority,departments,company_id,company_name,company_website,city,state,country,saved_at,list_ids';

describe('people export', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;
  let listId: string;
  let firstId: string;

  const exportOk = async (ws: Workspace, body: unknown) => {
    const res = await ws.api.post('/v2/people/export', body);
    expect({ status: res.status, body: res.status === 202 ? 'ok' : res.text.slice(0, 800) }).toEqual({ status: 202, body: 'ok' });
    expect(res.headers.get('location')).toBe(`/v2/people/exports/${res.body.data.id}`);
    return res.body.data;
  };
  const completed = (ws: Workspace, id: string) =>
    eventually(async () => {
      const res = await ws.api.get(`/v2/people/exports/${id}`);
      return res.status === 200 && res.body.data.status === 'completed' && res.body.data;
    }, 20_000, 100);
  const download = async (ws: Workspace, id: string) => {
    const res = await ws.api.get(`/v2/people/exports/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="people-export-${id}.csv"`);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const lines = res.text.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    return lines.slice(1).map((l) => l.split(','));
  };
  const validation = async (body: unknown) => {
    const res = await a.api.post('/v2/people/export', body);
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.name).toBe('VALIDATION_ERROR');
    return error.payload;
  };

  beforeAll(async () => {
    stack = await startStack();
    [, a, b] = await Promise.all([importPeopleFixture(stack, { extended: false }), stack.workspace(100), stack.workspace(100)]);
    const list = await a.api.post('/v2/lists', { name: 'export list', type: 'people' });
    expect(list.status).toBe(201);
    listId = list.body.data.id;
    // Saved by A: jose, alice, peter, bob (search order by followers: jose, alice, peter, bob). Not saved: gavin.
    const save = await a.api.post('/v2/people/save', { data: [P.jose, P.alice, P.peter, P.bob], list_ids: [listId] });
    expect(save.status).toBe(200);
    // An edited email that a spreadsheet would read as a formula.
    expect((await a.api.patch(`/v2/people/${P.peter}`, { email: '=peter@example.com' })).status).toBe(200);
    expect((await b.api.post('/v2/people/save', { data: [P.gavin] })).status).toBe(200);
  });
  afterAll(() => stack?.close());

  it('queues an export by ids, skipping ids the workspace did not save; no download before it completes', async () => {
    const job = await exportOk(a, { ids: [P.bob, P.gavin, P.jose, P.peter, P.bob] });
    firstId = job.id;
    expect(job).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'people_export',
      status: 'queued',
      total: 3,
      skipped: 1,
      processed: 0,
      created_at: expect.any(String),
      started_at: null,
      completed_at: null,
      failure_reason: null,
      download_url: null,
    });
    const early = await a.api.get(`/v2/people/exports/${firstId}/download`);
    expect(early.status).toBe(409);
    expect(errorOf(early).name).toBe('NOT_READY');
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const generic = await a.api.get(`/v2/jobs/${firstId}`);
    expect(generic.status).toBe(200);
    expect(generic.body.data).toMatchObject({ id: firstId, type: 'people_export', status: 'queued', progress: { processed: 0, total: 3, percent: 0 } });
    expect(generic.headers.get('retry-after')).toBe('2');
  });

  it('runs in the worker: progress at GET /v2/jobs/{id} until completed, then the CSV', async () => {
    const before = await search(a.api, { lists: { saved: 'any' }, duplicates: { exclude_exported: true } });
    expect(before.ids.sort()).toEqual([P.jose, P.alice, P.peter, P.bob].sort());

    await stack.startWorker();
    const seen: string[] = [];
    const done = await eventually(async () => {
      const res = await a.api.get(`/v2/jobs/${firstId}`);
      seen.push(res.body.data.status);
      return res.body.data.status === 'completed' && res.body.data;
    }, 20_000, 100);
    expect(done.progress).toEqual({ processed: 3, total: 3, percent: 100 });
    expect(done.completed_at).toEqual(expect.any(String));
    expect(seen.every((s) => ['queued', 'running', 'completed'].includes(s))).toBe(true);

    const job = (await a.api.get(`/v2/people/exports/${firstId}`)).body.data;
    expect(job).toMatchObject({ status: 'completed', total: 3, skipped: 1, processed: 3, download_url: `/v2/people/exports/${firstId}/download` });

    const rows = await download(a, firstId);
    // In the order asked, the unsaved id and the repeat left out.
    expect(rows.map((r) => r[0])).toEqual([P.bob, P.jose, P.peter]);
    const [bob, , peter] = rows;
    expect(bob[4]).toBe(emailOf('bob')); // revealed by the save
    expect(bob[5]).toBe('revealed');
    expect(bob[6]).toBe('valid');
    expect(bob[18]).toBe(listId);
    expect(bob[17]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(peter[4]).toBe("'=peter@example.com"); // edited wins; formula guard
    expect(peter[5]).toBe('edited');
    expect(rows.every((r) => r.length === 19)).toBe(true);

    // Exported people are recorded for duplicates.exclude_exported.
    const after = await search(a.api, { lists: { saved: 'any' }, duplicates: { exclude_exported: true } });
    expect(after.ids).toEqual([P.alice]);
    const rowsInDb = await stack.db.query<{ person_id: string }>(`SELECT person_id FROM exported_people WHERE workspace_id = $1 ORDER BY person_id`, [a.workspace_id]);
    expect(rowsInDb.map((r) => r.person_id)).toEqual([P.jose, P.peter, P.bob].sort());
  });

  it('exports by filters only saved people, in result order, with limit and exclude_ids', async () => {
    const limited = await exportOk(a, { filters: {}, limit: 2 });
    expect(limited).toMatchObject({ total: 2, skipped: 0 });
    await completed(a, limited.id);
    expect((await download(a, limited.id)).map((r) => r[0])).toEqual([P.jose, P.alice]);

    const excluded = await exportOk(a, { filters: { lists: { include: [listId] } }, exclude_ids: [P.jose] });
    expect(excluded.total).toBe(3);
    await completed(a, excluded.id);
    expect((await download(a, excluded.id)).map((r) => r[0])).toEqual([P.alice, P.peter, P.bob]);

    // B saved only gavin: a broad filter exports only him.
    const onlyB = await exportOk(b, { filters: {} });
    await completed(b, onlyB.id);
    expect((await download(b, onlyB.id)).map((r) => r[0])).toEqual([P.gavin]);
  });

  it('completes an export of nobody with a header-only CSV', async () => {
    const job = await exportOk(a, { ids: [P.gavin] });
    expect(job).toMatchObject({ total: 0, skipped: 1 });
    await completed(a, job.id);
    expect(await download(a, job.id)).toEqual([]);
  });

  it("answers 404 for another workspace's export and 400 for a malformed id", async () => {
    for (const path of [`/v2/people/exports/${firstId}`, `/v2/people/exports/${firstId}/download`, `/v2/jobs/${firstId}`]) {
      const res = await b.api.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(errorOf(res).name).toBe('NOT_FOUND');
    }
    const unknown = await a.api.get('/v2/people/exports/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    for (const path of ['/v2/people/exports/nope', '/v2/people/exports/nope/download']) {
      const res = await a.api.get(path);
      expect(res.status).toBe(400);
      expect(errorOf(res).payload).toEqual({ field: 'id' });
    }
  });

  it('refuses malformed bodies, creating no export', async () => {
    const count = async () => (await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM people_exports WHERE workspace_id = $1`, [a.workspace_id]))[0].n;
    const before = await count();
    expect(await validation({})).toMatchObject({ field: 'ids', code: 'conflicting_fields' });
    expect(await validation({ ids: [P.jose], filters: {} })).toMatchObject({ field: 'ids', code: 'conflicting_fields' });
    expect(await validation({ ids: [P.jose], limit: 5 })).toMatchObject({ field: 'limit', code: 'conflicting_fields' });
    expect(await validation({ ids: [P.jose], exclude_ids: [P.bob] })).toMatchObject({ field: 'exclude_ids', code: 'conflicting_fields' });
    expect(await validation({ ids: [] })).toMatchObject({ field: 'ids', code: 'out_of_range' });
    expect(await validation({ ids: Array.from({ length: 25_001 }, () => P.jose) })).toMatchObject({ field: 'ids', code: 'out_of_range' });
    expect(await validation({ ids: [P.jose, 'NOPE'] })).toMatchObject({ field: 'ids[1]', code: 'invalid_format' });
    expect(await validation({ filters: {}, limit: 0 })).toMatchObject({ field: 'limit', code: 'out_of_range' });
    expect(await validation({ filters: {}, limit: 25_001 })).toMatchObject({ field: 'limit', code: 'out_of_range' });
    expect(await validation({ filters: {}, exclude_ids: ['x'] })).toMatchObject({ field: 'exclude_ids[0]', code: 'invalid_format' });
    expect(await validation({ filters: { lists: { saved: 'none' } } })).toMatchObject({ field: 'filters.lists.saved', code: 'invalid_value' });
    expect(await validation({ ids: [P.jose], format: 'xlsx' })).toMatchObject({ field: 'format', code: 'unknown_field' });
    expect(await validation({ filters: { person_seniority: 'VP' } })).toMatchObject({ field: expect.stringMatching(/^filters\.person_seniority/) });
    expect(await count()).toBe(before);
  });
});
