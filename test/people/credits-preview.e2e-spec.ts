import { errorOf, HttpAnswer } from '../support/http';
import {
  importPeopleFixture,
  P,
  personUrl,
  search,
  UNKNOWN_PERSON_ID,
  WITH_VALID_EMAIL,
} from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

/**
 * POST /v2/people/calculate-credits (docs/people-saves.md), black box. The expected
 * figures are written by hand from the fixture's email codes (test/support/people-fixtures.ts):
 * WITH_VALID_EMAIL lists the people with a stored valid email (V, IV, AV); the rest have none (A, I, N).
 * Earlier saves are made with POST /v2/people/save and edits with PATCH /v2/people/{id}, as a
 * customer would.
 */
type Buckets = { edited: number; already_owned: number; to_charge: number; without_email: number };

/** What the workspace holds, as the test arranged it: edited and revealed people. */
interface Owned {
  edited: Set<string>;
  revealed: Set<string>;
}

/** Buckets of distinct people by the rule edited › already_owned › to_charge › without_email. */
function bucketsOf(ids: readonly string[], owned: Owned): Buckets {
  const b: Buckets = { edited: 0, already_owned: 0, to_charge: 0, without_email: 0 };
  for (const id of new Set(ids)) {
    if (owned.edited.has(id)) b.edited++;
    else if (owned.revealed.has(id)) b.already_owned++;
    else if (WITH_VALID_EMAIL.has(id)) b.to_charge++;
    else b.without_email++;
  }
  return b;
}

const RL_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;
function limits(res: HttpAnswer): { limit: number; remaining: number; reset: number } {
  const [limit, remaining, reset] = RL_HEADERS.map((h) => {
    const raw = res.headers.get(h);
    expect({ header: h, raw }).toEqual({ header: h, raw: expect.stringMatching(/^\d+$/) });
    return Number(raw);
  });
  return { limit, remaining, reset };
}

/** `n` distinct well-formed person ids that name nobody. */
const unknownIds = (n: number, prefix = 'ab') =>
  Array.from({ length: n }, (_, i) => prefix + i.toString(16).padStart(22, '0'));

describe('POST /v2/people/calculate-credits', () => {
  let stack: TestStack;

  // Every workspace of these tests, created at once (each is a CLI run).
  let a: Workspace;
  let b: Workspace;
  let wholeListWs: Workspace;
  let zeroWs: Workspace;
  let untouchedWs: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    [, a, b, wholeListWs, zeroWs, untouchedWs] = await Promise.all([
      importPeopleFixture(stack, { extended: false }),
      stack.workspace(100),
      stack.workspace(5),
      stack.workspace(10),
      stack.workspace(0),
      stack.workspace(3),
    ]);
  });
  afterAll(() => stack?.close());

  const preview = async (ws: Workspace, body: unknown) => {
    const res = await ws.api.post('/v2/people/calculate-credits', body);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.text.slice(0, 600) }).toEqual({
      status: 200,
      body: 'ok',
    });
    expect(res.body.success).toBe(true);
    expect(typeof res.body.metadata.timestamp).toBe('string');
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'credits_available',
        'credits_needed',
        'emails',
        'enough_credits',
        'invalid',
        'not_matched',
        'requested',
        'savable',
        'truncated',
      ].sort(),
    );
    return res.body.data;
  };
  const save = async (ws: Workspace, body: unknown) => {
    const res = await ws.api.post('/v2/people/save', body);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.text.slice(0, 600) }).toEqual({
      status: 200,
      body: 'ok',
    });
    return res.body;
  };
  const patchEmail = async (ws: Workspace, id: string, email: string | null) => {
    const res = await ws.api.patch(`/v2/people/${id}`, { email });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const newList = async (ws: Workspace, type: 'people' | 'company' = 'people') => {
    const res = await ws.api.post('/v2/lists', { name: `l ${type}`, type });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const balanceOf = async (ws: Workspace) =>
    Number(
      (await stack.db.query<{ credits: string }>(`SELECT credits FROM workspaces WHERE id = $1`, [ws.workspace_id]))[0]
        .credits,
    );
  /** Everything a preview must leave alone. */
  const footprint = async (ws: Workspace) => {
    const [row] = await stack.db.query(
      `SELECT (SELECT credits FROM workspaces WHERE id = $1) AS credits,
              (SELECT count(*) FROM credit_transactions WHERE workspace_id = $1) AS ledger,
              (SELECT coalesce(json_agg(json_build_object('p', person_id, 'r', revealed_email, 'e', edited_email, 's', saved_at) ORDER BY person_id), '[]') FROM saved_people WHERE workspace_id = $1) AS saved,
              (SELECT count(*) FROM people_list_members WHERE workspace_id = $1) AS members,
              (SELECT count(*) FROM events WHERE workspace_id = $1) AS events`,
      [ws.workspace_id],
    );
    return row;
  };

  /**
   * Workspace A: alice revealed by a save and then edited; ana (no email) saved and edited; jose
   * revealed by a save; klaus (accept_all only) saved, nothing to reveal.
   */
  const ownedA: Owned = { edited: new Set(), revealed: new Set() };
  let listA: string;

  beforeAll(async () => {
    listA = await newList(a);
    const first = await save(a, { data: [P.jose, P.alice, P.ana, P.klaus], list_ids: [listA] });
    expect(first.metadata.credits).toEqual({ charged: 2, balance: 98 });
    await patchEmail(a, P.alice, 'alice@edited.example');
    await patchEmail(a, P.ana, 'ana@edited.example');
    ownedA.revealed = new Set([P.jose, P.alice]);
    ownedA.edited = new Set([P.alice, P.ana]);
  });

  /** Every bucket non-empty, with invalid, not-matched, repeated and URL items. */
  const mixedItems = () => [
    P.alice, // 0 edited (and revealed)
    P.ana, // 1 edited (no stored email)
    P.jose, // 2 already_owned
    P.bob, // 3 to_charge
    P.gavin, // 4 to_charge
    P.priya, // 5 to_charge
    P.mei, // 6 to_charge (invalid + valid stored: valid wins)
    { pro_network_url: personUrl('pierre') }, // 7 to_charge by URL (accept_all + valid stored)
    P.renee, // 8 without_email (accept_all only)
    P.renee_plain, // 9 without_email (invalid only)
    P.peter, // 10 without_email (none)
    P.samir, // 11 without_email (invalid only)
    P.klaus, // 12 without_email, although saved
    'nope', // 13 invalid
    P.jose.toUpperCase(), // 14 invalid (ids are lower-case)
    { id: P.bob }, // 15 invalid object form
    42, // 16 invalid
    { pro_network_url: '' }, // 17 invalid (empty URL)
    UNKNOWN_PERSON_ID, // 18 not_matched
    { pro_network_url: 'https://pronet.example/in/nobody-at-all-99' }, // 19 not_matched
    P.bob, // 20 repeat of 3
    { pro_network_url: personUrl('bob') }, // 21 bob again, by URL
    { pro_network_url: personUrl('pierre').replace('https://', 'http://www.') + '/' }, // 22 pierre again, another spelling
    'nope', // 23 repeat of an invalid item
    UNKNOWN_PERSON_ID, // 24 repeat of a not-matched item
    P.alice, // 25 repeat of an edited person
  ];

  it('counts every item of a mixed body into exactly one figure; a repeated item only in requested', async () => {
    const items = mixedItems();
    const data = await preview(a, { data: items });
    expect(data).toEqual({
      requested: 26,
      savable: 13,
      not_matched: 2,
      invalid: 5,
      emails: { edited: 2, already_owned: 1, to_charge: 5, without_email: 5 },
      credits_needed: 5,
      credits_available: 98,
      enough_credits: true,
      truncated: false,
    });
    // The hand-made expectation agrees with the bucket rule over the distinct people named.
    const people = [
      P.alice,
      P.ana,
      P.jose,
      P.bob,
      P.gavin,
      P.priya,
      P.mei,
      P.pierre,
      P.renee,
      P.renee_plain,
      P.peter,
      P.samir,
      P.klaus,
    ];
    expect(data.emails).toEqual(bucketsOf(people, ownedA));
    // list_ids is accepted and changes nothing.
    expect(await preview(a, { data: items, list_ids: [listA] })).toEqual(data);
  });

  it('edited › already_owned › to_charge › without_email; removing the edit moves a revealed person back to already_owned', async () => {
    const ids = [P.alice, P.ana, P.jose, P.bob, P.peter];
    expect((await preview(a, { data: ids })).emails).toEqual({
      edited: 2,
      already_owned: 1,
      to_charge: 1,
      without_email: 1,
    });

    // alice: revealed and edited → edited; edit removed → already_owned (her revealed email).
    // ana: edited, never revealed, no stored email → without_email once the edit is gone.
    await patchEmail(a, P.alice, null);
    await patchEmail(a, P.ana, null);
    try {
      const after = await preview(a, { data: ids });
      expect(after.emails).toEqual({ edited: 0, already_owned: 2, to_charge: 1, without_email: 2 });
      expect(after.credits_needed).toBe(1);
      // Editing a person whose email was never revealed and who has none stored: edited, never charged.
      await patchEmail(a, P.klaus, 'klaus@edited.example');
      expect((await preview(a, { data: [P.klaus] })).emails).toEqual({
        edited: 1,
        already_owned: 0,
        to_charge: 0,
        without_email: 0,
      });
      await patchEmail(a, P.klaus, null);
    } finally {
      await patchEmail(a, P.alice, 'alice@edited.example');
      await patchEmail(a, P.ana, 'ana@edited.example');
    }
    expect((await preview(a, { data: ids })).emails).toEqual({
      edited: 2,
      already_owned: 1,
      to_charge: 1,
      without_email: 1,
    });
  });

  it('filters: requested = people taken; limit takes the first people in search result order and sets truncated', async () => {
    const filters = { person_seniority: { include: ['VP', 'Director', 'Manager'] } };
    const { ids, pagination } = await search(a.api, filters);
    expect(pagination.total_count).toBe(18); // 4 VPs, 7 directors, 7 managers in the fixture
    expect(ids).toHaveLength(18);

    const all = await preview(a, { filters });
    expect(all).toMatchObject({
      requested: 18,
      savable: 18,
      not_matched: 0,
      invalid: 0,
      truncated: false,
      emails: bucketsOf(ids, ownedA),
    });
    expect(all.credits_needed).toBe(all.emails.to_charge);
    // jose and alice (A's) are in the selection: the counts are not the workspace-blind ones.
    expect(all.emails.edited + all.emails.already_owned).toBe(2);

    for (const limit of [1, 5, 17]) {
      const part = await preview(a, { filters, limit });
      expect({ limit, part }).toMatchObject({
        limit,
        part: { requested: limit, savable: limit, truncated: true, emails: bucketsOf(ids.slice(0, limit), ownedA) },
      });
    }
    // Exactly as many as match: nothing left out.
    expect(await preview(a, { filters, limit: 18 })).toEqual(all);
    expect(await preview(a, { filters, limit: 25_000 })).toEqual(all);

    // exclude_ids leaves people out before the limit is applied.
    const excluded = [ids[0], ids[2], ids[3]];
    const rest = ids.filter((id) => !excluded.includes(id));
    const withExclusions = await preview(a, { filters, exclude_ids: excluded, limit: 5 });
    expect(withExclusions).toMatchObject({
      requested: 5,
      savable: 5,
      truncated: true,
      emails: bucketsOf(rest.slice(0, 5), ownedA),
    });
    expect(await preview(a, { filters, exclude_ids: [...excluded, excluded[0], UNKNOWN_PERSON_ID] })).toMatchObject({
      requested: 15,
      truncated: false,
      emails: bucketsOf(rest, ownedA),
    });

    // A sort changes which people the limit takes: still the search's first page.
    const sorted = { ...filters, sort_by: 'person_first_name', sort_direction: 'asc' };
    const sortedIds = (await search(a.api, sorted)).ids;
    expect(sortedIds.slice(0, 4)).not.toEqual(ids.slice(0, 4));
    expect(await preview(a, { filters: sorted, limit: 4 })).toMatchObject({
      requested: 4,
      truncated: true,
      emails: bucketsOf(sortedIds.slice(0, 4), ownedA),
    });

    // A selection that matches nobody.
    expect(await preview(a, { filters: { person: { id: { include: [UNKNOWN_PERSON_ID] } } } })).toEqual({
      requested: 0,
      savable: 0,
      not_matched: 0,
      invalid: 0,
      emails: { edited: 0, already_owned: 0, to_charge: 0, without_email: 0 },
      credits_needed: 0,
      credits_available: 98,
      enough_credits: true,
      truncated: false,
    });
  });

  it('prices pro_network_url and person_saved_at selections as search takes them (each answered 500)', async () => {
    const urls = [
      personUrl('bob'),
      personUrl('jose'),
      'https://pronet.example/in/nobody-at-all-99',
      personUrl('alice'),
    ];
    const selections: Array<[Record<string, unknown>, number | undefined]> = [
      [{ person: { pro_network_url: urls } }, undefined],
      [{ person: { pro_network_url: urls } }, 2],
      [
        {
          person: { pro_network_url: { include: [personUrl('gavin')] } },
          person_seniority: { include: ['Owner', 'VP'] },
        },
        25_000,
      ],
      [{ person: { pro_network_url: ['https://pronet.example/in/nobody-at-all-99'] } }, 1],
      [{ sort_by: 'person_saved_at' }, 3],
      [{ sort_by: 'person_saved_at', sort_direction: 'asc' }, undefined],
      [{ sort_by: 'person_saved_at', sort_direction: 'desc', lists: { saved: 'any' } }, 2],
      [{ sort_by: 'person_saved_at', lists: { include: [listA] } }, undefined],
    ];
    for (const [filters, limit] of selections) {
      const found = await search(a.api, filters);
      const taken = found.ids.slice(0, limit ?? 25_000);
      const data = await preview(a, { filters, ...(limit === undefined ? {} : { limit }) });
      expect({ filters, limit, data }).toMatchObject({
        filters,
        limit,
        data: {
          requested: taken.length,
          truncated: found.pagination.total_count > taken.length,
          emails: bucketsOf(taken, ownedA),
        },
      });
    }
  });

  it('lists.saved_at offsets: up to ±15:59 (what PostgreSQL reads) served everywhere, ±16:00 and beyond 400 invalid_format (was 500)', async () => {
    const routes: Array<[string, (filters: unknown) => Record<string, unknown>]> = [
      ['/v2/people/search', (filters) => ({ filters })],
      ['/v2/people/calculate-credits', (filters) => ({ filters })],
      ['/v2/people/save', (filters) => ({ filters, limit: 1 })],
      ['/v2/people/export', (filters) => ({ filters })],
    ];
    for (const offset of ['+16:00', '-16:00', '+23:59', '-19:30']) {
      for (const [path, body] of routes) {
        const res = await b.api.post(path, body({ lists: { saved_at: { from: `2026-01-01T00:00:00${offset}` } } }));
        expect({ path, offset, status: res.status }).toEqual({ path, offset, status: 400 });
        expect({ path, offset, payload: errorOf(res).payload }).toMatchObject({
          path,
          offset,
          payload: { field: 'filters.lists.saved_at.from', code: 'invalid_format' },
        });
      }
    }
    for (const at of [
      '2026-01-01T00:00:00+15:59',
      '0001-01-01T00:00:00+15:59',
      '9999-12-31T23:59:59.999999999-15:59',
      '0001-01-01',
      '9999-12-31',
    ]) {
      for (const [path, body] of routes) {
        const res = await b.api.post(path, body({ lists: { saved_at: { from: at, to: at } } }));
        expect({ path, at, status: res.status }).toEqual({
          path,
          at,
          status: path === '/v2/people/export' ? 202 : 200,
        });
      }
    }
  });

  it('whole-list previews: one list in include, or saved any/without_list, up to and by default 1,000,000', async () => {
    const ws = wholeListWs;
    const [l1, l2] = [await newList(ws), await newList(ws)];
    await save(ws, { data: [P.jose, P.peter, P.gwen], list_ids: [l1] }); // jose and gwen revealed (2 credits)
    await save(ws, { data: [P.kenji], list_ids: [l2] }); // kenji revealed
    await save(ws, { data: [P.dan, P.miles] }); // saved in no list; miles revealed
    const owned: Owned = { edited: new Set(), revealed: new Set([P.jose, P.gwen, P.kenji, P.miles]) };
    expect(await balanceOf(ws)).toBe(6);

    const inL1 = {
      requested: 3,
      savable: 3,
      truncated: false,
      emails: { edited: 0, already_owned: 2, to_charge: 0, without_email: 1 },
      credits_needed: 0,
    };
    expect(await preview(ws, { filters: { lists: { include: [l1] } } })).toMatchObject(inL1);
    expect(await preview(ws, { filters: { lists: { include: [l1] } }, limit: 1_000_000 })).toMatchObject(inL1);
    expect(await preview(ws, { filters: { lists: { include: [l1] } }, limit: 2 })).toMatchObject({
      requested: 2,
      savable: 2,
      truncated: true,
    });
    expect(await preview(ws, { filters: { lists: { saved: 'any' } }, limit: 1_000_000 })).toMatchObject({
      requested: 6,
      truncated: false,
      emails: bucketsOf([P.jose, P.peter, P.gwen, P.kenji, P.dan, P.miles], owned),
    });
    expect(await preview(ws, { filters: { lists: { saved: 'without_list' } } })).toMatchObject({
      requested: 2,
      truncated: false,
      emails: { edited: 0, already_owned: 1, to_charge: 0, without_email: 1 },
    });
    // Not whole-list: the ordinary 25,000 ceiling.
    const notWholeList: Array<[string, Record<string, unknown>]> = [
      ['two lists', { filters: { lists: { include: [l1, l2] } }, limit: 25_001 }],
      ['a list and exclude_ids', { filters: { lists: { include: [l1] } }, exclude_ids: [P.jose], limit: 25_001 }],
      [
        'a list and another filter',
        { filters: { lists: { include: [l1] }, person_seniority: { include: ['VP'] } }, limit: 25_001 },
      ],
      ['saved none', { filters: { lists: { saved: 'none' } }, limit: 25_001 }],
      ['include and saved', { filters: { lists: { include: [l1], saved: 'any' } }, limit: 25_001 }],
    ];
    for (const [what, body] of notWholeList) {
      const res = await ws.api.post('/v2/people/calculate-credits', body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect({ what, error: errorOf(res) }).toMatchObject({
        what,
        error: { name: 'VALIDATION_ERROR', payload: { field: 'limit', code: 'out_of_range' } },
      });
    }
    // Their default limit is 25,000, which is fine.
    expect(await preview(ws, { filters: { lists: { include: [l1, l2] } } })).toMatchObject({
      requested: 4,
      truncated: false,
    });
  });

  it('answers 400 VALIDATION_ERROR with field and code for each malformed body', async () => {
    const filters = { person_seniority: { include: ['VP'] } };
    const urls = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ pro_network_url: `https://pronet.example/in/someone-${i}` }));
    const cases: Array<[string, unknown, string, string]> = [
      ['neither data nor filters', {}, 'data', 'conflicting_fields'],
      ['only list_ids', { list_ids: [listA] }, 'data', 'conflicting_fields'],
      ['both data and filters', { data: [P.jose], filters }, 'data', 'conflicting_fields'],
      ['limit 0', { filters, limit: 0 }, 'limit', 'out_of_range'],
      ['limit -1', { filters, limit: -1 }, 'limit', 'out_of_range'],
      ['limit 25,001, not whole-list', { filters, limit: 25_001 }, 'limit', 'out_of_range'],
      [
        'limit 1,000,001, whole-list',
        { filters: { lists: { include: [listA] } }, limit: 1_000_001 },
        'limit',
        'out_of_range',
      ],
      [
        'limit 1,000,001, saved any',
        { filters: { lists: { saved: 'any' } }, limit: 1_000_001 },
        'limit',
        'out_of_range',
      ],
      ['limit with data', { data: [P.jose], limit: 5 }, 'limit', 'conflicting_fields'],
      ['exclude_ids with data', { data: [P.jose], exclude_ids: [P.bob] }, 'exclude_ids', 'conflicting_fields'],
      ['empty data', { data: [] }, 'data', 'out_of_range'],
      ['51 URL items', { data: [P.jose, ...urls(51)] }, 'data', 'out_of_range'],
      ['25,001 items', { data: unknownIds(25_001) }, 'data', 'out_of_range'],
      ['malformed exclude_ids', { filters, exclude_ids: ['nope'] }, 'exclude_ids[0]', 'invalid_format'],
      [
        'upper-case exclude_ids',
        { filters, exclude_ids: [P.jose, P.bob.toUpperCase()] },
        'exclude_ids[1]',
        'invalid_format',
      ],
      ['a bad filter key', { filters: { bogus: {} } }, 'filters.bogus', 'unknown_field'],
      [
        'a bad nested filter key',
        { filters: { person: { email: ['a@b.c'] } } },
        'filters.person.email',
        'unknown_field',
      ],
      ['an unknown body key', { data: [P.jose], query: 'x' }, 'query', 'unknown_field'],
    ];
    const before = await footprint(a);
    for (const [what, body, field, code] of cases) {
      const res = await a.api.post('/v2/people/calculate-credits', body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect({ what, error: errorOf(res) }).toMatchObject({
        what,
        error: { name: 'VALIDATION_ERROR', payload: { field, code } },
      });
    }
    expect(await footprint(a)).toEqual(before);

    // The boundaries themselves are accepted.
    expect(await preview(a, { data: [P.jose, ...urls(49), { pro_network_url: personUrl('bob') }] })).toMatchObject({
      requested: 51,
      not_matched: 49,
      savable: 2,
    });
    expect(await preview(a, { data: [...unknownIds(24_999), P.bob] })).toMatchObject({
      requested: 25_000,
      not_matched: 24_999,
      savable: 1,
      emails: { to_charge: 1 },
    });
    expect(await preview(a, { filters, limit: 25_000 })).toMatchObject({ requested: 4, truncated: false });

    const noKey = await stack.anon.post('/v2/people/calculate-credits', { data: [P.jose] });
    expect(noKey.status).toBe(401);
    expect(errorOf(noKey).name).toBe('UNAUTHORIZED');
  });

  it('a zero balance answers 200 with enough_credits false; enough_credits is balance > 0 and balance >= credits_needed', async () => {
    const needs2 = { data: [P.bob, P.gavin, P.peter] };
    const needs3 = { data: [P.bob, P.gavin, P.priya, P.peter] };
    const needs0 = { data: [P.peter, P.dan] };
    expect(await preview(zeroWs, needs2)).toMatchObject({
      credits_needed: 2,
      credits_available: 0,
      enough_credits: false,
    });
    // Nothing to charge, but no balance at all: still false.
    expect(await preview(zeroWs, needs0)).toMatchObject({
      credits_needed: 0,
      credits_available: 0,
      enough_credits: false,
    });

    // credits:set is read at once.
    const res = await stack.cli(['credits:set', '--workspace', zeroWs.workspace_id, '--balance', '2']);
    expect(res.code).toBe(0);
    expect(await preview(zeroWs, needs3)).toMatchObject({
      credits_needed: 3,
      credits_available: 2,
      enough_credits: false,
    });
    expect(await preview(zeroWs, needs2)).toMatchObject({
      credits_needed: 2,
      credits_available: 2,
      enough_credits: true,
    });
    expect(await preview(zeroWs, needs0)).toMatchObject({
      credits_needed: 0,
      credits_available: 2,
      enough_credits: true,
    });
  });

  it('spends and reserves nothing: balance, ledger, saved people, lists and events stay as they were', async () => {
    const ws = untouchedWs;
    const l = await newList(ws);
    await save(ws, { data: [P.jose, P.peter], list_ids: [l] });
    const before = await footprint(ws);
    expect(Number(before.credits)).toBe(2);

    const bodies = [
      { data: mixedItems(), list_ids: [l] },
      { data: [P.bob, P.gavin, P.priya, P.norman] }, // needs more than the balance
      { filters: { person_seniority: { include: ['VP', 'Director', 'Manager'] } } },
      { filters: { lists: { include: [l] } } },
      { filters: { lists: { saved: 'any' } }, limit: 1_000_000 },
    ];
    for (const body of bodies) await preview(ws, body);
    await Promise.all(bodies.map((body) => preview(ws, body)));
    expect(await footprint(ws)).toEqual(before);
    // The credits are all still there for a save.
    const saved = await save(ws, { data: [P.bob, P.gavin, P.priya] });
    expect(saved.metadata.credits).toEqual({ charged: 2, balance: 0 });
  });

  it("is scoped to the workspace: B sees A's saved people as to_charge, and A's list is no list of B's", async () => {
    const ids = [P.alice, P.ana, P.jose, P.klaus];
    expect((await preview(a, { data: ids })).emails).toEqual({
      edited: 2,
      already_owned: 1,
      to_charge: 0,
      without_email: 1,
    });
    expect(await preview(b, { data: ids })).toMatchObject({
      emails: { edited: 0, already_owned: 0, to_charge: 2, without_email: 2 },
      credits_needed: 2,
      credits_available: 5,
      enough_credits: true,
    });

    for (const filters of [{ lists: { include: [listA] } }, { lists: { exclude: [listA] } }]) {
      const res = await b.api.post('/v2/people/calculate-credits', { filters });
      expect({ filters, status: res.status }).toEqual({ filters, status: 400 });
      const error = errorOf(res);
      expect(error.name).toBe('VALIDATION_ERROR');
      expect(error.payload).toMatchObject({
        code: 'invalid_value',
        field: expect.stringMatching(/^filters\.lists\.(include|exclude)\[0\]$/),
      });
    }
    // B's own saved set is empty; A's whole-list preview sees A's list.
    expect(await preview(b, { filters: { lists: { saved: 'any' } } })).toMatchObject({ requested: 0 });
    expect(await preview(a, { filters: { lists: { include: [listA] } } })).toMatchObject({
      requested: 4,
      emails: { edited: 2, already_owned: 1, without_email: 1 },
    });
  });
});

describe('POST /v2/people/calculate-credits, rate limits enforced', () => {
  let stack: TestStack;
  const PER_MINUTE = 6;

  let first: Workspace;
  let second: Workspace;

  // No people data needed: the units do not depend on who matches.
  beforeAll(async () => {
    stack = await startStack({
      env: {
        RATE_LIMITS_ENFORCED: 'true',
        RATE_LIMIT_SEARCH_PER_MINUTE: String(PER_MINUTE),
        RATE_LIMIT_ENRICH_PER_MINUTE: '100',
      },
    });
    [first, second] = await Promise.all([stack.workspace(10), stack.workspace(10)]);
  });
  afterAll(() => stack?.close());

  const counter = (ws: Workspace) => stack.redis.get(`pws:rate-limit:search:${ws.workspace_id}`);
  const post = (ws: Workspace, body: unknown) => ws.api.post('/v2/people/calculate-credits', body);

  it('data spends 1 unit per started 500 items, filters 1, filters scoped to saved people 0; every answer carries the headers', async () => {
    const ws = first;
    const list = (await ws.api.post('/v2/lists', { name: 'l', type: 'people' })).body.data.id;

    const scoped = await post(ws, { filters: { lists: { include: [list] } } });
    expect(scoped.status).toBe(200);
    expect(limits(scoped)).toMatchObject({ limit: PER_MINUTE, remaining: PER_MINUTE });
    expect(await counter(ws)).toBeNull();

    const d501 = await post(ws, { data: unknownIds(501) });
    expect(d501.status).toBe(200);
    expect(d501.body.data).toMatchObject({ requested: 501, not_matched: 501, savable: 0 });
    expect(limits(d501)).toMatchObject({ limit: PER_MINUTE, remaining: PER_MINUTE - 2 });
    expect(await counter(ws)).toBe('2');

    const d500 = await post(ws, { data: unknownIds(500) });
    expect(d500.status).toBe(200);
    expect(limits(d500)).toMatchObject({ remaining: PER_MINUTE - 3 });
    expect(await counter(ws)).toBe('3');

    const byFilters = await post(ws, { filters: { person_seniority: { include: ['VP'] } }, limit: 2 });
    expect(byFilters.status).toBe(200);
    expect(limits(byFilters)).toMatchObject({ remaining: PER_MINUTE - 4 });
    expect(await counter(ws)).toBe('4');

    for (const filters of [
      { lists: { saved: 'any' } },
      { lists: { saved: 'without_list' } },
      { lists: { saved_at: { from: '2020-01-01T00:00:00Z' } } },
      { contact_details: { email: { revealed: true } } },
      { lists: { include: [list] }, person_seniority: { include: ['VP'] } },
    ]) {
      const res = await post(ws, { filters });
      expect({ filters, status: res.status }).toEqual({ filters, status: 200 });
      expect(limits(res)).toMatchObject({ limit: PER_MINUTE, remaining: PER_MINUTE - 4 });
    }
    expect(await counter(ws)).toBe('4');
    // lists.saved = none reaches people the workspace never saved: 1 unit.
    const none = await post(ws, { filters: { lists: { saved: 'none' } }, limit: 1 });
    expect(none.status).toBe(200);
    expect(limits(none)).toMatchObject({ remaining: PER_MINUTE - 5 });
    expect(await counter(ws)).toBe('5');
  });

  it('over the limit: 429 RATE_LIMIT with Retry-After and the headers, spending nothing; scoped previews still answer', async () => {
    const ws = second;
    const footprint = () =>
      stack.db.query<{ saved: string; ledger: string; credits: string }>(
        `SELECT (SELECT count(*) FROM saved_people WHERE workspace_id = $1) AS saved,
                (SELECT count(*) FROM credit_transactions WHERE workspace_id = $1) AS ledger,
                (SELECT credits FROM workspaces WHERE id = $1) AS credits`,
        [ws.workspace_id],
      );
    const before = await footprint();
    const spent = await post(ws, { data: unknownIds(1_500) }); // 3 units
    expect(spent.status).toBe(200);
    expect(limits(spent)).toMatchObject({ remaining: PER_MINUTE - 3 });

    const tooBig = await post(ws, { data: unknownIds(1_501) }); // 4 units, 3 left
    expect(tooBig.status).toBe(429);
    expect(errorOf(tooBig).name).toBe('RATE_LIMIT');
    const retryAfter = Number(tooBig.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limits(tooBig)).toEqual({ limit: PER_MINUTE, remaining: PER_MINUTE - 3, reset: retryAfter });
    expect(await counter(ws)).toBe('3');

    // What is left can still be spent.
    const fits = await post(ws, { data: unknownIds(1_500) });
    expect(fits.status).toBe(200);
    expect(limits(fits)).toMatchObject({ remaining: 0 });
    const over = await post(ws, { filters: { person_seniority: { include: ['VP'] } } });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await counter(ws)).toBe(String(PER_MINUTE));

    // 0-unit previews are never refused.
    const scoped = await post(ws, { filters: { lists: { saved: 'any' } } });
    expect(scoped.status).toBe(200);
    expect(limits(scoped)).toMatchObject({ remaining: 0 });
    // Another workspace has its own quota: the first test left it 1 unit.
    const elsewhere = await post(first, { data: [P.jose] });
    expect(elsewhere.status).toBe(200);
    expect(limits(elsewhere)).toMatchObject({ remaining: 0 });
    // Nothing was saved or spent.
    expect(await footprint()).toEqual(before);
    expect(before).toEqual([expect.objectContaining({ saved: '0', credits: '10' })]);
  });
});
