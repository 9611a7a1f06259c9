import { CO, insertFixtureCompanies, UNKNOWN_CO } from '../support/company-fixtures';
import { expectValidationError as validation } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

/** Issue 14 points 5 and 6: save answers map back to the request; company.saved carries the GET record. */
describe('company save: answers traceable to the request, events as the API answers', () => {
  let stack: TestStack;
  let ws: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    await insertFixtureCompanies(stack.db);
    // An internationalised domain, stored in its ASCII form as domains are.
    await stack.db.query(`UPDATE companies SET website = 'xn--bcher-kva.de' WHERE id = $1`, [CO.loner]);
    ws = await stack.workspace();
  });
  afterAll(() => stack?.close());

  const save = (data: unknown[], extra: Record<string, unknown> = {}) =>
    ws.api.post('/v2/companies/save', { data, ...extra });

  it('every item of every bucket carries its index in data; skipped names the unusable key', async () => {
    const res = await save([
      CO.acme,
      'not-an-id',
      { domain: 'no-such-domain.example' },
      { id: 'BAD' },
      { name: 'Stark' },
      CO.acme,
      { domain: 'not a domain' },
      {},
    ]);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.saved.map((x: any) => [x.index, x.id])).toEqual([
      [0, CO.acme],
      [5, CO.acme],
    ]);
    expect(d.not_matched).toEqual([{ index: 2, identifier: 'no-such-domain.example', attempted: ['domain'] }]);
    expect(d.invalid.map((x: any) => [x.index, x.identifier, x.skipped])).toEqual([
      [1, 'not-an-id', ['id']],
      [3, 'BAD', ['id']],
      [4, null, ['name']],
      [6, 'not a domain', ['domain']],
      [7, null, []],
    ]);
    const indexes = [...d.saved, ...d.not_matched, ...d.invalid, ...d.failed]
      .map((x: any) => x.index)
      .sort((a: number, b: number) => a - b);
    expect(indexes).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('an unknown key inside an item answers 400 unknown_field with its path; nothing is saved', async () => {
    const e = validation(
      await save([CO.umbrella, CO.hooli, CO.pied, { id2: CO.soylent }]),
      'data[3].id2',
      'unknown_field',
    );
    expect(e.payload.allowed_fields).toEqual(['domain', 'id', 'name', 'pro_network_id', 'pro_network_url']);
    validation(await save([{ domain: 'globex.com', country: 'DE' }]), 'data[0].country', 'unknown_field');
    const saved = await stack.db.query(`SELECT 1 FROM saved_companies WHERE workspace_id = $1 AND company_id = $2`, [
      ws.workspace_id,
      CO.umbrella,
    ]);
    expect(saved).toHaveLength(0);
  });

  it('counts every item without an id toward the 50: 51 name-only items answer 400, 50 answer 200', async () => {
    const names = Array.from({ length: 51 }, (_, i) => ({ name: `Company ${i}` }));
    validation(await save(names), 'data', 'out_of_range');
    validation(await save([...names.slice(0, 50), {}]), 'data', 'out_of_range');
    const fifty = await save([...names.slice(0, 50), CO.acme, UNKNOWN_CO]);
    expect(fifty.status).toBe(200);
    expect(fifty.body.metadata).toMatchObject({ total: 52, invalid_count: 50 });
  });

  it('accepts an internationalised domain, converted to ASCII before matching; an invalid one is invalid', async () => {
    const res = await save([
      { domain: 'https://www.Bücher.de/shop' },
      { domain: 'xn--bcher-kva.de' },
      { domain: 'bad|ü.de' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.saved.map((x: any) => [x.index, x.identifier, x.id, x.matched_by])).toEqual([
      [0, 'https://www.Bücher.de/shop', CO.loner, 'domain'],
      [1, 'xn--bcher-kva.de', CO.loner, 'domain'],
    ]);
    expect(res.body.data.invalid).toEqual([
      { index: 2, identifier: 'bad|ü.de', reason: expect.any(String), skipped: ['domain'] },
    ]);
  });

  it('company.saved carries the company exactly as GET /v2/companies/{id} answers it, technologies included', async () => {
    await stack.db.query(
      `UPDATE companies SET technologies = $2, technologies_checked_at = '2026-11-01T00:00:00Z' WHERE id = $1`,
      [
        CO.vandelay,
        JSON.stringify([
          { id: 'tech_react', name: 'React', icon_url: null, website: 'https://react.dev', categories: ['Frameworks'] },
        ]),
      ],
    );
    const list = await ws.api.post('/v2/lists', { name: 'event shape', type: 'company' });
    const res = await save([CO.vandelay], { list_ids: [list.body.data.id] });
    expect(res.status).toBe(200);
    const events = await stack.db.query<{ body: any }>(
      `SELECT body FROM events WHERE workspace_id = $1 AND type = 'company.saved' AND body->'data'->'company'->>'id' = $2`,
      [ws.workspace_id, CO.vandelay],
    );
    expect(events).toHaveLength(1);
    const got = await ws.api.get(`/v2/companies/${CO.vandelay}`);
    expect(got.status).toBe(200);
    expect(events[0].body.data.company).toEqual(got.body.data);
    expect(events[0].body.data.company.technologies.map((t: any) => t.id)).toEqual(['tech_react']);
    expect(events[0].body.data.company.technologies_checked_at).toBe('2026-11-01T00:00:00.000Z');
  });
});
