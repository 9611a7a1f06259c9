/**
 * POST /v2/people/save (docs/people-saves.md, events of docs/api.md#events), black box:
 * the built API and CLI against a fresh database, rows read back with SQL. The randomized concurrency
 * case and its invariants are in save-concurrency.e2e-spec.ts.
 */
import { errorOf } from '../support/http';
import {
  emailOf,
  importPeopleFixture,
  P,
  personUrl,
  search,
  UNKNOWN_PERSON_ID,
  WITH_VALID_EMAIL,
} from '../support/people-fixtures';
import { EventRow, peopleSaveKit, sorted } from '../support/people-save-kit';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

let ridCounter = 0;
const newRequestId = (what: string) => `test-${what}-${process.pid}-${++ridCounter}-${Date.now().toString(36)}`;

describe('POST /v2/people/save', () => {
  let stack: TestStack;
  // Each workspace is a CLI run: few of them, created at once.
  let a: Workspace; // 10 credits: the main save, the retry, isolation, the ledger
  let b: Workspace; // 5 credits: isolation
  let runOut: Workspace; // 2 credits, then credits:set 5
  let c: Workspace; // 5 credits: preview → save, then list_ids and malformed bodies
  let byFilters: Workspace; // 2 credits

  beforeAll(async () => {
    stack = await startStack();
    [, a, b, runOut, c, byFilters] = await Promise.all([
      importPeopleFixture(stack, { extended: false }),
      stack.workspace(10),
      stack.workspace(5),
      stack.workspace(2),
      stack.workspace(5),
      stack.workspace(2),
    ]);
  });
  afterAll(() => stack?.close());

  // ------------------------------------------------------------------ helpers
  const { post, saveOk, preview, newList, setBalance, balanceOf, eventsOf, ledgerOf, savedRows, membersOf, footprint } =
    peopleSaveKit(() => stack);
  const entryOf = (answer: { data: any }, index: number) => answer.data.saved.find((e: any) => e.index === index);
  const byPerson = (answer: { data: any }) => new Map<string, any>(answer.data.saved.map((e: any) => [e.id, e]));

  /** The shape every event body has: an evt_ id, its type, created_at with milliseconds, and the person with its saved block. */
  const expectEventBody = (event: EventRow, type: string) => {
    expect(event.body).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/),
      type,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        person: { id: event.person_id, saved: expect.any(Object) },
        saved_at: expect.any(String),
        list_ids: expect.any(Array),
      },
    });
  };

  // ------------------------------------------------------------------ the main save
  describe('by ids and URLs into two lists', () => {
    let l1: string;
    let l2: string;
    let firstSavedAt: string;
    let main: { data: any; metadata: any };
    let eventsBefore: number;
    const mainRequestId = newRequestId('main');
    const gavinUrl = personUrl('gavin');
    const nobodyUrl = 'https://pronet.example/in/nobody-here-at-all';
    const body = () => ({
      data: [
        P.jose,
        P.bob,
        { pro_network_url: gavinUrl },
        P.peter,
        'nope',
        UNKNOWN_PERSON_ID,
        P.bob,
        { pro_network_url: nobodyUrl },
      ],
      list_ids: [l1, l2],
    });

    beforeAll(async () => {
      [l1, l2] = [await newList(a), await newList(a)];
      const first = await saveOk(a, { data: [P.jose], list_ids: [l1] });
      expect(first.metadata.credits).toEqual({ charged: 1, balance: 9 });
      firstSavedAt = first.data.saved[0].saved_at;
      eventsBefore = (await eventsOf(a)).length;
      expect(eventsBefore).toBe(2); // jose saved, jose's email found
      main = await saveOk(a, body(), mainRequestId);
    });

    it('answers every item in one bucket with its index; charges and reveals the to_charge people only', () => {
      expect(main.metadata).toEqual({
        timestamp: expect.any(String),
        total: 8,
        saved_count: 5,
        not_matched_count: 2,
        invalid_count: 1,
        failed_count: 0,
        emails: { edited: 0, already_owned: 1, to_charge: 2, without_email: 1 },
        truncated: false,
        credits: { charged: 2, balance: 7 },
      });
      expect(main.data.saved.map((e: any) => e.index)).toEqual([0, 1, 2, 3, 6]);
      expect(entryOf(main, 0)).toEqual({
        index: 0,
        identifier: P.jose,
        id: P.jose,
        matched_by: 'id',
        list_ids: [l2], // already in l1
        all_list_ids: [l1, l2], // oldest membership first
        saved_at: firstSavedAt, // the first save's
        email: { bucket: 'already_owned', charged: false, address: emailOf('jose') },
      });
      const bob = entryOf(main, 1);
      expect(bob).toEqual({
        index: 1,
        identifier: P.bob,
        id: P.bob,
        matched_by: 'id',
        list_ids: [l1, l2],
        all_list_ids: expect.any(Array),
        saved_at: expect.stringMatching(/Z$/),
        email: { bucket: 'to_charge', charged: true, address: emailOf('bob') },
      });
      expect(sorted(bob.all_list_ids)).toEqual(sorted([l1, l2]));
      expect(new Date(bob.saved_at).getTime()).toBeGreaterThanOrEqual(new Date(firstSavedAt).getTime());
      expect(entryOf(main, 2)).toMatchObject({
        index: 2,
        identifier: gavinUrl,
        id: P.gavin,
        matched_by: 'pro_network_url',
        list_ids: [l1, l2],
        email: { bucket: 'to_charge', charged: true, address: emailOf('gavin') },
      });
      expect(entryOf(main, 3)).toMatchObject({
        index: 3,
        identifier: P.peter,
        id: P.peter,
        list_ids: [l1, l2],
        email: { bucket: 'without_email', charged: false, address: null },
      });
      // The repeated item has its person's outcome.
      expect(entryOf(main, 6)).toEqual({ ...bob, index: 6 });
      expect(main.data.not_matched).toEqual([
        { index: 5, identifier: UNKNOWN_PERSON_ID, attempted: ['id'] },
        { index: 7, identifier: nobodyUrl, attempted: ['pro_network_url'] },
      ]);
      expect(main.data.invalid).toEqual([{ index: 4, identifier: 'nope', reason: expect.any(String) }]);
      expect(main.data.failed).toEqual([]);
    });

    it('stores the saves, the revealed emails of the charged people only, and the memberships', async () => {
      const rows = new Map((await savedRows(a)).map((r) => [r.person_id, r]));
      expect(sorted([...rows.keys()])).toEqual(sorted([P.jose, P.bob, P.gavin, P.peter]));
      expect(rows.get(P.jose)!.revealed_email).toBe(emailOf('jose'));
      expect(rows.get(P.bob)!.revealed_email).toBe(emailOf('bob'));
      expect(rows.get(P.gavin)!.revealed_email).toBe(emailOf('gavin'));
      expect(rows.get(P.peter)!.revealed_email).toBeNull();
      expect(new Date(rows.get(P.jose)!.saved_at).toISOString()).toBe(firstSavedAt);
      expect(await membersOf(l1)).toEqual(sorted([P.jose, P.bob, P.gavin, P.peter]));
      expect(await membersOf(l2)).toEqual(sorted([P.jose, P.bob, P.gavin, P.peter]));
      expect(await balanceOf(a)).toBe(7);
      // The person record tells the same.
      const bob = await a.api.get(`/v2/people/${P.bob}`);
      expect(bob.body.data.saved).toMatchObject({
        email: emailOf('bob'),
        email_source: 'revealed',
        saved_at: entryOf(main, 1).saved_at,
      });
      const peter = await a.api.get(`/v2/people/${P.peter}`);
      expect(peter.body.data.saved).toMatchObject({ email: null, email_source: null });
    });

    it('writes person.saved for each person saved or newly listed and person.email_found for each email revealed', async () => {
      const events = (await eventsOf(a)).slice(eventsBefore);
      const saved = events.filter((e) => e.type === 'person.saved');
      const found = events.filter((e) => e.type === 'person.email_found');
      expect(events).toHaveLength(saved.length + found.length);
      expect(sorted(saved.map((e) => e.person_id))).toEqual(sorted([P.jose, P.bob, P.gavin, P.peter])); // jose: newly in l2
      expect(sorted(found.map((e) => e.person_id))).toEqual(sorted([P.bob, P.gavin]));
      for (const e of saved) {
        expectEventBody(e, 'person.saved');
        expect(sorted(e.body.data.list_ids)).toEqual(sorted([l1, l2]));
        expect(e.body.data.saved_at).toBe(byPerson(main).get(e.person_id).saved_at);
        expect(e.body.data.person.saved.list_ids).toEqual(e.body.data.list_ids);
      }
      for (const e of found) {
        expectEventBody(e, 'person.email_found');
        const key = e.person_id === P.bob ? 'bob' : 'gavin';
        expect(e.body.data.email).toBe(emailOf(key));
        expect(e.body.data.person.saved.email).toBe(emailOf(key));
        expect(e.body.data.person.contact_details.email.revealed).toBe(true);
      }
      const peter = saved.find((e) => e.person_id === P.peter)!;
      expect(peter.body.data.person.saved.email).toBeNull();
      // Distinct event ids.
      expect(new Set(events.map((e) => e.body.id)).size).toBe(events.length);
    });

    it('writes one people_save ledger row per charging save, with the x-request-id sent', async () => {
      const rows = (await ledgerOf(a)).filter((r) => r.reason === 'people_save');
      expect(rows).toEqual([
        { amount: -1, balance_after: 9, reason: 'people_save', request_id: expect.any(String) },
        { amount: -2, balance_after: 7, reason: 'people_save', request_id: mainRequestId },
      ]);
    });

    it('an identical retry charges nothing, keeps saved_at, adds nothing and writes no event and no ledger row', async () => {
      const eventsNow = (await eventsOf(a)).length;
      const ledgerNow = await ledgerOf(a);
      const retry = await saveOk(a, body(), newRequestId('retry'));
      expect(retry.metadata).toMatchObject({
        total: 8,
        saved_count: 5,
        emails: { edited: 0, already_owned: 3, to_charge: 0, without_email: 1 },
        credits: { charged: 0, balance: 7 },
      });
      for (const e of retry.data.saved) {
        const before = entryOf(main, e.index);
        expect(e).toEqual({
          ...before,
          list_ids: [],
          email: {
            ...before.email,
            bucket: before.email.address === null ? 'without_email' : 'already_owned',
            charged: false,
          },
        });
      }
      expect((await eventsOf(a)).length).toBe(eventsNow);
      expect(await ledgerOf(a)).toEqual(ledgerNow);
      expect(await balanceOf(a)).toBe(7);
      // A re-save into one of the lists changes nothing either; into a new list it writes person.saved only.
      await saveOk(a, { data: [P.bob], list_ids: [l1] });
      expect((await eventsOf(a)).length).toBe(eventsNow);
      const l3 = await newList(a);
      const moved = await saveOk(a, { data: [P.bob], list_ids: [l3] });
      expect(entryOf(moved, 0)).toMatchObject({
        list_ids: [l3],
        saved_at: entryOf(main, 1).saved_at,
        email: { bucket: 'already_owned', charged: false },
      });
      expect(sorted(entryOf(moved, 0).all_list_ids)).toEqual(sorted([l1, l2, l3]));
      const added = (await eventsOf(a)).slice(eventsNow);
      expect(added.map((e) => [e.type, e.person_id])).toEqual([['person.saved', P.bob]]);
      expect(sorted(added[0].body.data.list_ids)).toEqual(sorted([l1, l2, l3]));
      expect(await ledgerOf(a)).toEqual(ledgerNow);
    });

    it("is scoped to the workspace: B saving a person A saved is charged again; A's rows, events and ledger stay", async () => {
      const before = {
        saved: await savedRows(a),
        events: await eventsOf(a),
        ledger: await ledgerOf(a),
        balance: await balanceOf(a),
      };
      const res = await saveOk(b, { data: [P.bob, P.jose] });
      expect(res.metadata).toMatchObject({
        emails: { edited: 0, already_owned: 0, to_charge: 2, without_email: 0 },
        credits: { charged: 2, balance: 3 },
      });
      expect(entryOf(res, 0)).toMatchObject({
        id: P.bob,
        list_ids: [],
        all_list_ids: [],
        email: { bucket: 'to_charge', charged: true, address: emailOf('bob') },
      });
      expect(entryOf(res, 0).saved_at).not.toBe(entryOf(main, 1).saved_at);
      expect({
        saved: await savedRows(a),
        events: await eventsOf(a),
        ledger: await ledgerOf(a),
        balance: await balanceOf(a),
      }).toEqual(before);
      const eventsB = await eventsOf(b);
      expect(sorted(eventsB.map((e) => `${e.type} ${e.person_id}`))).toEqual(
        sorted([
          `person.saved ${P.bob}`,
          `person.saved ${P.jose}`,
          `person.email_found ${P.bob}`,
          `person.email_found ${P.jose}`,
        ]),
      );
      expect((await ledgerOf(b)).filter((r) => r.reason === 'people_save')).toEqual([
        { amount: -2, balance_after: 3, reason: 'people_save', request_id: expect.any(String) },
      ]);
      // A's list means nothing to B.
      const foreign = await post(b, { data: [P.gavin], list_ids: [l1] });
      expect(foreign.status).toBe(400);
      expect(errorOf(foreign).payload).toMatchObject({ field: 'list_ids', code: 'invalid_value' });
    });
  });

  // ------------------------------------------------------------------ running out of credits
  it('runs out: the first to_charge people in request order are charged, the rest saved unrevealed and charged by a later save', async () => {
    const ws = runOut;
    // Not id order, not followers order: request order decides.
    const order = [P.gwen, P.miles, P.peter, P.norman, P.maria];
    const first = await saveOk(ws, { data: order }, newRequestId('runout-1'));
    expect(first.metadata).toMatchObject({
      emails: { to_charge: 4, without_email: 1, already_owned: 0, edited: 0 },
      credits: { charged: 2, balance: 0 },
    });
    const outcome = (answer: { data: any }) => order.map((id) => [id, entryOf(answer, order.indexOf(id)).email]);
    expect(outcome(first)).toEqual([
      [P.gwen, { bucket: 'to_charge', charged: true, address: emailOf('gwen') }],
      [P.miles, { bucket: 'to_charge', charged: true, address: emailOf('miles') }],
      [P.peter, { bucket: 'without_email', charged: false, address: null }],
      [P.norman, { bucket: 'to_charge', charged: false, address: null }],
      [P.maria, { bucket: 'to_charge', charged: false, address: null }],
    ]);
    const revealed = async () => new Map((await savedRows(ws)).map((r) => [r.person_id, r.revealed_email]));
    expect(await revealed()).toEqual(
      new Map([
        [P.gwen, emailOf('gwen')],
        [P.miles, emailOf('miles')],
        [P.peter, null],
        [P.norman, null],
        [P.maria, null],
      ]),
    );
    const events1 = await eventsOf(ws);
    expect(sorted(events1.filter((e) => e.type === 'person.saved').map((e) => e.person_id))).toEqual(sorted(order));
    expect(sorted(events1.filter((e) => e.type === 'person.email_found').map((e) => e.person_id))).toEqual(
      sorted([P.gwen, P.miles]),
    );

    // The unpaid people are still to_charge; the preview says so.
    expect(await preview(ws, { data: order })).toMatchObject({
      emails: { edited: 0, already_owned: 2, to_charge: 2, without_email: 1 },
      credits_needed: 2,
      credits_available: 0,
      enough_credits: false,
    });
    // With no balance a retry changes nothing.
    const broke = await saveOk(ws, { data: order });
    expect(broke.metadata.credits).toEqual({ charged: 0, balance: 0 });
    expect((await eventsOf(ws)).length).toBe(events1.length);

    await setBalance(ws, 5);
    const second = await saveOk(ws, { data: order }, newRequestId('runout-2'));
    expect(second.metadata).toMatchObject({
      emails: { to_charge: 2, already_owned: 2, without_email: 1, edited: 0 },
      credits: { charged: 2, balance: 3 },
    });
    expect(outcome(second)).toEqual([
      [P.gwen, { bucket: 'already_owned', charged: false, address: emailOf('gwen') }],
      [P.miles, { bucket: 'already_owned', charged: false, address: emailOf('miles') }],
      [P.peter, { bucket: 'without_email', charged: false, address: null }],
      [P.norman, { bucket: 'to_charge', charged: true, address: emailOf('norman') }],
      [P.maria, { bucket: 'to_charge', charged: true, address: emailOf('maria') }],
    ]);
    // saved_at is the first save's.
    for (const id of order)
      expect(entryOf(second, order.indexOf(id)).saved_at).toBe(entryOf(first, order.indexOf(id)).saved_at);
    const events2 = (await eventsOf(ws)).slice(events1.length);
    expect(events2.map((e) => e.type)).toEqual(['person.email_found', 'person.email_found']);
    expect(sorted(events2.map((e) => e.person_id))).toEqual(sorted([P.norman, P.maria]));
    for (const e of events2) {
      expectEventBody(e, 'person.email_found');
      expect(e.body.data.email).toBe(e.person_id === P.norman ? emailOf('norman') : emailOf('maria'));
    }
    expect((await ledgerOf(ws)).filter((r) => r.reason === 'people_save')).toEqual([
      { amount: -2, balance_after: 0, reason: 'people_save', request_id: expect.stringMatching(/^test-runout-1-/) },
      { amount: -2, balance_after: 3, reason: 'people_save', request_id: expect.stringMatching(/^test-runout-2-/) },
    ]);
    expect(await balanceOf(ws)).toBe(3);
  });

  // ------------------------------------------------------------------ preview → save
  it('a preview taken right before a save predicts it: charged = min(credits_needed, balance), the same emails buckets', async () => {
    const ws = c;
    await saveOk(ws, { data: [P.alice, P.ana] }); // alice revealed: 4 credits left
    expect((await ws.api.patch(`/v2/people/${P.ana}`, { email: 'ana@edited.example' })).status).toBe(200);
    const body = {
      data: [
        P.alice,
        P.ana,
        P.bob,
        P.gavin,
        { pro_network_url: personUrl('priya') },
        P.jurgen,
        P.lukasz,
        P.peter,
        'bad',
        UNKNOWN_PERSON_ID,
        P.bob,
      ],
    };

    const before = await preview(ws, body);
    expect(before).toMatchObject({
      requested: 11,
      savable: 8,
      invalid: 1,
      not_matched: 1,
      emails: { edited: 1, already_owned: 1, to_charge: 5, without_email: 1 },
      credits_needed: 5,
      credits_available: 4,
      enough_credits: false,
    });
    const saved = await saveOk(ws, body);
    expect(saved.metadata.credits).toEqual({
      charged: Math.min(before.credits_needed, before.credits_available),
      balance: 0,
    });
    expect(saved.metadata.emails).toEqual(before.emails);
    expect(saved.metadata).toMatchObject({
      total: before.requested,
      not_matched_count: before.not_matched,
      invalid_count: before.invalid,
      truncated: before.truncated,
    });
    expect(new Set(saved.data.saved.map((e: any) => e.id)).size).toBe(before.savable);
    // The edited person answers the workspace's own email, never charged.
    expect(entryOf(saved, 1).email).toEqual({ bucket: 'edited', charged: false, address: 'ana@edited.example' });
    // Charged in request order: bob, gavin, priya, jurgen; lukasz waits.
    expect([2, 3, 4, 5, 6].map((i) => entryOf(saved, i).email.charged)).toEqual([true, true, true, true, false]);

    expect(await balanceOf(ws)).toBe(0);
  });

  // ------------------------------------------------------------------ filters
  it('by filters: takes the first `limit` people in search result order, charging in that order, as its preview said', async () => {
    const ws = byFilters;
    const filters = { person_seniority: { include: ['VP', 'Director', 'Manager'] } };
    const { ids } = await search(ws.api, filters);
    expect(ids).toHaveLength(18);
    const l = await newList(ws);
    const firstFive = ids.slice(0, 5);
    const valid = firstFive.filter((id) => WITH_VALID_EMAIL.has(id));
    expect(valid.length).toBe(3); // the balance (2) does not cover them

    const before = await preview(ws, { filters, limit: 5 });
    expect(before).toMatchObject({
      requested: 5,
      savable: 5,
      truncated: true,
      emails: { edited: 0, already_owned: 0, to_charge: 3, without_email: 2 },
      credits_needed: 3,
      credits_available: 2,
      enough_credits: false,
    });
    const first = await saveOk(ws, { filters, limit: 5, list_ids: [l] });
    expect(first.data.saved.map((e: any) => e.id)).toEqual(firstFive);
    expect(first.data.saved.map((e: any) => [e.index, e.identifier, e.matched_by])).toEqual(
      firstFive.map((id, i) => [i, id, 'filters']),
    );
    expect(first.metadata).toMatchObject({
      total: 5,
      saved_count: 5,
      not_matched_count: 0,
      invalid_count: 0,
      truncated: true,
      emails: before.emails,
      credits: { charged: 2, balance: 0 },
    });
    // The first two valid emails in result order are charged; the third waits.
    const charged = new Set(valid.slice(0, 2));
    for (const e of first.data.saved) {
      expect(e.list_ids).toEqual([l]);
      expect({ id: e.id, email: e.email }).toEqual({
        id: e.id,
        email: {
          bucket: WITH_VALID_EMAIL.has(e.id) ? 'to_charge' : 'without_email',
          charged: charged.has(e.id),
          address: charged.has(e.id) ? expect.stringContaining('@') : null,
        },
      });
    }
    expect(await membersOf(l)).toEqual(sorted(firstFive));

    // The rest, by leaving the first five out: not truncated.
    const rest = await saveOk(ws, { filters, exclude_ids: ids.slice(0, 5) });
    expect(rest.data.saved.map((e: any) => e.id)).toEqual(ids.slice(5));
    expect(rest.metadata).toMatchObject({
      total: 13,
      saved_count: 13,
      truncated: false,
      credits: { charged: 0, balance: 0 },
    });

    // The whole saved set again: everyone is saved now; whole-list limits are the preview's only.
    const again = await saveOk(ws, { filters: { lists: { saved: 'any' } } });
    expect(sorted(again.data.saved.map((e: any) => e.id))).toEqual(sorted(ids));
    expect(again.metadata.credits).toEqual({ charged: 0, balance: 0 });
    expect(again.metadata.emails.already_owned).toBe(2);
    for (const [what, body] of [
      ['whole list, limit 25,001', { filters: { lists: { include: [l] } }, limit: 25_001 }],
      ['saved any, limit 1,000,000', { filters: { lists: { saved: 'any' } }, limit: 1_000_000 }],
      ['limit 0', { filters, limit: 0 }],
      ['limit 25,001', { filters, limit: 25_001 }],
    ] as Array<[string, unknown]>) {
      const res = await post(ws, body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect({ what, error: errorOf(res) }).toMatchObject({
        what,
        error: { name: 'VALIDATION_ERROR', payload: { field: 'limit', code: 'out_of_range' } },
      });
    }
  });

  // ------------------------------------------------------------------ list_ids
  it('answers 400 invalid_value on list_ids for a list of another workspace, a deleted list or a company list, and saves nothing', async () => {
    const ws = c;
    const own = await newList(ws);
    const deleted = await newList(ws);
    expect((await ws.api.delete(`/v2/lists/${deleted}`)).status).toBe(200);
    const companyList = await newList(ws, 'company');
    const foreign = await newList(b);
    const before = await footprint(ws);
    const cases: Array<[string, unknown]> = [
      ["another workspace's list", [foreign]],
      ['a deleted list', [deleted]],
      ['a company list', [companyList]],
      ['an unknown list', ['lst_01JD3V7R8W9X0Y1Z2A3B4C5D6E']],
      ['a live list and a deleted one', [own, deleted]],
      ['a live list and a company one', [own, companyList]],
    ];
    for (const [what, listIds] of cases) {
      for (const body of [
        { data: [P.elaine, P.art, P.peter], list_ids: listIds },
        { filters: { person: { id: { include: [P.elaine, P.art] } } }, list_ids: listIds },
      ]) {
        const res = await post(ws, body);
        expect({ what, status: res.status }).toEqual({ what, status: 400 });
        expect({ what, error: errorOf(res) }).toMatchObject({
          what,
          error: { name: 'VALIDATION_ERROR', payload: { field: 'list_ids', code: 'invalid_value' } },
        });
      }
    }
    expect(await footprint(ws)).toEqual(before);
    expect(await membersOf(own)).toEqual([]);
    expect(await membersOf(foreign)).toEqual([]);
    // The same save into its own list goes through.
    const ok = await saveOk(ws, { data: [P.elaine, P.art, P.peter], list_ids: [own] });
    expect(ok.metadata).toMatchObject({ saved_count: 3, credits: { charged: 0, balance: 0 } }); // the preview test spent it all
    expect(await membersOf(own)).toEqual(sorted([P.elaine, P.art, P.peter]));
  });

  it('answers 400 with field and code for a malformed body, and saves nothing', async () => {
    const ws = c;
    const before = await footprint(ws);
    const cases: Array<[string, unknown, string, string]> = [
      ['neither', { list_ids: [] }, 'data', 'conflicting_fields'],
      ['both', { data: [P.jose], filters: {} }, 'data', 'conflicting_fields'],
      ['limit with data', { data: [P.jose], limit: 1 }, 'limit', 'conflicting_fields'],
      ['exclude_ids with data', { data: [P.jose], exclude_ids: [P.bob] }, 'exclude_ids', 'conflicting_fields'],
      [
        '51 URL items',
        { data: Array.from({ length: 51 }, (_, i) => ({ pro_network_url: `https://pronet.example/in/x-${i}` })) },
        'data',
        'out_of_range',
      ],
      ['a bad filter key', { filters: { bogus: {} } }, 'filters.bogus', 'unknown_field'],
      ['an unknown key', { data: [P.jose], dry_run: true }, 'dry_run', 'unknown_field'],
    ];
    for (const [what, body, field, code] of cases) {
      const res = await post(ws, body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect({ what, error: errorOf(res) }).toMatchObject({
        what,
        error: { name: 'VALIDATION_ERROR', payload: { field, code } },
      });
    }
    expect(await footprint(ws)).toEqual(before);
    const noKey = await stack.anon.post('/v2/people/save', { data: [P.jose] });
    expect(noKey.status).toBe(401);
  });

  // ------------------------------------------------------------------ ledger
  it('the ledger explains the balance: balance == Σ amounts, workspace:create --credits and credits:set included', async () => {
    // a: created with 10 credits, then saves charged 1 and 2 (rows checked above); runOut: created with 2,
    // a save charged 2, credits:set --balance 5, a save charged 2.
    const seen = [];
    for (const [what, ws] of [
      ['a', a],
      ['runOut', runOut],
    ] as Array<[string, Workspace]>) {
      const rows = await ledgerOf(ws);
      seen.push({
        what,
        balance: await balanceOf(ws),
        ledgerSum: rows.reduce((n, r) => n + r.amount, 0),
        lastBalanceAfter: rows.at(-1)?.balance_after,
      });
    }
    expect(seen).toEqual([
      { what: 'a', balance: 7, ledgerSum: 7, lastBalanceAfter: 7 },
      { what: 'runOut', balance: 3, ledgerSum: 3, lastBalanceAfter: 3 },
    ]);
  });
});
