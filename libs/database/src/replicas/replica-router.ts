import { within } from '@app/common/async/within';
import type { RedisClient } from '@app/common/redis';
import { RedisScript } from '@app/common/redis-script';
import { join } from 'node:path';
import { Pool, PoolConfig, QueryConfig, QueryResult } from 'pg';
import { Counter, Gauge, Registry } from 'prom-client';
import { fromSortableLsn, parseLsn, sortableLsn } from './lsn';
import { FallbackReason, ReadKind, replicaRefusal, ReplicaHealth, routeRead } from './read-routing';

/** A read: `plain` reads of the data set, or reads showing `workspaceId`'s own writes (docs/replicas.md). */
export type ReadSpec = { kind: 'plain' } | { kind: 'dependent'; workspaceId: string };

/** A pool chosen for one read: the statements of the read run there; a replica that fails mid-read hands over to the primary. */
export interface RoutedReader {
  /** `primary` or `replica_<n>` (1-based, in DATABASE_REPLICA_URLS order; never the URL). */
  readonly target: string;
  query(text: string | QueryConfig, values?: unknown[]): Promise<QueryResult>;
  /** TypeORM's `query` shape (rows only), for the record loaders. */
  readonly rows: { query: <T = any>(text: string, values?: unknown[]) => Promise<T> };
}

export interface ReplicaRouterOptions {
  urls: string[];
  maxLagMs: number;
  /** The primary's pool: health checks read its WAL position and data set version, write positions are read there. */
  primary: Pool;
  redis: RedisClient | null;
  /** Settings of each replica's pool (timeouts, session options); the URL is added per replica. */
  poolConfig: PoolConfig;
  registers?: Registry[];
  checkIntervalMs?: number;
  /** Routes no reads and checks no replica: noteWorkspaceWrite only (the worker). */
  notesOnly?: boolean;
  warn?: (message: string) => void;
}

export interface ReplicaStatus {
  name: string;
  /** host:port/database, never the credentials. */
  where: string;
  up: boolean;
  lag_ms: number | null;
  /** Why it takes no reads, or null when it does. */
  refused: FallbackReason | null;
}

const KEY_PREFIX = 'read-your-writes:';
/** Redis is a hint here: an answer later than this counts as "unknown" and the read goes to the primary. */
const REDIS_BUDGET_MS = 50;
/** Keeps the greatest position: concurrent writes of one workspace may note theirs out of order. */
const KEEP_GREATEST = new RedisScript(join(__dirname, 'keep-greatest.lua'), 1);

/** Errors of the statement itself (bad data, bad SQL, constraint, statement_timeout): the primary would fail alike. */
export function isStatementError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (/^(22|23|42)/.test(code) || code === '57014');
}

/** host:port/database of a URL: what logs and /health may show. */
export function replicaWhere(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'unparsable URL';
  }
}

interface Replica extends ReplicaHealth {
  name: string;
  where: string;
  pool: Pool;
  caughtUpAt: number | null;
}

/** The process's router, for noteWorkspaceWrite: the write paths call one function, not a new constructor argument each. */
let activeRouter: ReplicaRouter | null = null;

/**
 * After a workspace's write has committed: remember the primary's WAL position, so that workspace's
 * dependent reads go to a replica only once it has replayed that far. Never throws; a no-op without replicas.
 */
export async function noteWorkspaceWrite(workspaceId: string): Promise<void> {
  await activeRouter?.noteWrite(workspaceId);
}

/**
 * Hands out a pool per read: round robin among the healthy replicas, else the primary with a reason
 * (docs/replicas.md). Replicas are checked on a timer; one that fails a read is marked down at once.
 */
export class ReplicaRouter {
  private readonly replicas: Replica[];
  private primaryVersion: string | null = null;
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  /** This process's own recent writes: a floor under what Redis says, and the answer while Redis is away. */
  private readonly local = new Map<string, { lsn: bigint | 'unknown'; until: number }>();
  /** Without replicas: the one reader of each primary pool (see primaryOnly). */
  private readonly primaryReaders = new Map<Pool, RoutedReader>();
  private readonly reads: Counter<'target' | 'kind'>;
  private readonly fallbacks: Counter<'reason'>;
  private readonly lag: Gauge<'replica'>;
  private readonly upGauge: Gauge<'replica'>;
  readonly ttlMs: number;
  private warnedRedisAt = 0;

  constructor(private readonly options: ReplicaRouterOptions) {
    this.replicas = options.urls.map((url, i) => {
      const pool = new Pool({ ...options.poolConfig, connectionString: url });
      // An idle client that loses its server must not crash the process.
      pool.on('error', () => undefined);
      return {
        name: `replica_${i + 1}`,
        where: replicaWhere(url),
        pool,
        up: false,
        inRecovery: true,
        lagMs: Infinity,
        replayLsn: null,
        datasetVersion: null,
        caughtUpAt: null,
      };
    });
    // Past this a replica still taking reads has replayed the write anyway (at most maxLag behind, checked every interval).
    this.ttlMs = 2 * options.maxLagMs + 10 * this.intervalMs;
    const registers = options.registers ?? [];
    this.reads = new Counter({
      name: 'pws_api_db_reads_total',
      help: 'Reads routed, by target (primary or replica_<n>) and kind (plain or dependent).',
      labelNames: ['target', 'kind'],
      registers,
    });
    this.fallbacks = new Counter({
      name: 'pws_api_db_read_fallbacks_total',
      help: 'Reads sent to the primary although replicas are configured, by reason.',
      labelNames: ['reason'],
      registers,
    });
    this.lag = new Gauge({
      name: 'pws_api_db_replica_lag_seconds',
      help: 'How far each replica was behind the primary at its last check.',
      labelNames: ['replica'],
      registers,
    });
    this.upGauge = new Gauge({
      name: 'pws_api_db_replica_up',
      help: '1 when the replica answered its last check, else 0.',
      labelNames: ['replica'],
      registers,
    });
  }

  get enabled(): boolean {
    return this.replicas.length > 0;
  }

  private get intervalMs(): number {
    return this.options.checkIntervalMs ?? 1000;
  }

  /**
   * Refuses a URL that answers but is not a replica (a primary would take reads and drift from ours); a
   * replica that does not answer yet only gets no reads until it does.
   */
  async start(): Promise<void> {
    if (this.options.notesOnly) {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- noteWorkspaceWrite is a free function of the process
      if (this.enabled) activeRouter = this;
      return;
    }
    for (const replica of this.replicas) {
      const recovery = await within(replica.pool.query('SELECT pg_is_in_recovery() AS recovery'), 5000).then(
        ({ rows }) => rows[0].recovery as boolean,
        (error: Error) => {
          this.options.warn?.(
            `${replica.name} (${replica.where}) does not answer yet, no reads until it does: ${error.message}`,
          );
          return null;
        },
      );
      if (recovery === false) {
        await this.stop();
        throw new Error(`DATABASE_REPLICA_URLS: ${replica.where} is not a replica (pg_is_in_recovery() is false)`);
      }
    }
    if (!this.enabled) return;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- noteWorkspaceWrite is a free function of the process
    activeRouter = this;
    await this.check();
    // check() never rejects: every failure is a replica marked down or a primary answer missed.
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  onModuleInit(): Promise<void> {
    return this.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (activeRouter === this) activeRouter = null;
    await this.checking;
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => undefined)));
  }

  /** Checks every replica once (a check still running is joined, not doubled). */
  check(): Promise<void> {
    this.checking ??= this.checkNow().finally(() => (this.checking = null));
    return this.checking;
  }

  private async checkNow(): Promise<void> {
    // The primary first: a replica that has replayed up to this position is not behind.
    const primary = await within(
      this.options.primary.query(
        `SELECT pg_current_wal_lsn()::text AS lsn, (SELECT instance || '.' || version FROM dataset_state) AS version`,
      ),
      2000,
    ).catch(() => null);
    if (primary) this.primaryVersion = primary.rows[0].version;
    const primaryLsn = primary ? parseLsn(primary.rows[0].lsn) : null;
    await Promise.all(this.replicas.map((replica) => this.checkReplica(replica, primaryLsn)));
  }

  private async checkReplica(replica: Replica, primaryLsn: bigint | null): Promise<void> {
    try {
      const { rows } = await within(
        replica.pool.query(
          `SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replay,
                  (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS since_replay,
                  (SELECT instance || '.' || version FROM dataset_state) AS version`,
        ),
        2000,
      );
      const row = rows[0];
      const now = Date.now();
      replica.up = true;
      replica.inRecovery = row.recovery;
      replica.replayLsn = row.replay ? parseLsn(row.replay) : null;
      replica.datasetVersion = row.version;
      const caughtUp = primaryLsn !== null && replica.replayLsn !== null && replica.replayLsn >= primaryLsn;
      if (caughtUp) replica.caughtUpAt = now;
      // Behind: time since the last transaction it replayed, else since it was last seen caught up.
      if (caughtUp) replica.lagMs = 0;
      else if (row.since_replay !== null) replica.lagMs = Math.max(0, row.since_replay);
      else replica.lagMs = replica.caughtUpAt !== null ? now - replica.caughtUpAt : Infinity;
    } catch {
      replica.up = false;
    }
    this.upGauge.set({ replica: replica.name }, replica.up ? 1 : 0);
    if (replica.up && Number.isFinite(replica.lagMs)) this.lag.set({ replica: replica.name }, replica.lagMs / 1000);
  }

  /** Each replica as /health and operators see it. */
  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({
      name: r.name,
      where: r.where,
      up: r.up,
      lag_ms: r.up && Number.isFinite(r.lagMs) ? Math.round(r.lagMs) : null,
      refused: replicaRefusal(r, this.primaryVersion, this.options.maxLagMs, { kind: 'plain' }),
    }));
  }

  /**
   * The pool for one read; `primary` is the caller's own primary pool (its timeouts and session settings, such as the
   * search pool's), by default the data source's.
   */
  async reader(read: ReadSpec, primary: Pool = this.options.primary): Promise<RoutedReader> {
    if (!this.enabled) return this.primaryOnly(primary);
    const workspaceLsn = read.kind === 'dependent' ? await this.workspaceLsn(read.workspaceId) : null;
    const request = { kind: read.kind, workspaceLsn };
    const start = this.next++ % this.replicas.length;
    let decision = routeRead(this.replicas, this.primaryVersion, this.options.maxLagMs, request, start);
    if (decision.target === 'primary' && decision.reason === 'read_your_writes') {
      // The last check may be a second old: ask the replicas where they are now before giving up on them.
      await Promise.all(this.replicas.map((r) => this.refreshReplay(r)));
      decision = routeRead(this.replicas, this.primaryVersion, this.options.maxLagMs, request, start);
    }
    if (decision.target === 'primary') {
      if (decision.reason) this.fallbacks.inc({ reason: decision.reason });
      return this.routed('primary', primary, null, read.kind);
    }
    const replica = this.replicas[decision.target];
    return this.routed(replica.name, replica.pool, { replica, primary }, read.kind);
  }

  /** Without replicas every read is the primary's: one reader per pool, no routing and no count on the hot path. */
  private primaryOnly(primary: Pool): RoutedReader {
    let reader = this.primaryReaders.get(primary);
    if (!reader) {
      reader = readerOf('primary', (text, values) => primary.query(text as string, values));
      this.primaryReaders.set(primary, reader);
    }
    return reader;
  }

  private async refreshReplay(replica: Replica): Promise<void> {
    if (!replica.up) return;
    const row = await within(replica.pool.query(`SELECT pg_last_wal_replay_lsn()::text AS replay`), 500).then(
      ({ rows }) => rows[0],
      () => null,
    );
    if (row?.replay) replica.replayLsn = parseLsn(row.replay);
  }

  private routed(
    target: string,
    pool: Pool,
    fallback: { replica: Replica; primary: Pool } | null,
    kind: ReadKind,
  ): RoutedReader {
    this.reads.inc({ target, kind });
    let handedOver = false;
    const query = async (text: string | QueryConfig, values?: unknown[]): Promise<QueryResult> => {
      if (!fallback) return pool.query(text as string, values);
      if (handedOver) return fallback.primary.query(text as string, values);
      try {
        return await pool.query(text as string, values);
      } catch (error) {
        if (isStatementError(error)) throw error;
        // The replica went away (or a replay conflict cancelled the statement): this read finishes on the primary.
        handedOver = true;
        if (fallback.replica.up)
          this.options.warn?.(
            `${fallback.replica.name} (${fallback.replica.where}) failed a read, reads go elsewhere until it answers: ${(error as Error).message}`,
          );
        fallback.replica.up = false;
        this.upGauge.set({ replica: fallback.replica.name }, 0);
        this.fallbacks.inc({ reason: 'replica_error' });
        return fallback.primary.query(text as string, values);
      }
    };
    return readerOf(target, query);
  }

  /** The workspace's last noted write position: null for none remembered, undefined when unknown. */
  private async workspaceLsn(workspaceId: string): Promise<bigint | null | undefined> {
    const local = this.local.get(workspaceId);
    const localLsn = local && local.until > Date.now() ? local.lsn : null;
    if (localLsn === 'unknown') return undefined;
    if (!this.options.redis) return localLsn;
    const stored = await within(this.options.redis.get(KEY_PREFIX + workspaceId), REDIS_BUDGET_MS).catch(
      () => undefined,
    );
    if (stored === undefined) return undefined;
    const remote = stored === null ? null : fromSortableLsn(stored);
    if (remote === null) return localLsn;
    return localLsn !== null && localLsn > remote ? localLsn : remote;
  }

  async noteWrite(workspaceId: string): Promise<void> {
    if (!this.enabled) return;
    const until = Date.now() + this.ttlMs;
    this.pruneLocal();
    let lsn: bigint;
    try {
      const { rows } = await this.options.primary.query(`SELECT pg_current_wal_insert_lsn()::text AS lsn`);
      lsn = parseLsn(rows[0].lsn);
    } catch {
      // Committed, position unknown: this process sends the workspace's dependent reads to the primary for a while.
      this.local.set(workspaceId, { lsn: 'unknown', until });
      return;
    }
    const previous = this.local.get(workspaceId);
    if (!(previous && previous.lsn !== 'unknown' && previous.until > Date.now() && previous.lsn > lsn))
      this.local.set(workspaceId, { lsn, until });
    if (this.options.redis) {
      await within(
        KEEP_GREATEST.run(this.options.redis, [KEY_PREFIX + workspaceId], [sortableLsn(lsn), String(this.ttlMs)]),
        REDIS_BUDGET_MS * 4,
      ).catch(() => {
        if (Date.now() - this.warnedRedisAt < 60_000) return;
        this.warnedRedisAt = Date.now();
        this.options.warn?.(
          'could not note a write position in Redis: other API processes may read that workspace from a replica behind it',
        );
      });
    }
  }

  private pruneLocal(): void {
    if (this.local.size < 10_000) return;
    const now = Date.now();
    for (const [key, entry] of this.local) if (entry.until <= now) this.local.delete(key);
  }
}

/** A reader over `query`, with the rows-only shape the record loaders take. */
function readerOf(target: string, query: RoutedReader['query']): RoutedReader {
  return {
    target,
    query,
    rows: { query: async <T = any>(text: string, values?: unknown[]) => (await query(text, values)).rows as T },
  };
}
