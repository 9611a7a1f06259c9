import { errorOf } from '../support/http';
import { expectIds, importPeopleFixture, P, UNKNOWN_PERSON_ID } from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

/**
 * POST /v2/people/lists/remove (docs/people-records.md#removing-people-from-a-list). People are saved with
 * SQL here (the rows a people save writes), so these checks do not depend on the save operation.
 */
describe('POST /v2/people/lists/remove', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    await importPeopleFixture(stack, { extended: false });
    [a, b] = await Promise.all([stack.workspace(), stack.workspace()]);
  });
  afterAll(() => stack?.close());

  const remove = (ws: Workspace, list_id: unknown, ids: unknown) =>
    ws.api.post('/v2/people/lists/remove', { list_id, ids });
  const removed = async (ws: Workspace, list_id: string, ids: string[]) => {
    const res = await remove(ws, list_id, ids);
    expect({ status: res.status, body: res.body }).toMatchObject({
      status: 200,
      body: { success: true, data: { removed: expect.any(Number) } },
    });
    expect(Object.keys(res.body.data)).toEqual(['removed']);
    return res.body.data.removed as number;
  };
  const list = async (ws: Workspace, type: 'people' | 'company') => {
    const res = await ws.api.post('/v2/lists', { name: `l ${type}`, type });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  /** What a people save leaves behind: the saved row (with the email revealed) and the list memberships. */
  const save = async (ws: Workspace, ids: string[], listIds: string[] = []) => {
    await stack.db.query(
      `INSERT INTO saved_people (workspace_id, person_id, revealed_email, revealed_at)
       SELECT $1, id, 'owned-' || id || '@example.com', now() FROM unnest($2::char(24)[]) AS id ON CONFLICT DO NOTHING`,
      [ws.workspace_id, ids],
    );
    for (const l of listIds) {
      await stack.db.query(
        `INSERT INTO people_list_members (list_id, person_id, workspace_id) SELECT $1, id, $3 FROM unnest($2::char(24)[]) AS id ON CONFLICT DO NOTHING`,
        [l, ids, ws.workspace_id],
      );
    }
  };
  const members = async (listId: string) =>
    (
      await stack.db.query<{ person_id: string }>(
        `SELECT person_id FROM people_list_members WHERE list_id = $1 ORDER BY person_id`,
        [listId],
      )
    ).map((r) => r.person_id);
  const saved = async (ws: Workspace) =>
    await stack.db.query<{ person_id: string; revealed_email: string | null }>(
      `SELECT person_id, revealed_email FROM saved_people WHERE workspace_id = $1 ORDER BY person_id`,
      [ws.workspace_id],
    );
  const eventCount = async (ws: Workspace) =>
    Number(
      (
        await stack.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE workspace_id = $1`, [
          ws.workspace_id,
        ])
      )[0].n,
    );

  it('counts only the given people who were in the list; they stay saved and in their other lists; a repeat answers 0', async () => {
    const l1 = await list(a, 'people');
    const l2 = await list(a, 'people');
    await save(a, [P.jose, P.alice], [l1, l2]);
    await save(a, [P.bob]); // saved, in no list
    const savedBefore = await saved(a);
    const eventsBefore = await eventCount(a);

    // jose and alice were in l1; bob is saved but not in it; gavin is not saved; one id names nobody.
    expect(await removed(a, l1, [P.jose, P.alice, P.bob, P.gavin, UNKNOWN_PERSON_ID])).toBe(2);
    expect(await members(l1)).toEqual([]);
    expect(await members(l2)).toEqual([P.jose, P.alice].sort());
    expect(await saved(a)).toEqual(savedBefore); // still saved, emails kept
    expect(await eventCount(a)).toBe(eventsBefore); // no event

    // Repeating is safe.
    expect(await removed(a, l1, [P.jose, P.alice])).toBe(0);
    expect(await members(l2)).toEqual([P.jose, P.alice].sort());

    // Search sees the same: the list is empty, the other list and the saved set are whole.
    await expectIds(a.api, { lists: { include: [l1] } }, []);
    await expectIds(a.api, { lists: { include: [l2] } }, [P.jose, P.alice]);
    await expectIds(a.api, { lists: { saved: 'any' } }, [P.jose, P.alice, P.bob]);
  });

  it('removes one person among others, counts a repeated id once and skips malformed ids among good ones', async () => {
    const l = await list(a, 'people');
    await save(a, [P.jose, P.alice, P.mei], [l]);
    expect(await removed(a, l, [P.jose, P.jose, 'nope', P.alice.toUpperCase(), `${P.mei}0`])).toBe(1);
    expect(await members(l)).toEqual([P.alice, P.mei].sort());
    expect(await removed(a, l, [P.mei])).toBe(1);
    expect(await removed(a, l, [P.mei])).toBe(0);
    expect(await members(l)).toEqual([P.alice]);
  });

  it('takes 500 ids in one call', async () => {
    const l = await list(a, 'people');
    const people = [P.jose, P.alice, P.bob];
    await save(a, people, [l]);
    const ids = [...people, ...Array.from({ length: 497 }, (_, i) => 'ab' + i.toString(16).padStart(22, '0'))];
    expect(ids.length).toBe(500);
    expect(await removed(a, l, ids)).toBe(3);
  });

  it('answers 400 invalid_value on list_id for anything but a live people list of the workspace, and changes nothing', async () => {
    const own = await list(a, 'people');
    await save(a, [P.jose], [own]);
    const companyList = await list(a, 'company');
    const deleted = await list(a, 'people');
    await save(a, [P.jose], [deleted]);
    expect((await a.api.delete(`/v2/lists/${deleted}`)).status).toBe(200);
    const foreign = await list(b, 'people');
    await save(b, [P.jose], [foreign]);

    const cases: Array<[string, unknown]> = [
      ['company list', companyList],
      ['deleted list', deleted],
      ["another workspace's list", foreign],
      ['unknown list', 'lst_01JD3V7R8W9X0Y1Z2A3B4C5D6E'],
      ['malformed', 'not a list id!'],
      ['too long', 'l'.repeat(300)],
      ['empty', ''],
      ['a number', 42],
      ['null', null],
      ['an array', [own]],
    ];
    for (const [what, listId] of cases) {
      const res = await remove(a, listId, [P.jose]);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect({ what, error: errorOf(res) }).toMatchObject({
        what,
        error: { name: 'VALIDATION_ERROR', payload: { field: 'list_id', code: 'invalid_value' } },
      });
    }
    const missing = await a.api.post('/v2/people/lists/remove', { ids: [P.jose] });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).payload).toMatchObject({ field: 'list_id', code: 'invalid_value' });

    // B's list keeps its member (A cannot touch it), and so do A's deleted and live lists.
    expect(await members(foreign)).toEqual([P.jose]);
    expect(await members(deleted)).toEqual([P.jose]);
    expect(await members(own)).toEqual([P.jose]);
    // B uses its own list normally.
    expect(await removed(b, foreign, [P.jose])).toBe(1);
    expect(await members(own)).toEqual([P.jose]);
  });

  it('answers 400 with field and code for a malformed ids', async () => {
    const l = await list(a, 'people');
    await save(a, [P.jose], [l]);
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['empty', { list_id: l, ids: [] }, 'ids', 'out_of_range'],
      ['501 ids', { list_id: l, ids: Array(501).fill(P.jose) }, 'ids', 'out_of_range'],
      ['not an array', { list_id: l, ids: P.jose }, 'ids', 'invalid_value'],
      ['missing', { list_id: l }, 'ids', 'invalid_value'],
      ['null', { list_id: l, ids: null }, 'ids', 'invalid_value'],
      ['a number item', { list_id: l, ids: [P.jose, 42] }, 'ids[1]', 'invalid_value'],
      ['an object item', { list_id: l, ids: [{ id: P.jose }] }, 'ids[0]', 'invalid_value'],
      ['a null item', { list_id: l, ids: ['nope', null] }, 'ids[1]', 'invalid_value'],
      [
        'no well-formed id',
        { list_id: l, ids: ['nope', '123', P.jose.toUpperCase(), P.jose.slice(1), `${P.jose} `] },
        'ids',
        'invalid_format',
      ],
      ['unknown key', { list_id: l, ids: [P.jose], all: true }, 'all', 'unknown_field'],
      ['bad list_id and bad ids: list_id first', { list_id: 7, ids: [] }, 'list_id', 'invalid_value'],
    ];
    for (const [what, body, field, code] of cases) {
      const res = await a.api.post('/v2/people/lists/remove', body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect({ what, error: errorOf(res) }).toMatchObject({
        what,
        error: { name: 'VALIDATION_ERROR', payload: { field, code } },
      });
    }
    const notObject = await a.api.post('/v2/people/lists/remove', [P.jose]);
    expect(notObject.status).toBe(400);
    expect(errorOf(notObject).name).toBe('VALIDATION_ERROR');
    expect(await members(l)).toEqual([P.jose]);
  });

  it('needs an API key', async () => {
    const res = await stack.anon.post('/v2/people/lists/remove', { list_id: 'lst_x', ids: [P.jose] });
    expect(res.status).toBe(401);
    expect(errorOf(res).name).toBe('UNAUTHORIZED');
  });
});
