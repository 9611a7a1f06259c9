/**
 * POST /v2/people/export, GET /v2/people/exports/{id}[/download] and the export at GET /v2/jobs/{id}
 * (docs/people-export.md), black box: the built API and worker against a fresh database.
 *
 * The stack starts without the worker so the first export can be seen queued (download 409
 * NOT_READY); the worker then starts and consumes what the API enqueued. People are saved through
 * POST /v2/people/save (emails revealed, list membership) and one email is edited through
 * PATCH /v2/people/{id}, as a client would.
 */
import { randomUUID } from 'node:crypto';
import { JobName, QueueName } from '@app/common/queues/queue-names';
import { errorOf, eventually } from '../support/http';
import { C, emailOf, importPeopleFixture, P, search } from '../support/people-fixtures';
import { withQueue } from '../support/queues';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(90_000);

const HEADER = [
  'id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'email_source',
  'email_status',
  'pro_network_url',
  'title',
  'seniority',
  'departments',
  'company_id',
  'company_name',
  'company_website',
  'city',
  'state',
  'country',
  'saved_at',
  'list_ids',
];

/** RFC 4180 records of a CSV text: CRLF line ends, quoted fields with doubled quotes; the text must end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect({ unterminated: row.length > 0 || field !== '' || quoted }).toEqual({ unterminated: false });
  return rows;
}

describe('people export', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;
  let listId: string;
  let firstId: string;

  const exportOk = async (ws: Workspace, body: unknown) => {
    const res = await ws.api.post('/v2/people/export', body);
    expect({ status: res.status, body: res.status === 202 ? 'ok' : res.text.slice(0, 800) }).toEqual({
      status: 202,
      body: 'ok',
    });
    expect(res.headers.get('location')).toBe(`/v2/people/exports/${res.body.data.id}`);
    return res.body.data;
  };
  /**
   * Waits for an export to complete: a run takes well under a second, but an enqueue that Redis lost is run by the
   * worker's sweeper, at most 30 s later (docs/people-export.md), so the wait covers one sweep. A timeout reports
   * what the row, BullMQ and the worker knew, so a failure in CI can be read without a rerun.
   */
  const completed = (ws: Workspace, id: string) =>
    eventually(
      async () => {
        const res = await ws.api.get(`/v2/people/exports/${id}`);
        return res.status === 200 && res.body.data.status === 'completed' && res.body.data;
      },
      35_000,
      100,
    ).catch(async (error: Error) => {
      const [row] = await stack.db.query(`SELECT status, processed, total FROM people_exports WHERE id = $1`, [id]);
      const state = await withQueue(stack.redis, QueueName.PeopleExport, (queue) => queue.getJobState(id));
      throw new Error(
        `${error.message}\nexport row: ${JSON.stringify(row)}; BullMQ job: ${state}\n` +
          `worker log:\n${stack.worker?.log().slice(-4000)}`,
      );
    });
  const downloadText = async (ws: Workspace, id: string) => {
    const res = await ws.api.get(`/v2/people/exports/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="people-export-${id}.csv"`);
    // Personal data: no browser or proxy cache may keep it.
    expect(res.headers.get('cache-control')).toBe('no-store');
    return res.text;
  };
  /** The data rows of an export's CSV, after checking the header row and that every row has every column. */
  const download = async (ws: Workspace, id: string) => {
    const [header, ...rows] = parseCsv(await downloadText(ws, id));
    expect(header).toEqual(HEADER);
    for (const row of rows) expect(row).toHaveLength(HEADER.length);
    return rows;
  };
  const validation = async (body: unknown) => {
    const res = await a.api.post('/v2/people/export', body);
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.name).toBe('VALIDATION_ERROR');
    return error.payload;
  };
  const exportedBy = async (ws: Workspace) =>
    await stack.db.query<{ person_id: string; exported_at: Date }>(
      `SELECT person_id, exported_at FROM exported_people WHERE workspace_id = $1 ORDER BY person_id`,
      [ws.workspace_id],
    );

  beforeAll(async () => {
    stack = await startStack();
    [, a, b] = await Promise.all([
      importPeopleFixture(stack, { extended: false }),
      stack.workspace(100),
      stack.workspace(100),
    ]);
    const list = await a.api.post('/v2/lists', { name: 'export list', type: 'people' });
    expect(list.status).toBe(201);
    listId = list.body.data.id;
    // Saved by A: jose, alice, peter, bob (search order by followers: jose, alice, peter, bob).
    // Not saved by A: gavin and lukasz, who lead the whole data set by followers.
    const save = await a.api.post('/v2/people/save', { data: [P.jose, P.alice, P.peter, P.bob], list_ids: [listId] });
    expect(save.status).toBe(200);
    // An edited email that a spreadsheet would read as a formula.
    expect((await a.api.patch(`/v2/people/${P.peter}`, { email: '=peter@example.com' })).status).toBe(200);
    expect((await b.api.post('/v2/people/save', { data: [P.gavin] })).status).toBe(200);
  });
  afterAll(() => stack?.close());

  it('queues an export by ids, skipping ids the workspace did not save; no download before it completes', async () => {
    const res = await a.api.post('/v2/people/export', { ids: [P.bob, P.gavin, P.jose, P.peter, P.bob] });
    expect(res.status).toBe(202);
    expect(res.headers.get('retry-after')).toBe('2');
    const job = res.body.data;
    firstId = job.id;
    expect(job).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      type: 'people_export',
      status: 'queued',
      total: 3,
      skipped: 1,
      processed: 0,
      progress: { processed: 0, total: 3, percent: 0 },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      started_at: null,
      completed_at: null,
      failure_reason: null,
      download_url: null,
      expired_at: null,
    });
    // The people are resolved now and kept in request order (the unsaved id and the repeat left out).
    const [row] = await stack.db.query<{ person_ids: string[] }>(
      `SELECT person_ids FROM people_exports WHERE id = $1`,
      [firstId],
    );
    expect(row.person_ids).toEqual([P.bob, P.jose, P.peter]);

    const early = await a.api.get(`/v2/people/exports/${firstId}/download`);
    expect(early.status).toBe(409);
    expect(errorOf(early)).toMatchObject({ name: 'NOT_READY', payload: { status: 'queued' } });
    expect(early.headers.get('retry-after')).toBe('2');
    const read = await a.api.get(`/v2/people/exports/${firstId}`);
    expect(read.body.data).toEqual(job);
    expect(read.headers.get('retry-after')).toBe('2');
    const generic = await a.api.get(`/v2/jobs/${firstId}`);
    expect(generic.status).toBe(200);
    expect(generic.body.data).toEqual({
      id: firstId,
      type: 'people_export',
      status: 'queued',
      created_at: job.created_at,
      started_at: null,
      completed_at: null,
      progress: { processed: 0, total: 3, percent: 0 },
    });
    expect(generic.headers.get('retry-after')).toBe('2');
  });

  it('runs in the worker: progress at GET /v2/jobs/{id} until completed, then the CSV; exported people are hidden by exclude_exported', async () => {
    const before = await search(a.api, { lists: { saved: 'any' }, duplicates: { exclude_exported: true } });
    expect(before.ids.sort()).toEqual([P.jose, P.alice, P.peter, P.bob].sort());

    await stack.startWorker();
    const seen: string[] = [];
    const done = await eventually(
      async () => {
        const res = await a.api.get(`/v2/jobs/${firstId}`);
        seen.push(res.body.data.status);
        return res.body.data.status === 'completed' && res.body.data;
      },
      20_000,
      100,
    );
    expect(done.progress).toEqual({ processed: 3, total: 3, percent: 100 });
    expect(done.started_at).toEqual(expect.any(String));
    expect(done.completed_at).toEqual(expect.any(String));
    expect(seen.every((s) => ['queued', 'running', 'completed'].includes(s))).toBe(true);

    const read = await a.api.get(`/v2/people/exports/${firstId}`);
    expect(read.headers.get('retry-after')).toBeNull();
    expect(read.body.data).toMatchObject({
      status: 'completed',
      total: 3,
      skipped: 1,
      processed: 3,
      progress: { processed: 3, total: 3, percent: 100 },
      failure_reason: null,
      download_url: `/v2/people/exports/${firstId}/download`,
    });

    const rows = await download(a, firstId);
    // In the order asked, the unsaved id and the repeat left out.
    expect(rows.map((r) => r[0])).toEqual([P.bob, P.jose, P.peter]);
    const [bob, jose, peter] = rows;
    expect(bob[4]).toBe(emailOf('bob')); // revealed by the save
    expect(bob[5]).toBe('revealed');
    expect(bob[6]).toBe('valid');
    expect(bob[18]).toBe(listId);
    expect(bob[17]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(peter[4]).toBe("'=peter@example.com"); // edited wins; formula guard
    expect(peter[5]).toBe('edited');

    // Every cell is the one Person serializer's value (GET /v2/people/{id}), unicode kept as it is.
    const record = (await a.api.get(`/v2/people/${P.jose}`)).body.data;
    const position = record.primary_position;
    expect(jose).toEqual([
      record.id,
      record.first_name,
      record.last_name,
      record.full_name,
      record.saved.email,
      record.saved.email_source,
      record.contact_details.email.status,
      record.pro_network_url,
      position.title,
      position.seniority,
      position.departments.join('; '),
      position.company_id,
      position.company.name,
      position.company.website,
      record.location.city,
      record.location.state,
      record.location.country,
      record.saved.saved_at,
      record.saved.list_ids.join('; '),
    ]);
    expect(jose.slice(0, 5)).toEqual([P.jose, 'José', 'García', 'José García', emailOf('jose')]);
    expect(jose.slice(8, 17)).toEqual([
      'VP Sales',
      'VP',
      expect.stringContaining('; '),
      C.globex,
      'Globex',
      'globex.com',
      'New York',
      'New York',
      'United States',
    ]);

    // Exported people are recorded for duplicates.exclude_exported.
    const after = await search(a.api, { lists: { saved: 'any' }, duplicates: { exclude_exported: true } });
    expect(after.ids).toEqual([P.alice]);
    expect((await exportedBy(a)).map((r) => r.person_id)).toEqual([P.jose, P.peter, P.bob].sort());
    expect(await exportedBy(b)).toEqual([]);
  });

  it('does not redo a completed export that runs again', async () => {
    const csv = await downloadText(a, firstId);
    const job = (await a.api.get(`/v2/people/exports/${firstId}`)).body.data;
    const exported = await exportedBy(a);
    // A stray second run of the same export, as a lost-and-swept enqueue could make.
    await withQueue(stack.redis, QueueName.PeopleExport, async (queue) => {
      const rerun = `rerun-${firstId}`;
      await queue.add(JobName.RunPeopleExport, { exportId: firstId }, { jobId: rerun });
      await eventually(async () => (await queue.getJobState(rerun)) === 'completed', 20_000, 100);
    });
    expect(await downloadText(a, firstId)).toBe(csv);
    expect((await a.api.get(`/v2/people/exports/${firstId}`)).body.data).toEqual(job);
    expect(await exportedBy(a)).toEqual(exported);
  });

  it('runs an export whose enqueue was lost (swept at worker start), and fails one whose runs keep failing', async () => {
    // Rows written straight to the table: nothing in Redis, as when the API's enqueue fails.
    const lost = randomUUID();
    const broken = randomUUID();
    await stack.db.query(
      `INSERT INTO people_exports (id, workspace_id, person_ids, total) VALUES ($1, $2, $3::char(24)[], 1)`,
      [lost, a.workspace_id, [P.alice]],
    );
    // total 0 with one person: every run breaks the processed <= total check after its first chunk.
    await stack.db.query(
      `INSERT INTO people_exports (id, workspace_id, person_ids, total) VALUES ($1, $2, $3::char(24)[], 0)`,
      [broken, b.workspace_id, [P.gavin]],
    );
    await stack.startWorker();

    await completed(a, lost);
    expect((await download(a, lost)).map((r) => r[0])).toEqual([P.alice]);

    const failed = await eventually(
      async () => {
        const res = await b.api.get(`/v2/people/exports/${broken}`);
        return res.body.data.status === 'failed' && res;
      },
      30_000,
      200,
    );
    expect(failed.headers.get('retry-after')).toBeNull();
    expect(failed.body.data).toMatchObject({
      status: 'failed',
      failure_reason: 'export stopped after 3 failed attempts',
      download_url: null,
      completed_at: expect.any(String),
    });
    const generic = await b.api.get(`/v2/jobs/${broken}`);
    expect(generic.body.data).toMatchObject({ type: 'people_export', status: 'failed' });
    expect(generic.headers.get('retry-after')).toBeNull();
    const file = await b.api.get(`/v2/people/exports/${broken}/download`);
    expect(file.status).toBe(409);
    expect(errorOf(file)).toMatchObject({ name: 'NOT_READY', payload: { status: 'failed' } });
    expect(file.headers.get('retry-after')).toBeNull();
    // A failed export records nobody.
    expect(await exportedBy(b)).toEqual([]);
  });

  it('exports by filters only saved people, in result order, with limit and exclude_ids', async () => {
    // Gavin and Łukasz lead the data set by followers, but A did not save them.
    const limited = await exportOk(a, { filters: {}, limit: 2 });
    expect(limited).toMatchObject({ total: 2, skipped: 0 });
    await completed(a, limited.id);
    expect((await download(a, limited.id)).map((r) => r[0])).toEqual([P.jose, P.alice]);

    const excluded = await exportOk(a, { filters: { lists: { include: [listId] } }, exclude_ids: [P.jose] });
    expect(excluded.total).toBe(3);
    await completed(a, excluded.id);
    expect((await download(a, excluded.id)).map((r) => r[0])).toEqual([P.alice, P.peter, P.bob]);

    // Other filters narrow the saved people as in search.
    const managers = await exportOk(a, { filters: { person_seniority: { include: ['Manager'] } } });
    await completed(a, managers.id);
    expect((await download(a, managers.id)).map((r) => r[0])).toEqual([P.alice, P.bob]);

    // B saved only gavin: a broad filter exports only him.
    const onlyB = await exportOk(b, { filters: {} });
    await completed(b, onlyB.id);
    expect((await download(b, onlyB.id)).map((r) => r[0])).toEqual([P.gavin]);
    expect((await exportedBy(b)).map((r) => r.person_id)).toEqual([P.gavin]);
  });

  it('completes an export of nobody with a header-only CSV', async () => {
    const job = await exportOk(a, { ids: [P.gavin] });
    expect(job).toMatchObject({ total: 0, skipped: 1 });
    await completed(a, job.id);
    expect(await downloadText(a, job.id)).toBe(HEADER.join(',') + '\r\n');
  });

  it("answers 404 for another workspace's export and 400 for a malformed id", async () => {
    for (const path of [
      `/v2/people/exports/${firstId}`,
      `/v2/people/exports/${firstId}/download`,
      `/v2/jobs/${firstId}`,
    ]) {
      const res = await b.api.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(errorOf(res).name).toBe('NOT_FOUND');
    }
    for (const path of [
      '/v2/people/exports/00000000-0000-4000-8000-000000000000',
      '/v2/people/exports/00000000-0000-4000-8000-000000000000/download',
    ]) {
      const res = await a.api.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(errorOf(res).name).toBe('NOT_FOUND');
    }
    for (const path of ['/v2/people/exports/nope', '/v2/people/exports/nope/download']) {
      const res = await a.api.get(path);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ name: 'VALIDATION_ERROR', payload: { field: 'id' } });
      expect(errorOf(res).payload).toEqual({ field: 'id' });
    }
  });

  it('refuses malformed bodies, creating no export', async () => {
    const count = async () =>
      (
        await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM people_exports WHERE workspace_id = $1`, [
          a.workspace_id,
        ])
      )[0].n;
    const before = await count();
    expect(await validation({})).toMatchObject({ field: 'ids', code: 'conflicting_fields' });
    expect(await validation({ ids: [P.jose], filters: {} })).toMatchObject({
      field: 'ids',
      code: 'conflicting_fields',
    });
    expect(await validation({ ids: [P.jose], limit: 5 })).toMatchObject({ field: 'limit', code: 'conflicting_fields' });
    expect(await validation({ ids: [P.jose], exclude_ids: [P.bob] })).toMatchObject({
      field: 'exclude_ids',
      code: 'conflicting_fields',
    });
    expect(await validation({ ids: [] })).toMatchObject({ field: 'ids', code: 'out_of_range' });
    expect(await validation({ ids: Array.from({ length: 25_001 }, () => P.jose) })).toMatchObject({
      field: 'ids',
      code: 'out_of_range',
    });
    expect(await validation({ ids: [P.jose, 'NOPE'] })).toMatchObject({ field: 'ids[1]', code: 'invalid_format' });
    expect(await validation({ filters: {}, limit: 0 })).toMatchObject({ field: 'limit', code: 'out_of_range' });
    expect(await validation({ filters: {}, limit: 25_001 })).toMatchObject({ field: 'limit', code: 'out_of_range' });
    expect(await validation({ filters: {}, exclude_ids: ['x'] })).toMatchObject({
      field: 'exclude_ids[0]',
      code: 'invalid_format',
    });
    expect(await validation({ filters: { lists: { saved: 'none' } } })).toMatchObject({
      field: 'filters.lists.saved',
      code: 'invalid_value',
    });
    expect(await validation({ ids: [P.jose], format: 'xlsx' })).toMatchObject({
      field: 'format',
      code: 'unknown_field',
    });
    expect(await validation({ filters: { person_seniority: 'VP' } })).toMatchObject({
      field: expect.stringMatching(/^filters\.person_seniority/),
    });
    expect(await count()).toBe(before);
  });
});
