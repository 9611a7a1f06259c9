/**
 * Per-workspace quotas over a rolling window (docs/configuration.md: VERIFICATION_ADDRESSES_PER_DAY,
 * EXPORTS_PER_DAY, QUOTA_WINDOW): email verification addresses and people exports.
 *
 * The record is the jobs table itself: what a workspace used is the sum over its rows created in the
 * last window, so the window rolls row by row and nothing else has to be kept or expire. Race safety
 * across API replicas: the check runs inside the transaction that inserts the row, after taking a
 * per-workspace advisory lock for the quota, so two requests of one workspace check and insert one
 * after the other and the second sees the first's row. A refused request inserts nothing.
 *
 * Plain module (no Nest imports): unit-tested against PostgreSQL.
 */
import { ApiError } from '@app/common/http/api-error';

/** What `query` of a TypeORM EntityManager or a pg client offers. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}

export interface QuotaRule {
  /** Names the quota in the 429's `payload.limit`. */
  name: 'verification_addresses' | 'exports';
  /** What the message counts. */
  noun: string;
  /** One row per job of the workspace, with `workspace_id`, `created_at` and `id`. */
  table: 'email_verification_jobs' | 'people_exports';
  /** What one row spends: its addresses (`total`) or 1. */
  units: 'total' | '1';
}

export const VERIFICATION_ADDRESSES_QUOTA: QuotaRule = { name: 'verification_addresses', noun: 'verification addresses', table: 'email_verification_jobs', units: 'total' };
export const EXPORTS_QUOTA: QuotaRule = { name: 'exports', noun: 'people exports', table: 'people_exports', units: '1' };

export interface QuotaSetting {
  /** Units the window allows; 0 turns the quota off. */
  limit: number;
  windowMs: number;
}

const IN_WINDOW = `workspace_id = $1 AND created_at > now() - make_interval(secs => $2::float8 / 1000)`;

/**
 * Throws 429 RATE_LIMIT (with `Retry-After`) when `requested` more units would take the workspace
 * past its quota in the window ending now. Call it inside the transaction that then inserts the row:
 * it takes the workspace's lock for this quota, held until that transaction ends.
 */
export async function enforceQuota(tx: Queryable, rule: QuotaRule, setting: QuotaSetting, workspaceId: string, requested: number): Promise<void> {
  if (setting.limit <= 0) return;
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))`, [`quota:${rule.name}`, workspaceId]);
  await checkQuota(tx, rule, setting, workspaceId, requested);
}

/**
 * The same check without the lock: a cheap early refusal before expensive work (an export's people
 * selection). Only enforceQuota, in the inserting transaction, is authoritative.
 */
export async function checkQuota(db: Queryable, rule: QuotaRule, setting: QuotaSetting, workspaceId: string, requested: number): Promise<void> {
  if (setting.limit <= 0) return;
  const [{ used }] = await db.query(`SELECT coalesce(sum(${rule.units}), 0)::float8 AS used FROM ${rule.table} WHERE ${IN_WINDOW}`, [workspaceId, setting.windowMs]);
  if (used + requested <= setting.limit) return;
  const retryAfter = await secondsUntilRoom(db, rule, setting, workspaceId, used + requested - setting.limit);
  throw quotaExceededError(rule, setting, { used, requested, retryAfter });
}

/**
 * Whole seconds until the oldest rows of the window that together free `needed` units have left it.
 * When even the whole window's rows are not enough (a request larger than the quota), the whole window.
 */
async function secondsUntilRoom(db: Queryable, rule: QuotaRule, setting: QuotaSetting, workspaceId: string, needed: number): Promise<number> {
  const rows: { wait_ms: number }[] = await db.query(
    `SELECT extract(epoch FROM (c.created_at + make_interval(secs => $2::float8 / 1000) - now())) * 1000 AS wait_ms
       FROM (SELECT created_at, sum(${rule.units}) OVER (ORDER BY created_at, id) AS freed FROM ${rule.table} WHERE ${IN_WINDOW}) c
      WHERE c.freed >= $3
      ORDER BY c.created_at
      LIMIT 1`,
    [workspaceId, setting.windowMs, needed],
  );
  return retryAfterSeconds(rows[0] ? Number(rows[0].wait_ms) : setting.windowMs);
}

/** Rounded up, never 0 (0 would invite an immediate retry). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** `24 h`, `90 s`: the window as the message says it. */
export function windowText(windowMs: number): string {
  if (windowMs % 3_600_000 === 0) return `${windowMs / 3_600_000} h`;
  return `${Math.ceil(windowMs / 1000)} s`;
}

export function quotaExceededError(rule: QuotaRule, setting: QuotaSetting, use: { used: number; requested: number; retryAfter: number }): ApiError {
  const whole = use.requested > setting.limit ? ' (more than the whole quota)' : '';
  return new ApiError(
    429,
    'RATE_LIMIT',
    `over the quota of ${setting.limit} ${rule.noun} per ${windowText(setting.windowMs)}: ${use.used} used, ${use.requested} asked${whole}; retry after ${use.retryAfter} s`,
    { limit: rule.name, quota: setting.limit, used: use.used, requested: use.requested, window_seconds: Math.ceil(setting.windowMs / 1000), retry_after: use.retryAfter },
    { 'Retry-After': String(use.retryAfter) },
  );
}
