import { errorOf } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

describe('lists: typed, scoped to the workspace, soft-deleted', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    [a, b] = await Promise.all([stack.workspace(), stack.workspace()]);
  });
  afterAll(() => stack?.close());

  const create = async (ws: Workspace, type: string, name = `list ${type}`) => {
    const res = await ws.api.post('/v2/lists', { name, type });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const ids = async (ws: Workspace, query = '') => {
    const res = await ws.api.get(`/v2/lists${query}`);
    expect(res.status).toBe(200);
    return res.body.data.map((l: { id: string }) => l.id);
  };

  it('creates a list and answers its record', async () => {
    const res = await a.api.post('/v2/lists', { name: 'Target accounts', type: 'company' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^lst_[0-9A-Z]{26}$/),
      name: 'Target accounts',
      type: 'company',
      count: 0,
      created_at: expect.any(String),
    });
    expect(Date.parse(res.body.data.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await stack.db.query('SELECT workspace_id, type, deleted_at FROM lists WHERE id = $1', [
      res.body.data.id,
    ]);
    expect(row).toEqual({ workspace_id: a.workspace_id, type: 'company', deleted_at: null });
  });

  it('lists each type under its own type only, and every live list without a type', async () => {
    const people = await create(a, 'people');
    const company = await create(a, 'company');
    const asPeople = await ids(a, '?type=people');
    expect(asPeople).toContain(people.id);
    expect(asPeople).not.toContain(company.id);
    const asCompany = await ids(a, '?type=company');
    expect(asCompany).toContain(company.id);
    expect(asCompany).not.toContain(people.id);
    expect(await ids(a)).toEqual(expect.arrayContaining([people.id, company.id]));
  });

  it('rejects an unknown type, a missing or blank name and unknown fields', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ name: 'x', type: 'robots' }, 'type', 'invalid_value'],
      [{ type: 'people' }, 'name', 'invalid_value'],
      [{ name: '', type: 'people' }, 'name', 'out_of_range'],
      [{ name: '   ', type: 'people' }, 'name', 'invalid_format'],
      [{ name: 7, type: 'people' }, 'name', 'invalid_value'],
      [{ name: 'x', type: 'people', color: 'red' }, 'color', 'unknown_field'],
    ];
    for (const [body, field, code] of cases) {
      const res = await a.api.post('/v2/lists', body);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ name: 'VALIDATION_ERROR', payload: { field, code } });
    }
    const bad = await a.api.get('/v2/lists?type=robots');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).payload).toMatchObject({ field: 'type', code: 'invalid_value' });
  });

  it("keeps workspaces apart: B neither sees nor deletes A's lists", async () => {
    const list = await create(a, 'people');
    expect(await ids(b)).not.toContain(list.id);
    const res = await b.api.delete(`/v2/lists/${list.id}`);
    expect(res.status).toBe(404);
    expect(errorOf(res).name).toBe('NOT_FOUND');
    expect(await ids(a)).toContain(list.id);
  });

  it('deletes softly: the list is gone from listings, a second delete is 404, the row keeps deleted_at', async () => {
    const list = await create(a, 'company');
    const res = await a.api.delete(`/v2/lists/${list.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: list.id, deleted: true });
    expect(await ids(a)).not.toContain(list.id);
    expect(await ids(a, '?type=company')).not.toContain(list.id);
    expect((await a.api.delete(`/v2/lists/${list.id}`)).status).toBe(404);
    const [row] = await stack.db.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM lists WHERE id = $1', [
      list.id,
    ]);
    expect(row.deleted_at).not.toBeNull();
  });

  it('answers 404 for an unknown id and 400 without payload.code for a malformed one', async () => {
    expect((await a.api.delete('/v2/lists/lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C')).status).toBe(404);
    const res = await a.api.delete(`/v2/lists/${'x'.repeat(65)}`);
    expect(res.status).toBe(400);
    const e = errorOf(res);
    expect(e.name).toBe('VALIDATION_ERROR');
    expect(e.payload.code).toBeUndefined();
  });

  it('lists its routes in the OpenAPI document', async () => {
    const doc = (await stack.anon.get('/docs-json')).body;
    expect(Object.keys(doc.paths['/v2/lists'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/v2/lists/{id}'])).toContain('delete');
  });
});
