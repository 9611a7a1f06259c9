import { CO, insertBulkCompanies, insertFixtureCompanies, UNKNOWN_CO } from '../support/company-fixtures';
import { errorOf } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

interface EventRow {
  type: string;
  body: { id: string; type: string; created_at: string; data: { company: any; saved_at: string; list_ids: string[] } };
}

jest.setTimeout(60_000);

describe('POST /v2/companies/save and PATCH /v2/companies/{id}', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack();
    await insertFixtureCompanies(stack.db);
  });
  afterAll(() => stack?.close());

  const save = (ws: Workspace, data: unknown, list_ids?: string[], extra: Record<string, unknown> = {}) =>
    ws.api.post('/v2/companies/save', { data, ...(list_ids ? { list_ids } : {}), ...extra });
  const saveOk = async (ws: Workspace, data: unknown, list_ids?: string[]) => {
    const res = await save(ws, data, list_ids);
    expect(res.status).toBe(200);
    return res.body;
  };
  const list = async (ws: Workspace, type: 'people' | 'company') =>
    (await ws.api.post('/v2/lists', { name: `l ${type}`, type })).body.data.id as string;
  const events = (ws: Workspace) =>
    stack.db.query<EventRow>(`SELECT type, body FROM events WHERE workspace_id = $1 ORDER BY created_at, id`, [
      ws.workspace_id,
    ]);
  const savedRows = (ws: Workspace) =>
    stack.db.query<{ company_id: string; saved_at: Date }>(
      `SELECT company_id, saved_at FROM saved_companies WHERE workspace_id = $1 ORDER BY company_id`,
      [ws.workspace_id],
    );

  it('sorts one request with every identifier kind into every bucket; a failing row fails alone', async () => {
    const ws = await stack.workspace();
    const l = await list(ws, 'company');
    // The test database makes Pied Piper's row fail, as a storage failure would.
    await stack.db.query(`
      CREATE OR REPLACE FUNCTION fail_pied() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.company_id = '${CO.pied}' THEN RAISE EXCEPTION 'simulated storage failure'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER fail_pied BEFORE INSERT ON saved_companies FOR EACH ROW EXECUTE FUNCTION fail_pied();`);
    let body: any;
    try {
      body = await saveOk(
        ws,
        [
          CO.acme, // 0 id string
          { id: CO.umbrella }, // 1 id object
          { pro_network_id: 1009 }, // 2 hooli
          { pro_network_url: 'https://www.pronet.example/company/vandelay-industries/?trk=x' }, // 3
          { domain: 'https://www.Globex.de/about' }, // 4 regional page -> organization main page globex
          { domain: 'initech-mail.com' }, // 5 staff email domain of a subsidiary -> globex again (duplicate)
          { domain: 'loner.example' }, // 6 no organization -> the page itself
          { domain: 'no-such-company.example' }, // 7
          UNKNOWN_CO, // 8
          { pro_network_id: 424242 }, // 9
          { pro_network_url: 'https://pronet.example/company/nobody' }, // 10
          'not-a-company-id', // 11
          { name: 'Stark Industries' }, // 12
          { domain: 'not a domain' }, // 13
          CO.pied, // 14 fails
        ],
        [l],
      );
    } finally {
      await stack.db.query(`DROP TRIGGER fail_pied ON saved_companies; DROP FUNCTION fail_pied();`);
    }
    const { saved, not_matched, invalid, failed } = body.data;
    expect(saved.map((s: any) => [s.identifier, s.id, s.matched_by])).toEqual([
      [CO.acme, CO.acme, 'id'],
      [CO.umbrella, CO.umbrella, 'id'],
      [1009, CO.hooli, 'pro_network_id'],
      ['https://www.pronet.example/company/vandelay-industries/?trk=x', CO.vandelay, 'pro_network_url'],
      ['https://www.Globex.de/about', CO.globex, 'domain'],
      ['initech-mail.com', CO.globex, 'domain'],
      ['loner.example', CO.loner, 'domain'],
    ]);
    for (const s of saved) {
      expect(s.list_ids).toEqual([l]);
      expect(s.all_list_ids).toEqual([l]);
      expect(Date.parse(s.saved_at)).toBeGreaterThan(Date.now() - 60_000);
    }
    // Every item carries `index`, its position in `data` (issue 14 point 5).
    expect(saved.map((s: any) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(not_matched).toEqual([
      { index: 7, identifier: 'no-such-company.example', attempted: ['domain'] },
      { index: 8, identifier: UNKNOWN_CO, attempted: ['id'] },
      { index: 9, identifier: 424242, attempted: ['pro_network_id'] },
      { index: 10, identifier: 'https://pronet.example/company/nobody', attempted: ['pro_network_url'] },
    ]);
    expect(invalid.map((x: any) => [x.index, x.identifier, x.skipped])).toEqual([
      [11, 'not-a-company-id', ['id']],
      [12, null, ['name']],
      [13, 'not a domain', ['domain']],
    ]);
    for (const x of invalid) expect(typeof x.reason).toBe('string');
    expect(failed).toEqual([
      { index: 14, identifier: CO.pied, id: CO.pied, reason: expect.any(String), retryable: true },
    ]);
    expect(body.metadata).toMatchObject({
      total: 15,
      saved_count: 7,
      not_matched_count: 4,
      invalid_count: 3,
      failed_count: 1,
      credits: null,
    });

    // Exactly the saved companies are stored, each once, each in the list; the failed one left no trace.
    const rows = await savedRows(ws);
    expect(rows.map((r) => r.company_id).sort()).toEqual(
      [CO.acme, CO.umbrella, CO.hooli, CO.vandelay, CO.globex, CO.loner].sort(),
    );
    const members = await stack.db.query<{ company_id: string }>(
      `SELECT company_id FROM company_list_members WHERE list_id = $1`,
      [l],
    );
    expect(members.map((m) => m.company_id).sort()).toEqual(rows.map((r) => r.company_id).sort());
    // One company.saved per company saved (the duplicate globex once), written with the save.
    const ev = await events(ws);
    expect(ev.map((e) => e.type)).toEqual(Array(6).fill('company.saved'));
    expect(ev.map((e) => e.body.data.company.id).sort()).toEqual(rows.map((r) => r.company_id).sort());
    const acme = ev.find((e) => e.body.data.company.id === CO.acme)!.body;
    expect(acme).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'company.saved',
      data: { list_ids: [l], saved_at: saved[0].saved_at },
    });
    expect(acme.data.company).toMatchObject({
      id: CO.acme,
      name: 'Acme Analytics',
      saved: { id: null, saved_at: saved[0].saved_at, list_ids: [l], edits: {} },
    });
    // The company exactly as GET /v2/companies/{id} answers it, technologies included (issue 14 point 6).
    expect(acme.data.company).toHaveProperty('technologies');
    expect(acme.data.company).toHaveProperty('technologies_checked_at');

    // The caller retries the failed item alone, and now it saves.
    const retry = await saveOk(ws, [CO.pied], [l]);
    expect(retry.data.saved).toEqual([expect.objectContaining({ id: CO.pied, list_ids: [l], all_list_ids: [l] })]);
    expect(retry.metadata.failed_count).toBe(0);

    // The list count reflects its members.
    const lists = (await ws.api.get('/v2/lists?type=company')).body.data;
    expect(lists.find((x: any) => x.id === l).count).toBe(7);
  });

  it('isolates several failing rows in a large batch: only they fail, every other company saves with its event', async () => {
    const ws = await stack.workspace();
    const l = await list(ws, 'company');
    const ids = (await insertBulkCompanies(stack.db, 300)).slice(0, 300);
    const bad = [ids[0], ids[137], ids[138], ids[299]];
    await stack.db.query(`
      CREATE OR REPLACE FUNCTION fail_some() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.company_id IN ('${bad.join("','")}') THEN RAISE EXCEPTION 'simulated storage failure'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER fail_some BEFORE INSERT ON saved_companies FOR EACH ROW EXECUTE FUNCTION fail_some();`);
    let body: any;
    try {
      body = await saveOk(ws, ids, [l]);
    } finally {
      await stack.db.query(`DROP TRIGGER fail_some ON saved_companies; DROP FUNCTION fail_some();`);
    }
    expect(body.data.failed.map((f: any) => f.id)).toEqual(bad);
    expect(body.metadata).toMatchObject({ total: 300, saved_count: 296, failed_count: 4 });
    const good = ids.filter((id) => !bad.includes(id)).sort();
    expect((await savedRows(ws)).map((r) => r.company_id)).toEqual(good);
    expect((await events(ws)).map((e) => e.body.data.company.id).sort()).toEqual(good);
    const members = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM company_list_members WHERE list_id = $1`,
      [l],
    );
    expect(Number(members[0].n)).toBe(296);
  });

  it('lets two concurrent saves of the same companies into the same list both succeed, one event per change', async () => {
    const ws = await stack.workspace();
    const l = await list(ws, 'company');
    const ids = (await insertBulkCompanies(stack.db, 600)).slice(300, 600);
    // Saved already, so both requests go straight to adding the same memberships at once.
    await saveOk(ws, ids);
    const [a, b] = await Promise.all([save(ws, ids, [l]), save(ws, [...ids].reverse(), [l])]);
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.body.metadata).toMatchObject({ saved_count: 300, failed_count: 0 });
      for (const s of res.body.data.saved) expect(s.all_list_ids).toEqual([l]);
    }
    // Each membership was added by exactly one of the two.
    const addedByA = a.body.data.saved.filter((s: any) => s.list_ids.length > 0).length;
    const addedByB = b.body.data.saved.filter((s: any) => s.list_ids.length > 0).length;
    expect(addedByA + addedByB).toBe(300);
    expect((await savedRows(ws)).length).toBe(300);
    // 300 for the first save, then one per company for the list, whichever request added it.
    expect(await events(ws)).toHaveLength(600);
  });

  it('keeps the first saved_at, adds new lists on re-save, and emits an event only for a real change', async () => {
    const ws = await stack.workspace();
    const [l1, l2] = [await list(ws, 'company'), await list(ws, 'company')];
    const first = (await saveOk(ws, [CO.soylent], [l1])).data.saved[0];
    expect(first).toMatchObject({ id: CO.soylent, list_ids: [l1], all_list_ids: [l1] });
    expect(await events(ws)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1100));

    const again = (await saveOk(ws, [CO.soylent], [l2])).data.saved[0];
    expect(again.saved_at).toBe(first.saved_at);
    expect(again.list_ids).toEqual([l2]);
    expect(again.all_list_ids).toEqual([l1, l2]);
    const ev = await events(ws);
    expect(ev).toHaveLength(2);
    expect(ev[1].body.data).toMatchObject({ saved_at: first.saved_at, list_ids: [l1, l2] });

    // Retries that change nothing: same lists, a subset, or no lists at all.
    for (const lists of [[l1, l2], [l2], undefined]) {
      const retry = (await saveOk(ws, [CO.soylent, { domain: 'soylent.fr' }], lists)).data.saved;
      expect(retry).toHaveLength(2);
      for (const s of retry)
        expect(s).toMatchObject({ id: CO.soylent, saved_at: first.saved_at, list_ids: [], all_list_ids: [l1, l2] });
    }
    expect(await events(ws)).toHaveLength(2);
    const [row] = await savedRows(ws);
    expect(row.saved_at.toISOString()).toBe(first.saved_at);
  });

  it('stops showing a deleted list in all_list_ids and refuses it in later saves', async () => {
    const ws = await stack.workspace();
    const [l1, l2] = [await list(ws, 'company'), await list(ws, 'company')];
    await saveOk(ws, [CO.initech], [l1]);
    expect((await ws.api.delete(`/v2/lists/${l1}`)).status).toBe(200);
    const again = (await saveOk(ws, [CO.initech], [l2])).data.saved[0];
    expect(again).toMatchObject({ id: CO.initech, list_ids: [l2], all_list_ids: [l2] });
    const refused = await save(ws, [CO.initech], [l1]);
    expect(refused.status).toBe(400);
    expect(errorOf(refused).payload).toMatchObject({ field: 'list_ids', code: 'invalid_value' });
  });

  it('keeps workspaces apart: own saved_at and lists, no use of another workspace’s list, no edits of its saves', async () => {
    const a = await stack.workspace();
    const b = await stack.workspace();
    const la = await list(a, 'company');
    const sa = (await saveOk(a, [CO.hooli], [la])).data.saved[0];
    expect((await a.api.patch(`/v2/companies/${CO.hooli}`, { name: 'Hooli (A)' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));

    // B's save of the same company is B's own: new saved_at, none of A's lists, not A's name.
    const sb = (await saveOk(b, [CO.hooli])).data.saved[0];
    expect(sb.saved_at).not.toBe(sa.saved_at);
    expect(sb.all_list_ids).toEqual([]);
    const [evB] = await events(b);
    expect(evB.body.data.company).toMatchObject({
      id: CO.hooli,
      name: 'Hooli',
      saved: { saved_at: sb.saved_at, list_ids: [], edits: {} },
    });
    expect(evB.body.data.list_ids).toEqual([]);

    // B cannot put anything in A's list, and B's lists do not show it.
    const res = await save(b, [CO.acme], [la]);
    expect(res.status).toBe(400);
    expect(errorOf(res).payload).toMatchObject({ field: 'list_ids', code: 'invalid_value' });
    expect((await b.api.get('/v2/lists')).body.data.map((x: any) => x.id)).not.toContain(la);
    // B cannot rename a company only A saved.
    expect((await b.api.patch(`/v2/companies/${CO.acme}`, { name: 'x' })).status).toBe(404);
    // A's view is unchanged.
    const [evA] = (await events(a)).filter((e) => e.body.data.company.id === CO.hooli);
    expect(evA.body.data.company.saved.list_ids).toEqual([la]);
    expect((await savedRows(b)).map((r) => r.company_id)).toEqual([CO.hooli]);
  });

  describe('bad input: 400 with field and code, nothing saved', () => {
    let ws: Workspace;
    let peopleList: string;
    let deletedList: string;
    let foreignList: string;

    beforeAll(async () => {
      ws = await stack.workspace();
      peopleList = await list(ws, 'people');
      deletedList = await list(ws, 'company');
      await ws.api.delete(`/v2/lists/${deletedList}`);
      foreignList = await list(await stack.workspace(), 'company');
    });

    const cases: Array<[string, () => unknown, string, string]> = [
      [
        '51 items without an id',
        () => ({ data: [CO.acme, ...Array.from({ length: 51 }, (_, i) => ({ domain: `d${i}.example` }))] }),
        'data',
        'out_of_range',
      ],
      [
        '51 name-only items (every item without an id counts)',
        () => ({ data: Array.from({ length: 51 }, (_, i) => ({ name: `Company ${i}` })) }),
        'data',
        'out_of_range',
      ],
      [
        'an unknown key inside an item',
        () => ({ data: [CO.acme, CO.umbrella, CO.hooli, { id2: CO.acme }] }),
        'data[3].id2',
        'unknown_field',
      ],
      ['501 items', () => ({ data: Array(501).fill(CO.acme) }), 'data', 'out_of_range'],
      ['empty data', () => ({ data: [] }), 'data', 'out_of_range'],
      ['data missing', () => ({ list_ids: [] }), 'data', 'invalid_value'],
      ['data not an array', () => ({ data: CO.acme }), 'data', 'invalid_value'],
      ['an item that is a number', () => ({ data: [CO.acme, 42] }), 'data[1]', 'invalid_value'],
      ['an item that is null', () => ({ data: [null, CO.acme] }), 'data[0]', 'invalid_value'],
      [
        'a lookup value of the wrong type',
        () => ({ data: [CO.acme, { pro_network_id: '1009' }] }),
        'data[1].pro_network_id',
        'invalid_value',
      ],
      [
        'two lookup keys in one item',
        () => ({ data: [CO.acme, { id: CO.acme, domain: 'hooli.xyz' }] }),
        'data[1]',
        'conflicting_fields',
      ],
      ['a people list', () => ({ data: [CO.acme], list_ids: [peopleList] }), 'list_ids', 'invalid_value'],
      ['a deleted list', () => ({ data: [CO.acme], list_ids: [deletedList] }), 'list_ids', 'invalid_value'],
      ["another workspace's list", () => ({ data: [CO.acme], list_ids: [foreignList] }), 'list_ids', 'invalid_value'],
      ['an unknown list id', () => ({ data: [CO.acme], list_ids: ['lst_nope'] }), 'list_ids', 'invalid_value'],
      ['list_ids not strings', () => ({ data: [CO.acme], list_ids: [1, 2] }), 'list_ids', 'invalid_value'],
      ['list_ids not an array', () => ({ data: [CO.acme], list_ids: 'lst_x' }), 'list_ids', 'invalid_value'],
      [
        '21 list ids',
        () => ({ data: [CO.acme], list_ids: Array.from({ length: 21 }, (_, i) => `lst_${i}`) }),
        'list_ids',
        'out_of_range',
      ],
      ['search_id not a string', () => ({ data: [CO.acme], search_id: 5 }), 'search_id', 'invalid_value'],
    ];

    it.each(cases)('%s', async (_what, body, field, code) => {
      const res = await ws.api.post('/v2/companies/save', body());
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ name: 'VALIDATION_ERROR', payload: { field, code } });
      expect(await savedRows(ws)).toEqual([]);
      expect(await events(ws)).toEqual([]);
    });

    it('an unknown top-level key, naming the allowed fields', async () => {
      const res = await save(ws, [CO.acme], undefined, { listIds: ['x'] });
      expect(res.status).toBe(400);
      expect(errorOf(res).payload).toMatchObject({
        field: 'listIds',
        code: 'unknown_field',
        allowed_fields: ['data', 'list_ids', 'search_id'],
      });
      expect(await savedRows(ws)).toEqual([]);
    });

    it('a body that is not an object', async () => {
      const res = await ws.api.post('/v2/companies/save', [CO.acme]);
      expect(res.status).toBe(400);
      expect(errorOf(res).payload.code).toBe('invalid_value');
    });

    it('accepts search_id and exactly 50 items without an id', async () => {
      const other = await stack.workspace();
      const data = [
        CO.acme,
        ...Array.from({ length: 49 }, (_, i) => ({ domain: `d${i}.example` })),
        { domain: 'globex.com' },
      ];
      const body = (await other.api.post('/v2/companies/save', { data, search_id: 'srch_1' })).body;
      expect(body.metadata).toMatchObject({ total: 51, saved_count: 2, not_matched_count: 49 });
    });
  });

  describe('PATCH /v2/companies/{id}: the workspace’s name edit', () => {
    let ws: Workspace;
    beforeAll(async () => {
      ws = await stack.workspace();
      await saveOk(ws, [CO.umbrella]);
    });

    it('sets the name, shows it in the record and in later events, and null removes it', async () => {
      const set = await ws.api.patch(`/v2/companies/${CO.umbrella}`, { name: '  Umbrella Corp ' });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({
        id: CO.umbrella,
        name: 'Umbrella Corp',
        saved: { edits: { name: 'Umbrella Corp' } },
      });
      expect(set.body.data).toHaveProperty('technologies');
      const [row] = await stack.db.query(
        `SELECT name_edit FROM saved_companies WHERE workspace_id = $1 AND company_id = $2`,
        [ws.workspace_id, CO.umbrella],
      );
      expect(row).toEqual({ name_edit: 'Umbrella Corp' });
      // A later save event carries the edited name.
      const l = await list(ws, 'company');
      await saveOk(ws, [CO.umbrella], [l]);
      const last = (await events(ws)).pop()!;
      expect(last.body.data.company).toMatchObject({
        name: 'Umbrella Corp',
        saved: { edits: { name: 'Umbrella Corp' } },
      });

      const reset = await ws.api.patch(`/v2/companies/${CO.umbrella}`, { name: null });
      expect(reset.status).toBe(200);
      expect(reset.body.data).toMatchObject({ name: 'Umbrella Health', saved: { edits: {} } });
      expect(reset.body.data.saved.edits).not.toHaveProperty('name');
    });

    it('answers 404 for a company the workspace has not saved, and for an unknown one', async () => {
      for (const id of [CO.pied, UNKNOWN_CO]) {
        const res = await ws.api.patch(`/v2/companies/${id}`, { name: 'x' });
        expect(res.status).toBe(404);
        expect(errorOf(res).name).toBe('NOT_FOUND');
      }
      expect(
        await stack.db.query(`SELECT 1 FROM saved_companies WHERE workspace_id = $1 AND company_id = $2`, [
          ws.workspace_id,
          CO.pied,
        ]),
      ).toEqual([]);
    });

    it('answers 400 without code for a malformed id, and 400 with a code for a bad body', async () => {
      const malformed = await ws.api.patch('/v2/companies/NOT-AN-ID', { name: 'x' });
      expect(malformed.status).toBe(400);
      expect(errorOf(malformed).payload.code).toBeUndefined();
      const bodies: Array<[unknown, string, string]> = [
        [{}, 'name', 'invalid_value'],
        [{ name: 5 }, 'name', 'invalid_value'],
        [{ name: '' }, 'name', 'out_of_range'],
        [{ name: '   ' }, 'name', 'invalid_format'],
        [{ name: 'x', website: 'y' }, 'website', 'unknown_field'],
      ];
      for (const [body, field, code] of bodies) {
        const res = await ws.api.patch(`/v2/companies/${CO.umbrella}`, body);
        expect(res.status).toBe(400);
        expect(errorOf(res).payload).toMatchObject({ field, code });
      }
    });
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = (await stack.anon.get('/docs-json')).body;
    expect(doc.paths['/v2/companies/save']).toHaveProperty('post');
    expect(doc.paths['/v2/companies/{id}']).toHaveProperty('patch');
  });
});
