import { errorOf } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';
import { companyRecord, writeLines } from '../support/dataset-records';

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

const GLOBEX = '5c0000000000000000000001';
const BARE = '5c0000000000000000000002';
const UNKNOWN = '5c0000000000000000000099';

describe('GET /v2/companies/{id}', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    [a, b] = [await stack.workspace(), await stack.workspace()];
    const bare = { id: BARE, name: 'Cyberdyne Systems', page_type: 'main' };
    const file = writeLines('companies.ndjson', [JSON.stringify(companyRecord(GLOBEX)), JSON.stringify(bare)]);
    const result = await stack.cli(['dataset:import', '--companies', file]);
    expect(result.json).toEqual({ companies: { imported: 2, rejected: 0 }, people: { imported: 0, rejected: 0 } });
  });
  afterAll(() => stack?.close());

  it('answers technologies with categories and technologies_checked_at, and saved null when never saved', async () => {
    const res = await a.api.get(`/v2/companies/${GLOBEX}`);
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c.technologies).toEqual(companyRecord(GLOBEX).technologies);
    expect(c.technologies_checked_at).toBe('2026-11-01T12:00:00.000Z');
    expect(c.saved).toBeNull();
    expect(Object.keys(c).at(-1)).toBe('saved');
  });

  it('answers a company with nothing known: empty lists, every social key null, technologies [] and never scanned', async () => {
    const res = await a.api.get(`/v2/companies/${BARE}`);
    const c = res.body.data;
    expect(c).toMatchObject({
      name: 'Cyberdyne Systems',
      keywords: [],
      naics_codes: [],
      other_locations: [],
      location: null,
      technologies: [],
      technologies_checked_at: null,
      saved: null,
    });
    expect(c.email).toEqual({ domain: null, provider: null });
    expect(Object.values(c.social_networks)).toEqual(Array(9).fill(null));
  });

  it("shows the workspace's saved block and name edit, to that workspace only", async () => {
    const [list] = await stack.db.query<{ id: string }>(
      `INSERT INTO lists (id, workspace_id, type, name) VALUES ('lst_get_test', $1, 'company', 'L') RETURNING id`,
      [a.workspace_id],
    );
    await stack.db.query(
      `INSERT INTO saved_companies (workspace_id, company_id, saved_at, name_edit) VALUES ($1, $2, '2026-11-20T10:00:00Z', 'Globex Corp')`,
      [a.workspace_id, GLOBEX],
    );
    await stack.db.query(`INSERT INTO company_list_members (list_id, company_id, workspace_id) VALUES ($1, $2, $3)`, [
      list.id,
      GLOBEX,
      a.workspace_id,
    ]);
    const mine = (await a.api.get(`/v2/companies/${GLOBEX}`)).body.data;
    expect(mine.name).toBe('Globex Corp');
    expect(mine.saved).toEqual({
      id: null,
      saved_at: '2026-11-20T10:00:00.000Z',
      list_ids: ['lst_get_test'],
      edits: { name: 'Globex Corp' },
    });
    const theirs = (await b.api.get(`/v2/companies/${GLOBEX}`)).body.data;
    expect(theirs.name).toBe('Globex');
    expect(theirs.saved).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR without payload.code for a malformed id, 404 for an unknown one, 401 without a key', async () => {
    for (const bad of ['not-an-id', '5c00', 'zz0000000000000000000001', GLOBEX.toUpperCase()]) {
      const res = await a.api.get(`/v2/companies/${bad}`);
      expect(res.status).toBe(400);
      const e = errorOf(res);
      expect(e.name).toBe('VALIDATION_ERROR');
      expect(e.payload.code).toBeUndefined();
      expect(e.payload.field).toBe('id');
    }
    const missing = await a.api.get(`/v2/companies/${UNKNOWN}`);
    expect(missing.status).toBe(404);
    expect(errorOf(missing).name).toBe('NOT_FOUND');
    expect((await stack.anon.get(`/v2/companies/${GLOBEX}`)).status).toBe(401);
  });
});
