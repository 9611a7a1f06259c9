import { errorOf } from '../support/http';
import { importPeopleFixture, P, search, UNKNOWN_PERSON_ID } from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

/**
 * GET and PATCH /v2/people/{id}: the person in search shape plus the workspace's `saved` block
 * (docs/people-records.md). Saved rows are arranged with SQL (the rows a people save writes).
 */
describe('the person record of the workspace', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    await importPeopleFixture(stack, { extended: false });
    [a, b] = await Promise.all([stack.workspace(), stack.workspace()]);
  });
  afterAll(() => stack?.close());

  const get = (ws: Workspace, id: string) => ws.api.get(`/v2/people/${id}`);
  const getOk = async (ws: Workspace, id: string) => {
    const res = await get(ws, id);
    expect({ status: res.status, success: res.body?.success }).toEqual({ status: 200, success: true });
    return res.body.data;
  };
  const patch = (ws: Workspace, id: string, body: unknown) => ws.api.patch(`/v2/people/${id}`, body);
  const list = async (ws: Workspace) => {
    const res = await ws.api.post('/v2/lists', { name: 'people list', type: 'people' });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const save = (
    ws: Workspace,
    id: string,
    fields: { revealed_email?: string; edited_email?: string; saved_at?: string } = {},
  ) =>
    stack.db.query(
      `INSERT INTO saved_people (workspace_id, person_id, saved_at, revealed_email, revealed_at, edited_email)
       VALUES ($1, $2, COALESCE($3::timestamptz, now()), $4, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END, $5)`,
      [ws.workspace_id, id, fields.saved_at ?? null, fields.revealed_email ?? null, fields.edited_email ?? null],
    );
  const addToList = (ws: Workspace, listId: string, id: string, addedAt: string) =>
    stack.db.query(
      `INSERT INTO people_list_members (list_id, person_id, workspace_id, added_at) VALUES ($1, $2, $3, $4)`,
      [listId, id, ws.workspace_id, addedAt],
    );
  const editedEmail = async (ws: Workspace, id: string) =>
    (
      await stack.db.query<{ edited_email: string | null }>(
        `SELECT edited_email FROM saved_people WHERE workspace_id = $1 AND person_id = $2`,
        [ws.workspace_id, id],
      )
    )[0]?.edited_email;

  it('answers a person the workspace never saved in search shape with saved null', async () => {
    const record = await getOk(a, P.richard);
    const { people } = await search(a.api, { person: { id: { include: [P.richard] } } });
    expect(people).toHaveLength(1);
    expect(people[0]).not.toHaveProperty('saved'); // search answers stay as they are
    expect(record).toEqual({ ...people[0], saved: null });
    expect(Object.keys(record).at(-1)).toBe('saved');
    expect(record.contact_details.email.revealed).toBe(false);
  });

  it('answers the saved block: first saved_at, live people lists oldest membership first, revealed email', async () => {
    const [l1, l2, l3, gone] = [await list(a), await list(a), await list(a), await list(a)];
    await save(a, P.jose, { saved_at: '2026-01-02T03:04:05.678Z', revealed_email: 'jose.garcia@globex.com' });
    await addToList(a, l2, P.jose, '2026-01-02T03:04:05Z');
    await addToList(a, l1, P.jose, '2026-02-01T00:00:00Z');
    await addToList(a, gone, P.jose, '2025-12-01T00:00:00Z');
    await addToList(a, l3, P.alice, '2026-01-01T00:00:00Z'); // someone else's membership
    expect((await a.api.delete(`/v2/lists/${gone}`)).status).toBe(200);

    const record = await getOk(a, P.jose);
    expect(record.saved).toEqual({
      id: null,
      saved_at: '2026-01-02T03:04:05.678Z',
      list_ids: [l2, l1],
      email: 'jose.garcia@globex.com',
      email_source: 'revealed',
      edits: {},
    });
    expect(record.contact_details.email.revealed).toBe(true);
    const { people } = await search(a.api, { person: { id: { include: [P.jose] } } });
    expect(record).toEqual({ ...people[0], saved: record.saved });
  });

  it('answers email null and email_source null for a saved person without a revealed email', async () => {
    await save(a, P.ana);
    expect((await getOk(a, P.ana)).saved).toMatchObject({ list_ids: [], email: null, email_source: null, edits: {} });
  });

  it("never shows another workspace's saves", async () => {
    await save(b, P.bob, { revealed_email: 'bob@b.example', edited_email: 'bob@edited-by-b.example' });
    const listB = await list(b);
    await addToList(b, listB, P.bob, '2026-01-01T00:00:00Z');
    const seenByA = await getOk(a, P.bob);
    expect(seenByA.saved).toBeNull();
    expect(seenByA.contact_details.email.revealed).toBe(false);
    expect((await getOk(b, P.bob)).saved).toMatchObject({
      list_ids: [listB],
      email: 'bob@edited-by-b.example',
      email_source: 'edited',
    });
    // Nor can A edit B's saved person.
    const res = await patch(a, P.bob, { email: 'bob@a.example' });
    expect(res.status).toBe(404);
    expect(errorOf(res).name).toBe('NOT_FOUND');
    expect(await editedEmail(b, P.bob)).toBe('bob@edited-by-b.example');
  });

  it('answers 404 for an unknown person and 400 without payload.code for a malformed id', async () => {
    const unknown = await get(a, UNKNOWN_PERSON_ID);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).name).toBe('NOT_FOUND');
    for (const bad of ['nope', P.jose.toUpperCase(), `${P.jose}0`, P.jose.slice(1)]) {
      for (const res of [await get(a, bad), await patch(a, bad, { email: 'x@example.com' })]) {
        expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
        const error = errorOf(res);
        expect(error.name).toBe('VALIDATION_ERROR');
        expect(error.payload.code).toBeUndefined();
      }
    }
    const noKey = await stack.anon.get(`/v2/people/${P.jose}`);
    expect(noKey.status).toBe(401);
  });

  it('PATCH sets the edited email (domain lower-cased), answers the record, and null removes the edit', async () => {
    await save(a, P.mei, { revealed_email: 'mei.chen@umbrella.example' });
    const res = await patch(a, P.mei, { email: '  Mei.Chen@New-Mail.EXAMPLE ' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.saved).toMatchObject({
      email: 'Mei.Chen@new-mail.example',
      email_source: 'edited',
      edits: { email: 'Mei.Chen@new-mail.example' },
    });
    expect(await editedEmail(a, P.mei)).toBe('Mei.Chen@new-mail.example');
    expect(await getOk(a, P.mei)).toEqual(res.body.data);

    const reset = await patch(a, P.mei, { email: null });
    expect(reset.status).toBe(200);
    expect(reset.body.data.saved).toMatchObject({
      email: 'mei.chen@umbrella.example',
      email_source: 'revealed',
      edits: {},
    });
    expect(await editedEmail(a, P.mei)).toBeNull();

    // Without a revealed email, removing the edit leaves no email at all.
    await save(a, P.klaus);
    expect((await patch(a, P.klaus, { email: 'klaus@example.com' })).body.data.saved).toMatchObject({
      email: 'klaus@example.com',
      email_source: 'edited',
    });
    expect((await patch(a, P.klaus, { email: null })).body.data.saved).toMatchObject({
      email: null,
      email_source: null,
      edits: {},
    });
  });

  it('PATCH answers 404 for a person the workspace did not save, or no such person', async () => {
    for (const id of [P.gavin, UNKNOWN_PERSON_ID]) {
      const res = await patch(a, id, { email: 'someone@example.com' });
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(errorOf(res).name).toBe('NOT_FOUND');
    }
    expect(
      (
        await stack.db.query(`SELECT 1 FROM saved_people WHERE workspace_id = $1 AND person_id = $2`, [
          a.workspace_id,
          P.gavin,
        ])
      ).length,
    ).toBe(0);
  });

  it('PATCH answers 400 with field and code for a bad body and changes nothing', async () => {
    await save(a, P.lukasz, { edited_email: 'lukasz@kept.example' });
    const cases: Array<[string, unknown, string, string]> = [
      ['missing email', {}, 'email', 'invalid_value'],
      ['a number', { email: 42 }, 'email', 'invalid_value'],
      ['an array', { email: ['a@example.com'] }, 'email', 'invalid_value'],
      ['not an address', { email: 'lukasz' }, 'email', 'invalid_format'],
      ['empty', { email: '' }, 'email', 'invalid_format'],
      ['no domain dot', { email: 'lukasz@localhost' }, 'email', 'invalid_format'],
      ['two at signs', { email: 'a@b@example.com' }, 'email', 'invalid_format'],
      ['over 254', { email: `${'a'.repeat(60)}@${'b'.repeat(200)}.com` }, 'email', 'out_of_range'],
      ['unknown key', { email: 'x@example.com', name: 'Lukasz' }, 'name', 'unknown_field'],
    ];
    for (const [what, body, field, code] of cases) {
      const res = await patch(a, P.lukasz, body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect({ what, error: errorOf(res) }).toMatchObject({
        what,
        error: { name: 'VALIDATION_ERROR', payload: { field, code } },
      });
    }
    expect(await editedEmail(a, P.lukasz)).toBe('lukasz@kept.example');
  });
});
