import fc from 'fast-check';
import { isWholeListSelection, MAX_LIMIT } from '../../apps/api/src/people/saves/selection-request';
import { seededRandom } from '../support/seeded-random';
import type { HttpAnswer } from '../support/http';
import { FilterVocabulary, LIST_REFS, peopleFiltersArb } from '../support/people-filters-arbitrary';
import { importPeopleFixture } from '../support/people-fixtures';
import { startStack, TestStack, Workspace } from '../support/stack';

/**
 * The people filter set as a property (issue 27 item 2): random filter objects over the whole
 * vocabulary (test/support/people-filters-arbitrary.ts), each run through search, credit preview,
 * save (into a workspace with credits to spare) and export. It fails on
 *  - any 5xx, or any 4xx outside the envelope;
 *  - a preview that disagrees with the search of the same filters, by this equivalence (when the
 *    search's count is exact, `total_is_estimate` false, which the small fixture always is):
 *      preview.requested = min(total_count, limit)      truncated = total_count > limit
 *      savable = requested = the sum of the email buckets, credits_needed = emails.to_charge
 *    where `limit` is the body's, else 25,000 (1,000,000 for a whole-list shape), and the preview's
 *    `exclude_ids` are sent to the search as `person.id.exclude` (the same condition);
 *  - a save of the same body that takes other people than the preview priced: its metadata total,
 *    emails and truncated equal the preview's, and it charges exactly credits_needed;
 *  - an export of the same filters whose total is not min(total_count, limit) of the search scoped
 *    to saved people as the export scopes it (lists.saved any unless given; none is a 400);
 *  - a search page that does not hold min(total_count, per_page) people;
 *  - filters one route refuses with 400 and another serves.
 * Where the search says an estimate (over 25,000 capped matches, not reachable here) only the
 * no-5xx part applies.
 *
 * `npm test` runs FILTER_FUZZ_CASES (default 300) objects from a fixed seed; `npm run fuzz` runs
 * 3,000 from a random seed, printed so a failure replays with FUZZ_SEED=<seed>.
 */
const RANDOM = !!process.env.FUZZ_RANDOM;
const CASES = Number(process.env.FILTER_FUZZ_CASES ?? (RANDOM ? 3000 : 300));
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : RANDOM
    ? Math.floor(Math.random() * 2 ** 31)
    : 20261125;
/** Workspaces worked in parallel, each one case at a time (a case's save changes what the next one sees). */
const LANES = 4;
/** A lane puts its workspace back to a random arrangement of saves, reveals, lists and exports this often. */
const RESET_EVERY = 8;

interface Case {
  filters: Record<string, unknown>;
  limit?: number;
  excludeIds?: string[];
  perPage: number;
}

interface Lane {
  ws: Workspace;
  lists: Record<(typeof LIST_REFS)[number], string>;
  live: string[];
}

/** Replaces the list placeholders of the generator by one lane's lists. */
function withLists(value: unknown, lane: Lane): unknown {
  if (typeof value === 'string') return (lane.lists as Record<string, string>)[value] ?? value;
  if (Array.isArray(value)) return value.map((v) => withLists(v, lane));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withLists(v, lane)]));
  return value;
}

const isObject = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The search filters equal to a selection's filters plus its exclude_ids, or null when no search can say it. */
function searchFiltersOf(
  filters: Record<string, unknown>,
  excludeIds: string[] | undefined,
): Record<string, unknown> | null {
  if (!excludeIds?.length) return filters;
  const person = filters.person ?? {};
  if (!isObject(person) || person.pro_network_url !== undefined) return null;
  const id = person.id ?? {};
  if (!isObject(id) || (id.exclude !== undefined && !Array.isArray(id.exclude))) return null;
  const exclude = [...(id.exclude ?? []), ...excludeIds];
  if (exclude.length > 100) return null;
  return { ...filters, person: { ...person, id: { ...id, exclude } } };
}

/** The export's own scoping: saved people only (test/people/export.e2e-spec.ts tests that rule itself). */
function scopedToSaved(filters: Record<string, unknown>): Record<string, unknown> {
  const lists = filters.lists;
  if (lists === undefined) return { ...filters, lists: { saved: 'any' } };
  if (isObject(lists) && lists.saved === undefined) return { ...filters, lists: { ...lists, saved: 'any' } };
  return filters;
}

/** An answer's first error (or its text), short enough for a failure list. */
const brief = (answer: HttpAnswer) => JSON.stringify(answer.body?.errors?.[0] ?? answer.text).slice(0, 300);

const savedIsNone = (filters: Record<string, unknown>) =>
  isObject(filters.lists) &&
  typeof filters.lists.saved === 'string' &&
  filters.lists.saved.trim().toLowerCase() === 'none';

describe(`people filters: search, preview, save and export agree (${CASES} filter objects, seed ${SEED})`, () => {
  let stack: TestStack;
  let lanes: Lane[];
  let vocabulary: FilterVocabulary;
  const counts: Record<string, number> = {};
  const tally = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);

  beforeAll(async () => {
    console.log(
      `filters fuzz: ${CASES} filter objects, seed ${SEED} (replay: FUZZ_SEED=${SEED} FILTER_FUZZ_CASES=${CASES} npx jest --selectProjects e2e --testPathPatterns people/filters-fuzz)`,
    );
    // Exports are this test's fourth request of every case: no daily export quota may refuse them.
    stack = await startStack({ env: { EXPORTS_PER_DAY: '1000000' } });
    const [, foreign, ...workspaces] = await Promise.all([
      importPeopleFixture(stack, { extended: true }),
      stack.workspace(0),
      ...Array.from({ length: LANES }, () => stack.workspace(1_000_000)),
    ]);
    const foreignList = (await foreign.api.post('/v2/lists', { name: 'foreign', type: 'people' })).body.data.id;
    lanes = await Promise.all(workspaces.map((ws) => laneOf(ws, foreignList)));
    vocabulary = await vocabularyOf();
  }, 120_000);
  afterAll(() => stack?.close());

  async function laneOf(ws: Workspace, foreignList: string): Promise<Lane> {
    const newList = async (name: string) =>
      (await ws.api.post('/v2/lists', { name, type: 'people' })).body.data.id as string;
    const [l0, l1, empty, deleted] = [
      await newList('zero'),
      await newList('one'),
      await newList('empty'),
      await newList('deleted'),
    ];
    expect((await ws.api.delete(`/v2/lists/${deleted}`)).status).toBe(200);
    const lists = {
      '@list:0': l0,
      '@list:1': l1,
      '@list:empty': empty,
      '@list:deleted': deleted,
      '@list:foreign': foreignList,
      lst_unknown: 'lst_unknown',
    };
    return { ws, lists, live: [l0, l1] };
  }

  /** Instants the lanes save people at: edges of days and years, and now. */
  const SAVED_AT = [
    '2026-01-01T00:00:00Z',
    '2025-12-31T23:59:59.999Z',
    '2024-02-29T12:00:00Z',
    '1970-01-01T00:00:00Z',
    new Date().toISOString(),
  ];

  async function vocabularyOf(): Promise<FilterVocabulary> {
    const q = async (sql: string) =>
      (await stack.db.query<{ v: any }>(sql)).map((r) => r.v).filter((v) => v !== null && v !== '');
    const [
      personIds,
      names,
      proNetworkUrls,
      titles,
      companyIds,
      companyNames,
      domains,
      proNetworkIds,
      naics,
      locations,
      keywords,
      industries,
    ] = await Promise.all([
      q(`SELECT id AS v FROM people ORDER BY 1`),
      q(`SELECT DISTINCT unnest(ARRAY[full_name, first_name, last_name]) AS v FROM people ORDER BY 1`),
      q(`SELECT pro_network_url AS v FROM people ORDER BY 1`),
      q(`SELECT DISTINCT title AS v FROM positions ORDER BY 1`),
      q(`SELECT id AS v FROM companies ORDER BY 1`),
      q(`SELECT name AS v FROM companies ORDER BY 1`),
      q(`SELECT website AS v FROM companies ORDER BY 1`),
      q(`SELECT pro_network_id::int AS v FROM companies ORDER BY 1`),
      q(`SELECT DISTINCT unnest(naics_codes) AS v FROM companies ORDER BY 1`),
      q(`SELECT DISTINCT x AS v FROM (SELECT location FROM people UNION ALL SELECT location FROM companies) l,
           LATERAL unnest(ARRAY[concat_ws(', ', l.location->>'city', l.location->>'state', l.location->>'country'),
                                concat_ws(', ', l.location->>'state', l.location->>'country'), l.location->>'country']) x
          WHERE l.location IS NOT NULL ORDER BY 1`),
      q(
        `SELECT DISTINCT unnest(keywords || regexp_split_to_array(lower(coalesce(social_media_description, '')), '\\s+')) AS v FROM companies ORDER BY 1`,
      ),
      q(`SELECT DISTINCT industry AS v FROM companies ORDER BY 1`),
    ]);
    return {
      personIds,
      names,
      proNetworkUrls,
      titles,
      companyIds,
      companyNames,
      domains,
      proNetworkIds,
      naics,
      locations,
      keywords: keywords.filter((k: string) => k.length >= 3),
      industries,
      lists: [...LIST_REFS, '@list:0', '@list:1'],
      savedAround: SAVED_AT,
    };
  }

  /**
   * Puts a lane's workspace into a random arrangement: some people saved (at the SAVED_AT
   * instants), some of them revealed or edited, some in the live lists or the deleted one, some
   * exported. Written directly: the routes that make these are tested elsewhere, and this way
   * every arrangement is reachable in one statement.
   */
  async function arrange(lane: Lane, random: () => number, personIds: string[]): Promise<void> {
    const pick = (share: number) => personIds.filter(() => random() < share);
    const saved = pick(0.3);
    const ws = lane.ws.workspace_id;
    const at = saved.map(() => SAVED_AT[Math.floor(random() * SAVED_AT.length)]);
    const revealed = saved.filter(() => random() < 0.4);
    const edited = saved.filter(() => random() < 0.15);
    const memberships = saved.flatMap((id) =>
      [...lane.live, lane.lists['@list:deleted']].filter(() => random() < 0.3).map((list) => [list, id]),
    );
    const exported = [...saved.filter(() => random() < 0.3), ...pick(0.05)];
    await stack.db.query(
      `WITH gone_members AS (DELETE FROM people_list_members WHERE workspace_id = $1),
            gone_exports AS (DELETE FROM exported_people WHERE workspace_id = $1)
       DELETE FROM saved_people WHERE workspace_id = $1`,
      [ws],
    );
    await stack.db.query(
      `INSERT INTO saved_people (workspace_id, person_id, saved_at, revealed_email, revealed_at, edited_email)
       SELECT $1, s.id, s.at, CASE WHEN s.id = ANY($4::char(24)[]) THEN p.best_email END, CASE WHEN s.id = ANY($4::char(24)[]) THEN now() END,
              CASE WHEN s.id = ANY($5::char(24)[]) THEN 'edited@example.com' END
         FROM unnest($2::char(24)[], $3::timestamptz[]) AS s(id, at) JOIN people p ON p.id = s.id`,
      [ws, saved, at, revealed, edited],
    );
    await stack.db.query(
      `INSERT INTO people_list_members (list_id, person_id, workspace_id) SELECT m.list, m.id, $1 FROM unnest($2::text[], $3::char(24)[]) AS m(list, id) ON CONFLICT DO NOTHING`,
      [ws, memberships.map((m) => m[0]), memberships.map((m) => m[1])],
    );
    await stack.db.query(
      `INSERT INTO exported_people (workspace_id, person_id) SELECT $1, unnest($2::char(24)[]) ON CONFLICT DO NOTHING`,
      [ws, exported],
    );
  }

  function casesOf(): Case[] {
    const personId = fc.constantFrom(...vocabulary.personIds, 'ab' + 'c'.repeat(22));
    const caseArb = fc.record({
      filters: peopleFiltersArb(vocabulary),
      limit: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: fc.constantFrom(1, 2, 3, 5, 10) },
        { weight: 1, arbitrary: fc.constantFrom(MAX_LIMIT, 1_000_000) },
      ),
      excludeIds: fc.oneof(
        { weight: 5, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.array(personId, { minLength: 1, maxLength: 4 }) },
      ),
      perPage: fc.constantFrom(1, 7, 100),
    });
    return fc
      .sample(caseArb, { seed: SEED, numRuns: CASES })
      .map((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as unknown as Case);
  }

  /** What went wrong with one case, or nothing. */
  async function runCase(lane: Lane, c: Case): Promise<string[]> {
    const filters = withLists(c.filters, lane) as Record<string, unknown>;
    const selection = {
      filters,
      ...(c.limit === undefined ? {} : { limit: c.limit }),
      ...(c.excludeIds ? { exclude_ids: c.excludeIds } : {}),
    };
    const problems: string[] = [];
    const api = lane.ws.api;
    const answers: Array<[string, HttpAnswer]> = [];
    const call = async (route: string, body: unknown) => {
      const answer = await api.post(route, body);
      answers.push([route, answer]);
      if (answer.status >= 500) problems.push(`${route} answered ${answer.status}: ${brief(answer)}`);
      else if (
        answer.status >= 400 &&
        !(answer.body?.success === false && Array.isArray(answer.body.errors) && answer.body.errors[0]?.name)
      ) {
        problems.push(`${route} answered ${answer.status} outside the envelope: ${answer.text.slice(0, 300)}`);
      } else if (
        answer.status === 400 &&
        !(answer.body.errors[0].payload?.field && answer.body.errors[0].payload?.code)
      ) {
        problems.push(`${route} answered 400 without payload.field and payload.code: ${answer.text.slice(0, 300)}`);
      }
      return answer;
    };
    const expectEqual = (what: string, actual: unknown, expected: unknown) => {
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        problems.push(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    };

    const searchFilters = searchFiltersOf(filters, c.excludeIds);
    const search =
      searchFilters && (await call('/v2/people/search', { filters: searchFilters, page: 1, per_page: c.perPage }));
    const preview = await call('/v2/people/calculate-credits', selection);
    const save = await call('/v2/people/save', selection);
    const exportLimit = c.limit ?? MAX_LIMIT;
    const exported = await call('/v2/people/export', {
      filters,
      limit: exportLimit,
      ...(c.excludeIds ? { exclude_ids: c.excludeIds } : {}),
    });
    tally(`search ${search?.status ?? 'skipped'}`);
    tally(`preview ${preview.status}`);

    const wholeList = !c.excludeIds && isWholeListSelection(filters);
    const limitOk = c.limit === undefined || c.limit <= (wholeList ? 1_000_000 : MAX_LIMIT);
    if (search?.status === 400) {
      // The same filters: every route refuses them (none serves what another calls malformed).
      for (const [route, answer] of answers)
        if (answer.status !== 400)
          problems.push(`search refused the filters (${brief(search)}) but ${route} answered ${answer.status}`);
    } else if (search?.status === 200 && search.body.metadata.pagination.total_is_estimate === false) {
      const total: number = search.body.metadata.pagination.total_count;
      tally(total === 0 ? 'matched nobody' : 'matched somebody');
      expectEqual('search page size', search.body.data.length, Math.min(total, c.perPage));
      const limit = c.limit ?? (wholeList ? 1_000_000 : MAX_LIMIT);
      if (!limitOk) {
        expectEqual('preview status (limit out of range)', preview.status, 400);
      } else if (preview.status !== 200) {
        problems.push(`search served the filters but the preview answered ${preview.status}: ${brief(preview)}`);
      } else {
        const p = preview.body.data;
        const buckets = p.emails.edited + p.emails.already_owned + p.emails.to_charge + p.emails.without_email;
        expectEqual(
          'preview requested, truncated (search total ' + total + ', limit ' + limit + ')',
          [p.requested, p.truncated],
          [Math.min(total, limit), total > limit],
        );
        expectEqual(
          'preview savable, buckets, invalid, not_matched',
          [p.savable, buckets, p.invalid, p.not_matched],
          [p.requested, p.requested, 0, 0],
        );
        expectEqual('preview credits_needed', p.credits_needed, p.emails.to_charge);
        if (c.limit === undefined || c.limit <= MAX_LIMIT) {
          if (save.status !== 200)
            problems.push(`the preview priced the filters but the save answered ${save.status}: ${brief(save)}`);
          else {
            const m = save.body.metadata;
            expectEqual(
              'save total, emails, truncated, charged vs the preview',
              [m.total, m.emails, m.truncated, m.credits.charged],
              [p.requested, p.emails, p.truncated, p.credits_needed],
            );
          }
        }
      }
      if (exportLimit <= MAX_LIMIT) {
        if (savedIsNone(filters)) expectEqual('export of saved none', exported.status, 400);
        else if (exported.status !== 202)
          problems.push(`search served the filters but the export answered ${exported.status}: ${brief(exported)}`);
        else {
          // After the save: the search sees the saves the export was chosen from.
          const scoped = await call('/v2/people/search', {
            filters: searchFiltersOf(scopedToSaved(filters), c.excludeIds),
            page: 1,
            per_page: 1,
          });
          if (scoped.status === 200)
            expectEqual(
              'export total vs the scoped search',
              exported.body.data.total,
              Math.min(scoped.body.metadata.pagination.total_count, exportLimit),
            );
          else problems.push(`the scoped search answered ${scoped.status}: ${brief(scoped)}`);
        }
      }
    }
    return problems.map((p) => `${p}\n    body: ${JSON.stringify(selection)}`);
  }

  it(
    'serves or refuses every filter object the same way on every route, never with a 5xx, and prices what search counts',
    async () => {
      const cases = casesOf();
      const problems: string[] = [];
      // One database client for the arrangements: the lanes take turns with it.
      let arranging = Promise.resolve();
      const arrangeInTurn = (lane: Lane, random: () => number) =>
        (arranging = arranging.then(() => arrange(lane, random, vocabulary.personIds)));
      await Promise.all(
        lanes.map(async (lane, l) => {
          const random = seededRandom(SEED + l);
          for (let i = l; i < cases.length; i += LANES) {
            if (Math.floor(i / LANES) % RESET_EVERY === 0) await arrangeInTurn(lane, random);
            for (const p of await runCase(lane, cases[i])) problems.push(`case ${i}: ${p}`);
          }
        }),
      );
      console.log(`filters fuzz: ${JSON.stringify(counts)}`);
      expect(problems.slice(0, 20)).toEqual([]);
      // Enough of them were served and matched somebody for the agreement to mean something.
      expect(counts['preview 200']).toBeGreaterThan(CASES / 3);
      expect(counts['matched somebody']).toBeGreaterThan(CASES / 5);
      expect(stack.api.log()).not.toMatch(/unexpected error|uncaughtException|unhandledRejection/);
    },
    Math.max(60_000, CASES * 500),
  );
});
