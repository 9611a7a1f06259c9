import { eventually } from '../support/http';
import { importPeopleFixture, P, search } from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

/**
 * The count of a search that follows the workspace's saves, lists, reveals or exports is cached under the
 * workspace's `search_sets_version` (docs/people-search.md "Counts"), which triggers bump on every change to those
 * sets: a count is reused while a user pages, and never outlives a save, a list edit, a deleted list or an export,
 * whether the API or anything else wrote it.
 */
describe('counts that follow the workspace', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;
  let listId: string;

  beforeAll(async () => {
    stack = await startStack({ worker: true });
    [, a, b] = await Promise.all([
      importPeopleFixture(stack, { extended: false }),
      stack.workspace(100),
      stack.workspace(100),
    ]);
    const list = await a.api.post('/v2/lists', { name: 'count cache', type: 'people' });
    expect(list.status).toBe(201);
    listId = list.body.data.id;
  });
  afterAll(() => stack?.close());

  const total = async (ws: Workspace, filters: unknown, page = 1) =>
    (await search(ws.api, filters, { page, per_page: 1 })).pagination.total_count;
  const setsVersion = async (ws: Workspace) =>
    Number(
      (
        await stack.db.query<{ v: string }>(`SELECT search_sets_version AS v FROM workspaces WHERE id = $1`, [
          ws.workspace_id,
        ])
      )[0].v,
    );
  const saved = { lists: { saved: 'any' } };
  const inList = () => ({ lists: { include: [listId] } });

  it('reuses the count while paging, and counts again after a save through the API', async () => {
    expect(await total(a, saved)).toBe(0);
    const before = await setsVersion(a);
    expect(await total(a, saved, 2)).toBe(0);
    const save = await a.api.post('/v2/people/save', { data: [P.jose, P.alice, P.bob], list_ids: [listId] });
    expect(save.status).toBe(200);
    expect(await setsVersion(a)).toBeGreaterThan(before);
    expect(await total(a, saved)).toBe(3);
    expect(await total(a, inList())).toBe(3);
    expect(await total(b, saved)).toBe(0); // another workspace's saves are not b's
  });

  it('counts again after people leave a list, and after the list is deleted', async () => {
    expect(await total(a, { lists: { saved: 'without_list' } })).toBe(0);
    const removed = await a.api.post('/v2/people/lists/remove', { list_id: listId, ids: [P.alice] });
    expect(removed.status).toBe(200);
    expect(await total(a, inList())).toBe(2);
    expect(await total(a, { lists: { saved: 'without_list' } })).toBe(1);
    expect((await a.api.delete(`/v2/lists/${listId}`)).status).toBe(200);
    expect(await total(a, { lists: { saved: 'without_list' } })).toBe(3);
  });

  it('counts again after an export completes in the worker', async () => {
    const notExported = { lists: { saved: 'any' }, duplicates: { exclude_exported: true } };
    expect(await total(a, notExported)).toBe(3);
    const job = await a.api.post('/v2/people/export', { ids: [P.jose] });
    expect(job.status).toBe(202);
    await eventually(async () => (await total(a, notExported)) === 2, 20_000, 100);
    expect(await total(a, notExported)).toBe(2);
  });

  it('counts again after rows written outside the API, including a truncation', async () => {
    expect(await total(a, saved)).toBe(3);
    await stack.db.query(`INSERT INTO saved_people (workspace_id, person_id) VALUES ($1, $2)`, [
      a.workspace_id,
      P.gavin,
    ]);
    expect(await total(a, saved)).toBe(4);
    await stack.db.query(`DELETE FROM saved_people WHERE workspace_id = $1 AND person_id = $2`, [
      a.workspace_id,
      P.gavin,
    ]);
    expect(await total(a, saved)).toBe(3);
    expect(await total(b, saved)).toBe(0);
    await stack.db.query(`TRUNCATE exported_people`);
    expect(await total(a, { lists: { saved: 'any' }, duplicates: { exclude_exported: true } })).toBe(3);
  });

  it('saves meet list deletions, removals from the list and email edits of the workspace without a deadlock', async () => {
    for (let round = 0; round < 10; round++) {
      const list = await a.api.post('/v2/lists', { name: `race ${round}`, type: 'people' });
      expect(list.status).toBe(201);
      const id = list.body.data.id;
      const answers = await Promise.all([
        a.api.post('/v2/people/save', { data: [P.jose, P.alice, P.bob, P.gavin], list_ids: [id] }),
        a.api.post('/v2/people/lists/remove', { list_id: id, ids: [P.jose, P.alice] }),
        a.api.patch(`/v2/people/${P.jose}`, { email: `round${round}@example.com` }),
        a.api.delete(`/v2/lists/${id}`),
      ]);
      expect(answers.map((r) => (r.status >= 500 ? r.text : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    }
    // Whichever writes won, the count answered is the one the rows hold.
    const [{ n }] = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM saved_people WHERE workspace_id = $1`,
      [a.workspace_id],
    );
    expect(await total(a, saved)).toBe(Number(n));
  });
});
