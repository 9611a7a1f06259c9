/**
 * POST /v2/people/save (CONTRACTS.md section 5, events of section 6, docs/people-saves.md), black box:
 * the built API and CLI against a fresh database, rows read back with SQL.
 *
 * The last describe is the randomized concurrency case. Invariants checked after every round, for
 * the one workspace it uses (balance B0 at the start, never topped up):
 *   I1 the balance is never below 0;
 *   I2 balance == B0 − number of distinct people whose email the workspace has revealed;
 *   I3 each person is revealed (and charged) at most once: at most one person.email_found event per
 *      person, and exactly one per revealed person, carrying the revealed address;
 *   I4 Σ credits.charged over every answered save (+ what the aborted saves' ledger rows charged)
 *      == number of person.email_found events == −Σ amount of the people_save ledger rows, and each
 *      answered save has exactly one ledger row (its x-request-id) of −charged, or none when it
 *      charged nothing;
 *   I5 balance == Σ amount of all the workspace's ledger rows (recorded per round, asserted in its
 *      own test so that a ledger gap outside the save does not hide the others);
 *   I6 every person.saved event names a saved person, every saved person has one, a person's
 *      later events only come with new lists (list_ids grow strictly) and the last one shows the
 *      lists the person is in now; saved_at is the first one and never moves;
 *   I7 no request is answered 5xx; every answered save's people are saved and in its lists;
 *   I8 a save whose client hangs up right after sending (the "crash" flavour) leaves I1-I7 intact:
 *      it committed entirely or not at all.
 */
import http from 'node:http';
import { writeLines } from './support/dataset-records';
import { errorOf, HttpAnswer } from './support/http';
import { baseCompanyRecords, basePersonRecords, C, emailOf, P, personUrl, search, UNKNOWN_PERSON_ID, WITH_VALID_EMAIL } from './support/people-fixtures';
import { startStack, TestStack, Workspace } from './support/stack';

jest.setTimeout(60_000);

/** Fixture people with a stored valid email (codes V, IV, AV in test/support/people-fixtures.ts). */
interface EventRow {
  type: string;
  person_id: string;
  created_at: string;
  body: any;
}
interface LedgerRow {
  amount: number;
  balance_after: number;
  reason: string;
  request_id: string | null;
}

const sorted = (xs: readonly string[]) => [...xs].sort();

// The concurrency case's own people: fresh ones each round, all with a valid email, matching no filter the other tests use.
const ROUNDS = 5;
const PEOPLE_PER_ROUND = 15;
const conc = (round: number, i: number) => '5d' + '0'.repeat(18) + String(round).padStart(2, '0') + String(i).padStart(2, '0');
const concEmail = (id: string) => `conc.${id.slice(-4)}@globex.com`;
const concUrl = (id: string) => `https://pronet.example/in/conc-${id.slice(-4)}`;
function concurrencyPeople() {
  const people = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < PEOPLE_PER_ROUND; i++) {
      const id = conc(r, i);
      people.push({
        id,
        first_name: 'Conc',
        last_name: `Person ${r}-${i}`,
        pro_network_url: concUrl(id),
        followers: 10 + i,
        location: { city: 'London', state: 'England', state_code: 'ENG', country: 'United Kingdom', country_code: 'GB' },
        emails: [{ address: concEmail(id), status: 'valid' }],
        phone: { status: 'unknown' },
        positions: [{ company_id: C.cyberdyne, title: 'Volunteer', seniority: 'Unpaid', departments: ['Operations', 'Safety'], started_at: '2020-01-01', ended_at: null, is_primary: true }],
      });
    }
  }
  return people;
}

/** The hand-made fixture (test/support/people-fixtures.ts, conformance rows) plus the concurrency people, in one CLI import. */
async function importData(stack: TestStack): Promise<void> {
  const now = new Date();
  const people = [...basePersonRecords(now), ...concurrencyPeople()];
  const companies = baseCompanyRecords(now);
  const cf = writeLines('companies.ndjson', companies.map((c) => JSON.stringify(c)));
  const pf = writeLines('people.ndjson', people.map((p) => JSON.stringify(p)));
  const result = await stack.cli(['dataset:import', '--companies', cf, '--people', pf]);
  if (result.code !== 0 || result.json?.people?.imported !== people.length || result.json?.companies?.imported !== companies.length) {
    throw new Error(`dataset:import failed (${result.code}): ${result.stdout} ${result.stderr}`);
  }
}
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
  let concurrent: Workspace; // CONCURRENT_BALANCE credits

  const CONCURRENT_BALANCE = 40;

  beforeAll(async () => {
    stack = await startStack();
    [, a, b, runOut, c, byFilters, concurrent] = await Promise.all([
      importData(stack),
      stack.workspace(10),
      stack.workspace(5),
      stack.workspace(2),
      stack.workspace(5),
      stack.workspace(2),
      stack.workspace(CONCURRENT_BALANCE),
    ]);
  });
  afterAll(() => stack?.close());

  // ------------------------------------------------------------------ helpers
  const post = (ws: Workspace, body: unknown, requestId?: string) =>
    ws.api.request('POST', '/v2/people/save', body, requestId ? { headers: { 'x-request-id': requestId } } : {});
  const saveOk = async (ws: Workspace, body: unknown, requestId?: string) => {
    const res = await post(ws, body, requestId);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.text.slice(0, 800) }).toEqual({ status: 200, body: 'ok' });
    expect(res.body.success).toBe(true);
    if (requestId) expect(res.headers.get('x-request-id')).toBe(requestId);
    return res.body as { data: any; metadata: any };
  };
  const preview = async (ws: Workspace, body: unknown) => {
    const res = await ws.api.post('/v2/people/calculate-credits', body);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.text.slice(0, 800) }).toEqual({ status: 200, body: 'ok' });
    return res.body.data;
  };
  const newList = async (ws: Workspace, type: 'people' | 'company' = 'people') => {
    const res = await ws.api.post('/v2/lists', { name: `l ${type}`, type });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const setBalance = async (ws: Workspace, n: number) => {
    const res = await stack.cli(['credits:set', '--workspace', ws.workspace_id, '--balance', String(n)]);
    expect({ code: res.code, stderr: res.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  };
  const balanceOf = async (ws: Workspace) => Number((await stack.db.query<{ credits: string }>(`SELECT credits FROM workspaces WHERE id = $1`, [ws.workspace_id]))[0].credits);
  const eventsOf = async (ws: Workspace): Promise<EventRow[]> =>
    (
      await stack.db.query<{ type: string; body: any; created_at: Date }>(
        `SELECT type, body, created_at FROM events WHERE workspace_id = $1 ORDER BY created_at, id`,
        [ws.workspace_id],
      )
    ).map((r) => ({ type: r.type, body: r.body, person_id: r.body?.data?.person?.id, created_at: new Date(r.created_at).toISOString() }));
  const ledgerOf = async (ws: Workspace): Promise<LedgerRow[]> =>
    (
      await stack.db.query<{ amount: string; balance_after: string; reason: string; request_id: string | null }>(
        `SELECT amount, balance_after, reason, request_id FROM credit_transactions WHERE workspace_id = $1 ORDER BY created_at, id`,
        [ws.workspace_id],
      )
    ).map((r) => ({ amount: Number(r.amount), balance_after: Number(r.balance_after), reason: r.reason, request_id: r.request_id }));
  const savedRows = async (ws: Workspace) =>
    stack.db.query<{ person_id: string; saved_at: Date; revealed_email: string | null; edited_email: string | null }>(
      `SELECT person_id, saved_at, revealed_email, edited_email FROM saved_people WHERE workspace_id = $1 ORDER BY person_id`,
      [ws.workspace_id],
    );
  const membersOf = async (listId: string) =>
    (await stack.db.query<{ person_id: string }>(`SELECT person_id FROM people_list_members WHERE list_id = $1 ORDER BY person_id`, [listId])).map((r) => r.person_id);
  /** Everything a refused save must leave alone. */
  const footprint = async (ws: Workspace) => ({
    balance: await balanceOf(ws),
    saved: await savedRows(ws),
    ledger: await ledgerOf(ws),
    events: (await eventsOf(ws)).length,
    members: (await stack.db.query(`SELECT list_id, person_id FROM people_list_members WHERE workspace_id = $1 ORDER BY 1, 2`, [ws.workspace_id])).length,
  });
  const entryOf = (answer: { data: any }, index: number) => answer.data.saved.find((e: any) => e.index === index);
  const byPerson = (answer: { data: any }) => new Map<string, any>(answer.data.saved.map((e: any) => [e.id, e]));

  /** The shape every event body has: an evt_ id, its type, created_at with milliseconds, and the person with its saved block. */
  const expectEventBody = (event: EventRow, type: string) => {
    expect(event.body).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/),
      type,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { person: { id: event.person_id, saved: expect.any(Object) }, saved_at: expect.any(String), list_ids: expect.any(Array) },
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
      data: [P.jose, P.bob, { pro_network_url: gavinUrl }, P.peter, 'nope', UNKNOWN_PERSON_ID, P.bob, { pro_network_url: nobodyUrl }],
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
      expect(entryOf(main, 3)).toMatchObject({ index: 3, identifier: P.peter, id: P.peter, list_ids: [l1, l2], email: { bucket: 'without_email', charged: false, address: null } });
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
      expect(bob.body.data.saved).toMatchObject({ email: emailOf('bob'), email_source: 'revealed', saved_at: entryOf(main, 1).saved_at });
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
        expect(e).toEqual({ ...before, list_ids: [], email: { ...before.email, bucket: before.email.address === null ? 'without_email' : 'already_owned', charged: false } });
      }
      expect((await eventsOf(a)).length).toBe(eventsNow);
      expect(await ledgerOf(a)).toEqual(ledgerNow);
      expect(await balanceOf(a)).toBe(7);
      // A re-save into one of the lists changes nothing either; into a new list it writes person.saved only.
      await saveOk(a, { data: [P.bob], list_ids: [l1] });
      expect((await eventsOf(a)).length).toBe(eventsNow);
      const l3 = await newList(a);
      const moved = await saveOk(a, { data: [P.bob], list_ids: [l3] });
      expect(entryOf(moved, 0)).toMatchObject({ list_ids: [l3], saved_at: entryOf(main, 1).saved_at, email: { bucket: 'already_owned', charged: false } });
      expect(sorted(entryOf(moved, 0).all_list_ids)).toEqual(sorted([l1, l2, l3]));
      const added = (await eventsOf(a)).slice(eventsNow);
      expect(added.map((e) => [e.type, e.person_id])).toEqual([['person.saved', P.bob]]);
      expect(sorted(added[0].body.data.list_ids)).toEqual(sorted([l1, l2, l3]));
      expect(await ledgerOf(a)).toEqual(ledgerNow);
    });

    it("is scoped to the workspace: B saving a person A saved is charged again; A's rows, events and ledger stay", async () => {
      const before = { saved: await savedRows(a), events: await eventsOf(a), ledger: await ledgerOf(a), balance: await balanceOf(a) };
      const res = await saveOk(b, { data: [P.bob, P.jose] });
      expect(res.metadata).toMatchObject({ emails: { edited: 0, already_owned: 0, to_charge: 2, without_email: 0 }, credits: { charged: 2, balance: 3 } });
      expect(entryOf(res, 0)).toMatchObject({ id: P.bob, list_ids: [], all_list_ids: [], email: { bucket: 'to_charge', charged: true, address: emailOf('bob') } });
      expect(entryOf(res, 0).saved_at).not.toBe(entryOf(main, 1).saved_at);
      expect({ saved: await savedRows(a), events: await eventsOf(a), ledger: await ledgerOf(a), balance: await balanceOf(a) }).toEqual(before);
      const eventsB = await eventsOf(b);
      expect(sorted(eventsB.map((e) => `${e.type} ${e.person_id}`))).toEqual(
        sorted([`person.saved ${P.bob}`, `person.saved ${P.jose}`, `person.email_found ${P.bob}`, `person.email_found ${P.jose}`]),
      );
      expect((await ledgerOf(b)).filter((r) => r.reason === 'people_save')).toEqual([{ amount: -2, balance_after: 3, reason: 'people_save', request_id: expect.any(String) }]);
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
    expect(first.metadata).toMatchObject({ emails: { to_charge: 4, without_email: 1, already_owned: 0, edited: 0 }, credits: { charged: 2, balance: 0 } });
    const outcome = (answer: { data: any }) => order.map((id) => [id, entryOf(answer, order.indexOf(id)).email]);
    expect(outcome(first)).toEqual([
      [P.gwen, { bucket: 'to_charge', charged: true, address: emailOf('gwen') }],
      [P.miles, { bucket: 'to_charge', charged: true, address: emailOf('miles') }],
      [P.peter, { bucket: 'without_email', charged: false, address: null }],
      [P.norman, { bucket: 'to_charge', charged: false, address: null }],
      [P.maria, { bucket: 'to_charge', charged: false, address: null }],
    ]);
    const revealed = async () => new Map((await savedRows(ws)).map((r) => [r.person_id, r.revealed_email]));
    expect(await revealed()).toEqual(new Map([[P.gwen, emailOf('gwen')], [P.miles, emailOf('miles')], [P.peter, null], [P.norman, null], [P.maria, null]]));
    const events1 = await eventsOf(ws);
    expect(sorted(events1.filter((e) => e.type === 'person.saved').map((e) => e.person_id))).toEqual(sorted(order));
    expect(sorted(events1.filter((e) => e.type === 'person.email_found').map((e) => e.person_id))).toEqual(sorted([P.gwen, P.miles]));

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
    expect(second.metadata).toMatchObject({ emails: { to_charge: 2, already_owned: 2, without_email: 1, edited: 0 }, credits: { charged: 2, balance: 3 } });
    expect(outcome(second)).toEqual([
      [P.gwen, { bucket: 'already_owned', charged: false, address: emailOf('gwen') }],
      [P.miles, { bucket: 'already_owned', charged: false, address: emailOf('miles') }],
      [P.peter, { bucket: 'without_email', charged: false, address: null }],
      [P.norman, { bucket: 'to_charge', charged: true, address: emailOf('norman') }],
      [P.maria, { bucket: 'to_charge', charged: true, address: emailOf('maria') }],
    ]);
    // saved_at is the first save's.
    for (const id of order) expect(entryOf(second, order.indexOf(id)).saved_at).toBe(entryOf(first, order.indexOf(id)).saved_at);
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
    const body = { data: [P.alice, P.ana, P.bob, P.gavin, { pro_network_url: personUrl('priya') }, P.jurgen, P.lukasz, P.peter, 'bad', UNKNOWN_PERSON_ID, P.bob] };

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
    expect(saved.metadata.credits).toEqual({ charged: Math.min(before.credits_needed, before.credits_available), balance: 0 });
    expect(saved.metadata.emails).toEqual(before.emails);
    expect(saved.metadata).toMatchObject({ total: before.requested, not_matched_count: before.not_matched, invalid_count: before.invalid, truncated: before.truncated });
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
    expect(first.data.saved.map((e: any) => [e.index, e.identifier, e.matched_by])).toEqual(firstFive.map((id, i) => [i, id, 'filters']));
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
        email: { bucket: WITH_VALID_EMAIL.has(e.id) ? 'to_charge' : 'without_email', charged: charged.has(e.id), address: charged.has(e.id) ? expect.stringContaining('@') : null },
      });
    }
    expect(await membersOf(l)).toEqual(sorted(firstFive));

    // The rest, by leaving the first five out: not truncated.
    const rest = await saveOk(ws, { filters, exclude_ids: ids.slice(0, 5) });
    expect(rest.data.saved.map((e: any) => e.id)).toEqual(ids.slice(5));
    expect(rest.metadata).toMatchObject({ total: 13, saved_count: 13, truncated: false, credits: { charged: 0, balance: 0 } });

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
      expect({ what, error: errorOf(res) }).toMatchObject({ what, error: { name: 'VALIDATION_ERROR', payload: { field: 'limit', code: 'out_of_range' } } });
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
        expect({ what, error: errorOf(res) }).toMatchObject({ what, error: { name: 'VALIDATION_ERROR', payload: { field: 'list_ids', code: 'invalid_value' } } });
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
      ['51 URL items', { data: Array.from({ length: 51 }, (_, i) => ({ pro_network_url: `https://pronet.example/in/x-${i}` })) }, 'data', 'out_of_range'],
      ['a bad filter key', { filters: { bogus: {} } }, 'filters.bogus', 'unknown_field'],
      ['an unknown key', { data: [P.jose], dry_run: true }, 'dry_run', 'unknown_field'],
    ];
    for (const [what, body, field, code] of cases) {
      const res = await post(ws, body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect({ what, error: errorOf(res) }).toMatchObject({ what, error: { name: 'VALIDATION_ERROR', payload: { field, code } } });
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
      seen.push({ what, balance: await balanceOf(ws), ledgerSum: rows.reduce((n, r) => n + r.amount, 0), lastBalanceAfter: rows.at(-1)?.balance_after });
    }
    expect(seen).toEqual([
      { what: 'a', balance: 7, ledgerSum: 7, lastBalanceAfter: 7 },
      { what: 'runOut', balance: 3, ledgerSum: 3, lastBalanceAfter: 3 },
    ]);
  });

  // ------------------------------------------------------------------ concurrency
  describe('randomized concurrent, repeated and aborted saves of one workspace', () => {
    const SEED = Number(process.env.PEOPLE_SAVE_SEED ?? 20261123);
    const REQUESTS_PER_ROUND = 10;
    const ABORTED_PER_ROUND = 2;

    interface Sent {
      round: number;
      requestId: string;
      body: { data: unknown[]; list_ids: string[] };
      aborted: boolean;
    }
    interface Answered extends Sent {
      res: HttpAnswer;
    }
    const answered: Answered[] = [];
    const aborted: Sent[] = [];
    const ledgerVsBalance: Array<{ round: number; balance: number; ledgerSum: number }> = [];
    let lists: string[] = [];

    beforeAll(async () => {
      lists = [await newList(concurrent), await newList(concurrent)];
    });

    /** mulberry32: a small seeded PRNG, so a failing run can be replayed with PEOPLE_SAVE_SEED. */
    const prng = (seed: number) => () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };

    /** Sends a save and destroys the socket right after the request is written: the client never reads an answer. */
    const abortedSave = (ws: Workspace, body: unknown, requestId: string, delayMs: number) =>
      new Promise<void>((resolve) => {
        const payload = Buffer.from(JSON.stringify(body));
        const url = new URL(stack.base);
        const req = http.request({
          host: url.hostname,
          port: Number(url.port),
          method: 'POST',
          path: '/v2/people/save',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': payload.length, 'x-api-key': ws.api_key, 'x-request-id': requestId },
        });
        req.on('error', () => resolve());
        req.on('response', (res) => {
          res.resume();
          req.destroy();
          resolve();
        });
        req.end(payload, () => {
          if (delayMs === 0) req.destroy();
          else setTimeout(() => req.destroy(), delayMs);
          resolve();
        });
      });

    /** Waits until no client backend of the test database is doing anything (aborted saves run on server-side). */
    const quiesce = async () => {
      const deadline = Date.now() + 20_000;
      await new Promise((r) => setTimeout(r, 150));
      for (let quiet = 0; quiet < 8; ) {
        const [{ n }] = await stack.db.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'`,
        );
        quiet = Number(n) === 0 ? quiet + 1 : 0;
        if (Date.now() > deadline) throw new Error('the database did not become quiet within 20 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    it(`keeps every invariant through ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} concurrent saves (+${ABORTED_PER_ROUND} aborted)`, async () => {
      const rand = prng(SEED);
      const int = (n: number) => Math.floor(rand() * n);
      const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
      const shuffle = <T>(xs: readonly T[]) => {
        const out = [...xs];
        for (let i = out.length - 1; i > 0; i--) {
          const j = int(i + 1);
          [out[i], out[j]] = [out[j], out[i]];
        }
        return out;
      };
      const ws = concurrent;
      const everyone: string[] = [];
      const listChoices = [[], [lists[0]], [lists[1]], [lists[0], lists[1]]];

      for (let round = 0; round < ROUNDS; round++) {
        const fresh = Array.from({ length: PEOPLE_PER_ROUND }, (_, i) => conc(round, i));
        const pool = [...fresh, ...shuffle(everyone).slice(0, 3)];
        everyone.push(...fresh);
        const sends: Sent[] = [];
        for (let i = 0; i < REQUESTS_PER_ROUND + ABORTED_PER_ROUND; i++) {
          const requestId = `conc-${SEED}-${round}-${i}-${Date.now().toString(36)}`;
          const isAborted = i >= REQUESTS_PER_ROUND;
          if (i >= 2 && !isAborted && rand() < 0.3) {
            // An exact duplicate of an earlier request of the round, sent at the same time.
            sends.push({ round, requestId, body: structuredClone(pick(sends).body), aborted: false });
            continue;
          }
          const people = shuffle(pool).slice(0, 2 + int(7));
          const data: unknown[] = [...people];
          if (rand() < 0.3) data.push(pick(people)); // a repeated item
          if (rand() < 0.3) data.push({ pro_network_url: concUrl(pick(people)) }); // the same person by URL
          sends.push({ round, requestId, body: { data, list_ids: pick(listChoices) }, aborted: isAborted });
        }
        const results = await Promise.all(
          sends.map(async (s) => {
            if (s.aborted) {
              await abortedSave(ws, s.body, s.requestId, int(3) * 5);
              return null;
            }
            return post(ws, s.body, s.requestId).catch((error) => ({ status: -1, text: String(error) }) as HttpAnswer);
          }),
        );
        sends.forEach((s, i) => (s.aborted ? aborted.push(s) : answered.push({ ...s, res: results[i]! })));
        await quiesce();
        await checkInvariants(ws, round);
      }
      // The run did exercise what it should: charges, run-out and events.
      const charged = answered.reduce((n, a) => n + (a.res.body?.metadata?.credits?.charged ?? 0), 0);
      expect(charged).toBeGreaterThan(0);
      expect(await balanceOf(ws)).toBeLessThan(PEOPLE_PER_ROUND);
      expect(answered.some((a) => a.res.body?.data?.saved?.some((e: any) => e.email.bucket === 'to_charge' && !e.email.charged))).toBe(true);
    });

    it('the ledger sums to the balance after every round (I5)', () => {
      expect(ledgerVsBalance).toHaveLength(ROUNDS);
      expect(ledgerVsBalance.filter((r) => r.balance !== r.ledgerSum)).toEqual([]);
    });

    async function checkInvariants(ws: Workspace, round: number) {
      const where = `seed ${SEED}, round ${round}`;
      // I7: no 5xx, in fact every answered save is a 200.
      const statuses = answered.filter((a) => a.round === round).map((a) => a.res.status);
      expect({ where, statuses }).toEqual({ where, statuses: statuses.map(() => 200) });

      const balance = await balanceOf(ws);
      const saved = await savedRows(ws);
      const revealed = saved.filter((r) => r.revealed_email !== null);
      const events = await eventsOf(ws);
      const ledger = await ledgerOf(ws);
      const saves = ledger.filter((r) => r.reason === 'people_save');
      const found = events.filter((e) => e.type === 'person.email_found');
      const personSaved = events.filter((e) => e.type === 'person.saved');

      // I1, I2
      expect({ where, nonNegative: balance >= 0 }).toEqual({ where, nonNegative: true });
      expect({ where, balance }).toEqual({ where, balance: CONCURRENT_BALANCE - revealed.length });

      // I3: at most one email_found per person, exactly for the revealed people, with their address.
      const foundPer = new Map<string, number>();
      for (const e of found) foundPer.set(e.person_id, (foundPer.get(e.person_id) ?? 0) + 1);
      expect({ where, twice: [...foundPer].filter(([, n]) => n > 1) }).toEqual({ where, twice: [] });
      expect({ where, found: sorted([...foundPer.keys()]) }).toEqual({ where, found: sorted(revealed.map((r) => r.person_id)) });
      for (const e of found) {
        expect({ where, email: e.body.data.email }).toEqual({ where, email: concEmail(e.person_id) });
        expect(revealed.find((r) => r.person_id === e.person_id)?.revealed_email).toBe(e.body.data.email);
      }

      // I4: answers, ledger rows and email_found events agree.
      const ledgerByRequest = new Map<string, LedgerRow[]>();
      for (const r of saves) ledgerByRequest.set(r.request_id ?? '', [...(ledgerByRequest.get(r.request_id ?? '') ?? []), r]);
      let answeredCharged = 0;
      for (const a of answered) {
        const credits = a.res.body.metadata.credits;
        answeredCharged += credits.charged;
        expect({ where, request: a.requestId, rows: ledgerByRequest.get(a.requestId) ?? [] }).toEqual({
          where,
          request: a.requestId,
          rows: credits.charged === 0 ? [] : [{ amount: -credits.charged, balance_after: credits.balance, reason: 'people_save', request_id: a.requestId }],
        });
        // Within the answer: charged people are distinct, revealed with their address; unpaid ones have none.
        const entries: any[] = a.res.body.data.saved;
        const chargedIds = new Set(entries.filter((e) => e.email.charged).map((e) => e.id));
        expect({ where, request: a.requestId, charged: chargedIds.size }).toEqual({ where, request: a.requestId, charged: credits.charged });
        for (const e of entries) {
          if (e.email.charged || e.email.bucket === 'already_owned') expect(e.email.address).toBe(concEmail(e.id));
          if (e.email.bucket === 'to_charge' && !e.email.charged) expect(e.email.address).toBeNull();
        }
      }
      let abortedCharged = 0;
      for (const s of aborted) {
        const rows = ledgerByRequest.get(s.requestId) ?? [];
        expect({ where, request: s.requestId, rowCount: rows.length <= 1 }).toEqual({ where, request: s.requestId, rowCount: true });
        abortedCharged += rows.reduce((n, r) => n - r.amount, 0);
      }
      const ledgerCharged = -saves.reduce((n, r) => n + r.amount, 0);
      expect({ where, answeredPlusAborted: answeredCharged + abortedCharged, emailFound: found.length, ledgerCharged }).toEqual({
        where,
        answeredPlusAborted: ledgerCharged,
        emailFound: ledgerCharged,
        ledgerCharged,
      });
      // Every people_save row belongs to one of our requests, once.
      const known = new Set([...answered, ...aborted].map((s) => s.requestId));
      expect({ where, strangers: saves.filter((r) => !known.has(r.request_id ?? '')) }).toEqual({ where, strangers: [] });
      expect({ where, repeated: [...ledgerByRequest].filter(([, rows]) => rows.length > 1).map(([id]) => id) }).toEqual({ where, repeated: [] });

      // I5, recorded for its own test.
      ledgerVsBalance.push({ round, balance, ledgerSum: ledger.reduce((n, r) => n + r.amount, 0) });

      // I6: person.saved events against the saved rows and memberships.
      const savedAt = new Map(saved.map((r) => [r.person_id, new Date(r.saved_at).toISOString()]));
      const members = await stack.db.query<{ list_id: string; person_id: string }>(`SELECT list_id, person_id FROM people_list_members WHERE workspace_id = $1`, [ws.workspace_id]);
      const listsOf = new Map<string, string[]>();
      for (const m of members) listsOf.set(m.person_id, [...(listsOf.get(m.person_id) ?? []), m.list_id]);
      const eventsPer = new Map<string, EventRow[]>();
      for (const e of personSaved) eventsPer.set(e.person_id, [...(eventsPer.get(e.person_id) ?? []), e]);
      expect({ where, eventsFor: sorted([...eventsPer.keys()]) }).toEqual({ where, eventsFor: sorted([...savedAt.keys()]) });
      for (const [id, list] of eventsPer) {
        const ordered = [...list].sort((x, y) => x.created_at.localeCompare(y.created_at) || x.body.data.list_ids.length - y.body.data.list_ids.length);
        for (let i = 1; i < ordered.length; i++) {
          const prev = new Set<string>(ordered[i - 1].body.data.list_ids);
          const next: string[] = ordered[i].body.data.list_ids;
          expect({ where, id, grows: next.length > prev.size && [...prev].every((l) => next.includes(l)) }).toEqual({ where, id, grows: true });
        }
        expect({ where, id, last: sorted(ordered.at(-1)!.body.data.list_ids) }).toEqual({ where, id, last: sorted(listsOf.get(id) ?? []) });
        expect({ where, id, atMost: list.length <= 1 + (listsOf.get(id)?.length ?? 0) }).toEqual({ where, id, atMost: true });
        for (const e of list) expect({ where, id, saved_at: e.body.data.saved_at }).toEqual({ where, id, saved_at: savedAt.get(id) });
      }

      // I7: every answered save's people are saved, in its lists, with the first saved_at.
      for (const a of answered) {
        for (const e of a.res.body.data.saved) {
          expect({ where, id: e.id, saved_at: e.saved_at }).toEqual({ where, id: e.id, saved_at: savedAt.get(e.id) });
          for (const l of a.body.list_ids) expect({ where, id: e.id, inList: (listsOf.get(e.id) ?? []).includes(l) }).toEqual({ where, id: e.id, inList: true });
        }
      }
    }
  });
});
