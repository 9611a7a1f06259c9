/**
 * POST /v2/people/save (docs/people-saves.md, events of docs/api.md#events), black box: the randomized
 * concurrency case (the rest of the save is in save.e2e-spec.ts). Invariants checked after every round, for
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
import { writeLines } from '../support/dataset-records';
import { HttpAnswer } from '../support/http';
import { baseCompanyRecords, basePersonRecords, C } from '../support/people-fixtures';
import { EventRow, LedgerRow, peopleSaveKit, sorted } from '../support/people-save-kit';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

// The concurrency case's own people: fresh ones each round, all with a valid email, matching no filter the other tests use.
const ROUNDS = 5;
const PEOPLE_PER_ROUND = 15;
const conc = (round: number, i: number) =>
  '5d' + '0'.repeat(18) + String(round).padStart(2, '0') + String(i).padStart(2, '0');
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
        location: {
          city: 'London',
          state: 'England',
          state_code: 'ENG',
          country: 'United Kingdom',
          country_code: 'GB',
        },
        emails: [{ address: concEmail(id), status: 'valid' }],
        phone: { status: 'unknown' },
        positions: [
          {
            company_id: C.cyberdyne,
            title: 'Volunteer',
            seniority: 'Unpaid',
            departments: ['Operations', 'Safety'],
            started_at: '2020-01-01',
            ended_at: null,
            is_primary: true,
          },
        ],
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
  const cf = writeLines(
    'companies.ndjson',
    companies.map((c) => JSON.stringify(c)),
  );
  const pf = writeLines(
    'people.ndjson',
    people.map((p) => JSON.stringify(p)),
  );
  const result = await stack.cli(['dataset:import', '--companies', cf, '--people', pf]);
  if (
    result.code !== 0 ||
    result.json?.people?.imported !== people.length ||
    result.json?.companies?.imported !== companies.length
  ) {
    throw new Error(`dataset:import failed (${result.code}): ${result.stdout} ${result.stderr}`);
  }
}

describe('POST /v2/people/save', () => {
  let stack: TestStack;
  let concurrent: Workspace; // CONCURRENT_BALANCE credits

  const CONCURRENT_BALANCE = 40;

  beforeAll(async () => {
    stack = await startStack();
    [, concurrent] = await Promise.all([importData(stack), stack.workspace(CONCURRENT_BALANCE)]);
  });
  afterAll(() => stack?.close());

  const { post, newList, balanceOf, eventsOf, ledgerOf, savedRows } = peopleSaveKit(() => stack);

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
          headers: {
            'content-type': 'application/json',
            'content-length': payload.length,
            'x-api-key': ws.api_key,
            'x-request-id': requestId,
          },
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
      for (let quiet = 0; quiet < 8;) {
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
      expect(
        answered.some((a) =>
          a.res.body?.data?.saved?.some((e: any) => e.email.bucket === 'to_charge' && !e.email.charged),
        ),
      ).toBe(true);
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
      expect({ where, found: sorted([...foundPer.keys()]) }).toEqual({
        where,
        found: sorted(revealed.map((r) => r.person_id)),
      });
      for (const e of found) {
        expect({ where, email: e.body.data.email }).toEqual({ where, email: concEmail(e.person_id) });
        expect(revealed.find((r) => r.person_id === e.person_id)?.revealed_email).toBe(e.body.data.email);
      }

      // I4: answers, ledger rows and email_found events agree.
      const ledgerByRequest = new Map<string, LedgerRow[]>();
      for (const r of saves)
        ledgerByRequest.set(r.request_id ?? '', [...(ledgerByRequest.get(r.request_id ?? '') ?? []), r]);
      let answeredCharged = 0;
      for (const a of answered) {
        const credits = a.res.body.metadata.credits;
        answeredCharged += credits.charged;
        expect({ where, request: a.requestId, rows: ledgerByRequest.get(a.requestId) ?? [] }).toEqual({
          where,
          request: a.requestId,
          rows:
            credits.charged === 0
              ? []
              : [
                  {
                    amount: -credits.charged,
                    balance_after: credits.balance,
                    reason: 'people_save',
                    request_id: a.requestId,
                  },
                ],
        });
        // Within the answer: charged people are distinct, revealed with their address; unpaid ones have none.
        const entries: any[] = a.res.body.data.saved;
        const chargedIds = new Set(entries.filter((e) => e.email.charged).map((e) => e.id));
        expect({ where, request: a.requestId, charged: chargedIds.size }).toEqual({
          where,
          request: a.requestId,
          charged: credits.charged,
        });
        for (const e of entries) {
          if (e.email.charged || e.email.bucket === 'already_owned') expect(e.email.address).toBe(concEmail(e.id));
          if (e.email.bucket === 'to_charge' && !e.email.charged) expect(e.email.address).toBeNull();
        }
      }
      let abortedCharged = 0;
      for (const s of aborted) {
        const rows = ledgerByRequest.get(s.requestId) ?? [];
        expect({ where, request: s.requestId, rowCount: rows.length <= 1 }).toEqual({
          where,
          request: s.requestId,
          rowCount: true,
        });
        abortedCharged += rows.reduce((n, r) => n - r.amount, 0);
      }
      const ledgerCharged = -saves.reduce((n, r) => n + r.amount, 0);
      expect({
        where,
        answeredPlusAborted: answeredCharged + abortedCharged,
        emailFound: found.length,
        ledgerCharged,
      }).toEqual({
        where,
        answeredPlusAborted: ledgerCharged,
        emailFound: ledgerCharged,
        ledgerCharged,
      });
      // Every people_save row belongs to one of our requests, once.
      const known = new Set([...answered, ...aborted].map((s) => s.requestId));
      expect({ where, strangers: saves.filter((r) => !known.has(r.request_id ?? '')) }).toEqual({
        where,
        strangers: [],
      });
      expect({ where, repeated: [...ledgerByRequest].filter(([, rows]) => rows.length > 1).map(([id]) => id) }).toEqual(
        { where, repeated: [] },
      );

      // I5, recorded for its own test.
      ledgerVsBalance.push({ round, balance, ledgerSum: ledger.reduce((n, r) => n + r.amount, 0) });

      // I6: person.saved events against the saved rows and memberships.
      const savedAt = new Map(saved.map((r) => [r.person_id, new Date(r.saved_at).toISOString()]));
      const members = await stack.db.query<{ list_id: string; person_id: string }>(
        `SELECT list_id, person_id FROM people_list_members WHERE workspace_id = $1`,
        [ws.workspace_id],
      );
      const listsOf = new Map<string, string[]>();
      for (const m of members) listsOf.set(m.person_id, [...(listsOf.get(m.person_id) ?? []), m.list_id]);
      const eventsPer = new Map<string, EventRow[]>();
      for (const e of personSaved) eventsPer.set(e.person_id, [...(eventsPer.get(e.person_id) ?? []), e]);
      expect({ where, eventsFor: sorted([...eventsPer.keys()]) }).toEqual({
        where,
        eventsFor: sorted([...savedAt.keys()]),
      });
      for (const [id, list] of eventsPer) {
        const ordered = [...list].sort(
          (x, y) =>
            x.created_at.localeCompare(y.created_at) || x.body.data.list_ids.length - y.body.data.list_ids.length,
        );
        for (let i = 1; i < ordered.length; i++) {
          const prev = new Set<string>(ordered[i - 1].body.data.list_ids);
          const next: string[] = ordered[i].body.data.list_ids;
          expect({ where, id, grows: next.length > prev.size && [...prev].every((l) => next.includes(l)) }).toEqual({
            where,
            id,
            grows: true,
          });
        }
        expect({ where, id, last: sorted(ordered.at(-1)!.body.data.list_ids) }).toEqual({
          where,
          id,
          last: sorted(listsOf.get(id) ?? []),
        });
        expect({ where, id, atMost: list.length <= 1 + (listsOf.get(id)?.length ?? 0) }).toEqual({
          where,
          id,
          atMost: true,
        });
        for (const e of list)
          expect({ where, id, saved_at: e.body.data.saved_at }).toEqual({ where, id, saved_at: savedAt.get(id) });
      }

      // I7: every answered save's people are saved, in its lists, with the first saved_at.
      for (const a of answered) {
        for (const e of a.res.body.data.saved) {
          expect({ where, id: e.id, saved_at: e.saved_at }).toEqual({ where, id: e.id, saved_at: savedAt.get(e.id) });
          for (const l of a.body.list_ids)
            expect({ where, id: e.id, inList: (listsOf.get(e.id) ?? []).includes(l) }).toEqual({
              where,
              id: e.id,
              inList: true,
            });
        }
      }
    }
  });
});
