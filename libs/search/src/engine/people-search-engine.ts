/**
 * Runs the people search: validate, resolve against the database, compile, count and fetch the
 * page. The API's search and (with `select`) the credit preview and people save share it.
 */
import { todayUtc } from '../compile/calendar';
import type { CompileContext, WorkspaceSets } from '../compile/compile-context';
import {
  cappedCountStatement,
  countStatement,
  EXACT_CAP_LIMIT,
  matchEstimateStatement,
  pageStatement,
  sampledCountStatement,
  samplePercent,
  SORT_LIMIT,
  SortGroup,
  sortGroupsStatement,
  sortsByGroups,
  Statement,
  workspaceSetCountStatement,
} from '../compile/compile-search';
import type { PeopleFilters } from '../filters/filter-types';
import { parsePeopleFilters } from '../filters/validate-filters';
import { CountCache, countFollowsWorkspace, countIsCacheable, countKey } from './count-cache';
import { ResolutionCache, resolutionKey } from './resolution-cache';
import { DatasetResolution, Queryable, resolveFilters } from './resolve-filters';

/** PostgreSQL cancelled a statement at `statement_timeout`. */
export class SearchTimeoutError extends Error {}

export interface SearchRequest {
  workspaceId: string;
  page: number;
  perPage: number;
  /** `YYYY-MM-DD` (UTC) the month filters count from; default today. */
  today?: string;
}

export interface SearchResult {
  filters: PeopleFilters;
  /** Person ids of the page, in result order. */
  ids: string[];
  total: number;
  totalIsEstimate: boolean;
}

export interface SelectRequest {
  workspaceId: string;
  limit: number;
  excludeIds?: string[];
  today?: string;
  /** false: any `limit` people of the selection, not the first in result order (cheaper when every match is taken anyway). */
  ordered?: boolean;
}

/** `round(1234, 2)` = 1200: an estimate should not look exact. */
export function roundToSignificant(n: number, digits = 2): number {
  if (n <= 0) return 0;
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(n)) + 1 - digits);
  return Math.round(n / scale) * scale;
}

/**
 * A filter set whose only workspace-dependent parts leave people out (`exclude_exported`,
 * `lists.saved: none`, `lists.exclude`): the other filters, and the sets whose members matching
 * them are subtracted from their count. Null when a part selects people from the workspace's sets
 * (`lists.include`, `saved: any` or `without_list`, `saved_at`): that count starts from the set.
 */
function splitWorkspacePart(filters: PeopleFilters): { rest: PeopleFilters; sets: WorkspaceSets } | null {
  const { duplicates, lists, ...others } = filters;
  if (lists && (lists.include.length > 0 || lists.saved_at || (lists.saved && lists.saved !== 'none'))) return null;
  const sets: WorkspaceSets = {};
  if (duplicates?.exclude_exported) sets.exported = true;
  if (lists?.saved === 'none') sets.saved = true;
  if (lists?.exclude.length) sets.lists = lists.exclude;
  return Object.keys(sets).length > 0 ? { rest: others, sets } : null;
}

/**
 * Sorted pages of a key with few values are read group by group (`groupedPage`) from this many matches: under it
 * the sorted statement's sort is small. A page that spans more groups than MAX_PAGE_GROUPS is read by the sorted
 * statement (many small groups).
 */
const GROUPED_SORTS = { from: 2_000 };
const MAX_PAGE_GROUPS = 3;

/**
 * A walk of an index in a page's order passes over people ÷ matches × rows wanted people, each a random read of
 * the heap; gathering the matches first, as their count found them, reads at most every person, in order. One
 * group of a sorted page gathers when its walk would pass over more than WALK_ROWS people. A page gathers when its
 * walk would pass over more than WALK_ROWS and more than WALK_SHARE of all people: a sequential scan costs about
 * a twentieth of a random read a person (at 10M, 0.16 µs a person for a parallel scan of the heap against 3.5 µs
 * a person walked), so a shorter walk beats the worst gather. At 1M, walks of people_followers_idx for matches
 * that were not there read the whole table (1.6 to 2.0 s) where their count took 36 to 314 ms.
 */
const WALK_ROWS = 20_000;
const WALK_SHARE = 1 / 20;

/** How many people a walk in order passes over for `wanted` of `matches` rows among `people`. */
const walkLength = (people: number, matches: number, wanted: number) => (people / Math.max(1, matches)) * wanted;

/**
 * What a walk costs a person passed over (ms), and what gathering the matches costs against counting them (the same
 * rows read, their order terms kept and sorted). A walk shorter than WALK_SHARE still gathers when its count, timed,
 * says the matches are found faster: at 10M, a department and 1,800 companies by keyword were counted in 230 ms
 * from two indexes where the page's walk passed over 208,000 people in 1,185 ms (5.7 µs each; 1.6 to 2.0 µs at 1M).
 */
const WALK_MS_A_PERSON = 0.003;
const GATHER_OVER_COUNT = 1.25;

/** How far under the estimate threshold PostgreSQL's plan of a count may be and still get a sample. */
const PLAN_UNDERESTIMATE = 50;

/** A count, and whether it was estimated from a sample (docs/people-search.md "Counts"). */
interface Count {
  n: number;
  estimate: boolean;
  /** How long an exact count took to read its matches (ms), kept with it: about what gathering them costs. */
  ms?: number;
}

/** `~n` for an estimate, `n@ms` for a timed count. */
const formatCount = (count: Count) =>
  `${count.estimate ? '~' : ''}${count.n}${count.ms === undefined ? '' : `@${Math.round(count.ms)}`}`;

function parseCount(kept: string): Count {
  const [n, ms] = kept.replace('~', '').split('@');
  return { n: Number(n), estimate: kept.startsWith('~'), ...(ms === undefined ? {} : { ms: Number(ms) }) };
}

export interface SearchEngineOptions {
  /** Counts over this many matches are estimated from a sample; 0 or absent: always exact. */
  estimateCountsAbove?: number;
  /** Sorted pages read group by group (`groupedPage`) from how many matches; false: by the sorted statement. */
  groupedSorts?: { from: number } | false;
  /** How many people a walk may be expected to pass over (WALK_ROWS, WALK_SHARE); Infinity: always walk, 0: always gather. */
  walkRows?: number;
  /** Milliseconds, for timing counts (tests); default `performance.now`. */
  clock?: () => number;
}

export class PeopleSearchEngine {
  /** The groups of each search's filters (parsed per search), so that its count and its page read them once. */
  private readonly groupsRead = new WeakMap<PeopleFilters, Promise<{ people: number; groups: SortGroup[] }>>();

  /** `db` should set `statement_timeout` on its connections: no statement of a search may run unbounded. */
  constructor(
    private readonly db: Queryable,
    private readonly counts?: CountCache,
    private readonly options: SearchEngineOptions = {},
    private readonly resolutions = new ResolutionCache(),
  ) {}

  /**
   * The same engine reading through `db` (a replica chosen for one read; docs/replicas.md), sharing the count cache
   * and the resolutions.
   */
  on(db: Queryable): PeopleSearchEngine {
    return new PeopleSearchEngine(db, this.counts, this.options, this.resolutions);
  }

  async search(rawFilters: unknown, request: SearchRequest): Promise<SearchResult> {
    const filters = parsePeopleFilters(rawFilters);
    const ctx = await this.context(filters, request.workspaceId, request.today);
    const window = { limit: request.perPage, offset: (request.page - 1) * request.perPage };
    const cap = filters.max_person_per_company;
    if (cap !== undefined) {
      const { matched, capped } = await this.cappedCount(filters, ctx, cap);
      const exact = matched <= EXACT_CAP_LIMIT;
      const page = pageStatement(filters, ctx, {
        ...window,
        applySort: matched < SORT_LIMIT,
        cap: { perCompany: cap, preferValidEmail: exact },
      });
      // A page past the last match (an exact count) is empty: no statement looks for it.
      const ids = exact && window.offset >= capped ? [] : (await this.run(page)).map((r) => r.id);
      // Past EXACT_CAP_LIMIT the total is the rounded count before the cap, an estimate (docs/people-search.md).
      return {
        filters,
        ids,
        total: exact ? capped : roundToSignificant(matched),
        totalIsEstimate: !exact,
      };
    }
    if (filters.person?.pro_network_url?.length) {
      // In the order of the URLs asked for, as many people as URLs at most: no walk, so no count to wait for.
      const [total, rows] = await Promise.all([
        this.count(filters, ctx),
        this.run(pageStatement(filters, ctx, { ...window, applySort: false })),
      ]);
      return { filters, ids: rows.map((r) => r.id), total: total.n, totalIsEstimate: total.estimate };
    }
    // The count first (cached while paging): it decides whether the sort applies, and whether the page walks an index
    // in its order, reads its sort key's groups or gathers its matches.
    const total = await this.count(filters, ctx, this.countsByGroups(filters, ctx));
    if (!total.estimate && window.offset >= total.n)
      return { filters, ids: [], total: total.n, totalIsEstimate: false };
    const grouped = await this.groupedPage(filters, ctx, window, total.n);
    const gather = !grouped && (await this.walkIsLong(total, window));
    const ids = grouped
      ? (await Promise.all(grouped.map((statement) => this.run(statement)))).flat().map((r) => r.id)
      : (await this.run(pageStatement(filters, ctx, { ...window, applySort: total.n < SORT_LIMIT, gather }))).map(
          (r) => r.id,
        );
    return { filters, ids, total: total.n, totalIsEstimate: total.estimate };
  }

  /**
   * Whether a walk in the page's order is expected to pass over so many people for the rows the page wants that its
   * matches are better gathered first (WALK_SHARE, or past what its count took). Not for an estimated count: past
   * SEARCH_COUNT_ESTIMATE_ABOVE, matches are many.
   */
  private async walkIsLong(total: Count, window: { limit: number; offset: number }): Promise<boolean> {
    const wanted = window.offset + window.limit;
    if (total.estimate) return false;
    const people = await this.peopleEstimate();
    const walk = walkLength(people, total.n, wanted);
    if (this.options.walkRows !== undefined) return walk > this.options.walkRows;
    if (walk <= WALK_ROWS) return false;
    if (walk > people * WALK_SHARE) return true;
    return total.ms !== undefined && walk * WALK_MS_A_PERSON > total.ms * GATHER_OVER_COUNT;
  }

  /** How many people there are, as PostgreSQL's statistics say (ANALYZE after every load). */
  private async peopleEstimate(): Promise<number> {
    const [row] = await this.run({
      label: 'people (estimate)',
      text: `SELECT reltuples::bigint AS n FROM pg_class WHERE oid = 'people'::regclass`,
      values: [],
    });
    return Math.max(1, Number(row?.n ?? 1));
  }

  /**
   * The statements of a sorted page read from the groups of its sort key it spans (`sortGroupsStatement`, cached
   * like a count), each in the default order, to run together; null when the sorted statement reads it: a key with
   * many values, `total` matches outside `groupedSorts`, or a page that spans more than MAX_PAGE_GROUPS groups.
   */
  private async groupedPage(
    filters: PeopleFilters,
    ctx: CompileContext,
    window: { limit: number; offset: number },
    total: number,
  ): Promise<Statement[] | null> {
    const options = this.options.groupedSorts ?? GROUPED_SORTS;
    if (!options || !sortsByGroups(filters) || total < options.from || total >= SORT_LIMIT) return null;
    const { people, groups } = await this.sortGroups(filters, ctx);
    const walkRows = this.options.walkRows ?? WALK_ROWS;
    const spans: Array<{ group: SortGroup; offset: number; limit: number }> = [];
    let skip = window.offset;
    let wanted = window.limit;
    for (const group of groups) {
      if (wanted === 0) break;
      if (skip >= group.n) {
        skip -= group.n;
        continue;
      }
      const limit = Math.min(wanted, group.n - skip);
      spans.push({ group, offset: skip, limit });
      wanted -= limit;
      skip = 0;
    }
    if (spans.length > MAX_PAGE_GROUPS) return null;
    return spans.map(({ group, offset, limit }) =>
      pageStatement(filters, ctx, {
        limit,
        offset,
        applySort: true,
        group: { value: group.value, gather: walkLength(people, group.n, offset + limit) > walkRows },
      }),
    );
  }

  /**
   * The sort key's groups among the matches, and how many people there are (PostgreSQL's estimate), cached; read
   * once per search (by its count, then its page) when there is no cache.
   */
  private sortGroups(filters: PeopleFilters, ctx: CompileContext): Promise<{ people: number; groups: SortGroup[] }> {
    let read = this.groupsRead.get(filters);
    if (!read) {
      read = this.readSortGroups(filters, ctx);
      this.groupsRead.set(filters, read);
    }
    return read;
  }

  private async readSortGroups(
    filters: PeopleFilters,
    ctx: CompileContext,
  ): Promise<{ people: number; groups: SortGroup[] }> {
    const direction = filters.sort_direction ?? 'default';
    const kept = await this.cached(`groups:${filters.sort_by}:${direction}`, filters, ctx, async () => {
      const [rows, people] = await Promise.all([this.run(sortGroupsStatement(filters, ctx)), this.peopleEstimate()]);
      return JSON.stringify({ people, groups: rows.map((r) => ({ value: r.value, n: Number(r.n) })) });
    });
    return JSON.parse(kept);
  }

  /** Up to `limit` people of a selection in result order, and whether more matched (credit preview, people save). */
  async select(
    rawFilters: unknown,
    request: SelectRequest,
  ): Promise<{ filters: PeopleFilters; ids: string[]; truncated: boolean }> {
    const { filters, statement } = await this.selectionStatement(rawFilters, request);
    const ids = (await this.run(statement)).map((r) => r.id);
    return { filters, ids: ids.slice(0, request.limit), truncated: ids.length > request.limit };
  }

  /**
   * The statement selecting a filter set's people for a credit preview or a people save: `p.id` in
   * result order, at most `limit + 1` rows (one more than taken tells that the selection was
   * truncated). Callers wrap it (`WITH selection AS (…)`) to count buckets in SQL, so a
   * million-person list never travels to Node.
   */
  async selectionStatement(
    rawFilters: unknown,
    request: SelectRequest,
  ): Promise<{ filters: PeopleFilters; statement: Statement }> {
    const filters = parsePeopleFilters(rawFilters);
    const ctx = await this.context(filters, request.workspaceId, request.today, request.excludeIds);
    const cap = filters.max_person_per_company;
    const sorted = filters.sort_by !== undefined || cap !== undefined;
    const matched = !sorted
      ? 0
      : cap !== undefined
        ? (await this.cappedCount(filters, ctx, cap)).matched
        : (await this.count(filters, ctx)).n;
    const options = {
      limit: request.limit + 1,
      offset: 0,
      applySort: matched < SORT_LIMIT,
      unordered: request.ordered === false,
      cap: cap === undefined ? undefined : { perCompany: cap, preferValidEmail: matched <= EXACT_CAP_LIMIT },
    };
    return { filters, statement: pageStatement(filters, ctx, options) };
  }

  /** The statements a search runs, for EXPLAIN in benchmarks and operators' investigations. */
  async plan(rawFilters: unknown, request: SearchRequest): Promise<Statement[]> {
    const filters = parsePeopleFilters(rawFilters);
    const ctx = await this.context(filters, request.workspaceId, request.today);
    const window = { limit: request.perPage, offset: (request.page - 1) * request.perPage, applySort: true };
    const cap = filters.max_person_per_company;
    if (cap === undefined) {
      const groups = sortsByGroups(filters) ? sortGroupsStatement(filters, ctx) : null;
      const byGroups = this.countsByGroups(filters, ctx);
      const count = await this.count(filters, ctx, byGroups);
      const grouped = groups && (await this.groupedPage(filters, ctx, window, count.n));
      // A page in the order of `person.pro_network_url` is never gathered (pageStatement).
      const gather = !grouped && (await this.walkIsLong(count, window));
      // A sort by a key with few values is counted by its groups' statement, run once when the page reads it too.
      const counting = byGroups ? [] : [workspaceSetCountStatement(filters, ctx) ?? countStatement(filters, ctx)];
      const groupsRead = groups && (byGroups || grouped) ? [groups] : [];
      return [...counting, ...groupsRead, ...(grouped ?? [pageStatement(filters, ctx, { ...window, gather })])];
    }
    return [
      cappedCountStatement(filters, ctx, cap),
      pageStatement(filters, ctx, { ...window, cap: { perCompany: cap, preferValidEmail: true } }),
    ];
  }

  private async context(
    filters: PeopleFilters,
    workspaceId: string,
    today = todayUtc(),
    excludeIds?: string[],
  ): Promise<CompileContext> {
    // Read alongside the workspace's part of the resolution, and once for the whole search.
    const version = this.guard(() => this.datasetVersion());
    const resolved = await this.guard(() =>
      resolveFilters(this.db, workspaceId, filters, async (resolve) =>
        this.keptResolution(await version, filters, resolve),
      ),
    );
    return { workspaceId, today, resolved, excludeIds, datasetVersion: await version };
  }

  /** The filters' resolution against the data set, from the ResolutionCache when it holds one for this version. */
  private async keptResolution(
    version: string | undefined,
    filters: PeopleFilters,
    resolve: () => Promise<DatasetResolution>,
  ): Promise<DatasetResolution> {
    // No data set state: resolved, not kept.
    if (version === undefined) return resolve();
    const key = resolutionKey(version, filters);
    const known = this.resolutions.get(key);
    if (known) return known;
    const resolved = await resolve();
    this.resolutions.set(key, resolved);
    return resolved;
  }

  /** The data set's instance and version: every load bumps it. */
  private async datasetVersion(): Promise<string | undefined> {
    const { rows } = await this.db.query(`SELECT instance || '.' || version AS version FROM dataset_state`, []);
    return rows[0]?.version;
  }

  /**
   * The count of the filters, cached (under the workspace's sets version when it follows them). Its
   * `exclude_exported`, `lists.saved: none` and `lists.exclude` parts are counted apart: the count of the rest
   * of the filters, which does not follow the workspace and is cached for every workspace, less the people of
   * those sets who match it, found from the workspace's side, is the same number at a fraction of the cost.
   * `byGroups`: a sorted search that reads its sort key's groups counts them instead (`countsByGroups`).
   */
  private async count(filters: PeopleFilters, ctx: CompileContext, byGroups = false): Promise<Count> {
    // Kept with what it is (`formatCount`): an estimate, or how long counting took.
    const kept = await this.cached('timed count', filters, ctx, async () =>
      formatCount(await this.uncachedCount(filters, ctx, byGroups)),
    );
    return parseCount(kept);
  }

  private async uncachedCount(filters: PeopleFilters, ctx: CompileContext, byGroups: boolean): Promise<Count> {
    const split = splitWorkspacePart(filters);
    if (split && this.counts && countIsCacheable(ctx.excludeIds)) {
      const [all, part] = await Promise.all([
        this.count(split.rest, ctx),
        this.exactCount(split.rest, { ...ctx, onlyWorkspaces: split.sets }),
      ]);
      // An estimate less an exact part stays an estimate, rounded as estimates are.
      const n = Math.max(0, all.n - part.n);
      if (all.estimate) return { n: roundToSignificant(n), estimate: true };
      return { n, estimate: false, ...(all.ms === undefined ? {} : { ms: all.ms + part.ms }) };
    }
    const sampled = await this.sampledCount(filters, ctx);
    if (sampled) return sampled;
    if (byGroups) {
      const { groups } = await this.sortGroups(filters, ctx);
      return { n: groups.reduce((sum, group) => sum + group.n, 0), estimate: false };
    }
    return { ...(await this.exactCount(filters, ctx)), estimate: false };
  }

  /**
   * A search sorted by a key with few values reads its matches' groups anyway (`groupedPage`): their sizes add up
   * to the count, so one statement reads the matches where a count and then the groups read them twice (seconds
   * each at 10M when not cached). Only the search's own count (`count(…, byGroups)`): a capped search, a selection
   * and the rest of a filter set whose workspace sets are subtracted read no groups. Not for the filters counted
   * from the workspace's own sets either (cheaper than any group statement).
   */
  private countsByGroups(filters: PeopleFilters, ctx: CompileContext): boolean {
    return (
      this.options.groupedSorts !== false && sortsByGroups(filters) && workspaceSetCountStatement(filters, ctx) === null
    );
  }

  private async exactCount(filters: PeopleFilters, ctx: CompileContext): Promise<{ n: number; ms: number }> {
    const statement = workspaceSetCountStatement(filters, ctx) ?? countStatement(filters, ctx);
    const clock = this.options.clock ?? (() => performance.now());
    const started = clock();
    const n = Number((await this.run(statement))[0].matched);
    return { n, ms: clock() - started };
  }

  /**
   * A count over `estimateCountsAbove` matches, estimated from a random sample of the people's
   * pages, scaled up and rounded to two significant digits (docs/people-search.md "Counts"); null
   * when the count is under it (then counted exactly), or when the filters select only a
   * workspace's own set (counted from that set). PostgreSQL's plan tells which counts may be over:
   * it underestimates filters that go together (30 times seen at 10M), so a plan within
   * PLAN_UNDERESTIMATE of the threshold is sampled too, sized to see 5,000 matches at the threshold.
   */
  private async sampledCount(filters: PeopleFilters, ctx: CompileContext): Promise<Count | null> {
    const above = this.options.estimateCountsAbove ?? 0;
    if (above <= 0 || workspaceSetCountStatement(filters, ctx)) return null;
    const plan = (await this.run(matchEstimateStatement(filters, ctx)))[0]['QUERY PLAN'];
    const planned = Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
    if (planned * PLAN_UNDERESTIMATE <= above) return null;
    const percent = samplePercent(Math.max(planned, above));
    const seen = Number((await this.run(sampledCountStatement(filters, ctx, percent)))[0].matched);
    const n = (seen * 100) / percent;
    return n > above ? { n: roundToSignificant(n), estimate: true } : null;
  }

  /**
   * People matching before `max_person_per_company` and after it. Past EXACT_CAP_LIMIT only the count
   * before the cap is answered (rounded, an estimate), so it is the plain count of the filters without
   * the cap: cached, split from the workspace's sets or sampled like any count, where grouping every
   * match by company took 4 s for 970,000 matches at 1M. Under it the matches are grouped by company.
   */
  private async cappedCount(
    filters: PeopleFilters,
    ctx: CompileContext,
    cap: number,
  ): Promise<{ matched: number; capped: number }> {
    const value = await this.cached(`capped:${cap}`, filters, ctx, async () => {
      const { max_person_per_company, ...uncapped } = filters;
      void max_person_per_company;
      const before = await this.count(uncapped, ctx);
      if (before.n > EXACT_CAP_LIMIT) return `${before.n}/${before.n}`;
      const row = (await this.run(cappedCountStatement(filters, ctx, cap)))[0];
      return `${row.matched}/${row.capped}`;
    });
    const [matched, capped] = value.split('/').map(Number);
    return { matched, capped };
  }

  /**
   * A count from the cache when it holds one for this data set version (and, when the count follows the
   * workspace's own sets, this version of them), else computed and kept. The versions are read before the
   * count (the data set's when the search began), so a count is never kept under versions older than the data it saw.
   */
  private async cached(
    kind: string,
    filters: PeopleFilters,
    ctx: CompileContext,
    compute: () => Promise<string>,
  ): Promise<string> {
    if (!this.counts || !countIsCacheable(ctx.excludeIds)) return compute();
    const version: string | undefined = countFollowsWorkspace(filters)
      ? (
          await this.guard(() =>
            this.db.query(
              `SELECT d.instance || '.' || d.version || '.' || w.id || '.' || w.search_sets_version AS version
                 FROM dataset_state d, workspaces w WHERE w.id = $1`,
              [ctx.workspaceId],
            ),
          )
        ).rows[0]?.version
      : ctx.datasetVersion;
    // No version (no data set state, or a workspace gone mid-request): counted, not kept.
    if (version === undefined) return compute();
    const key = countKey(kind, version, ctx.today, filters);
    const known = await this.counts.get(key);
    if (known !== undefined) return known;
    const value = await compute();
    await this.counts.set(key, value);
    return value;
  }

  private async run(statement: Statement): Promise<any[]> {
    return this.guard(async () => (await this.db.query(statement.text, statement.values)).rows);
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === '57014')
        throw new SearchTimeoutError('the search ran past its time limit');
      throw error;
    }
  }
}
