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
 * Plain module (no Nest imports, the SQL in libs/database quota-usage.ts): unit-tested against PostgreSQL.
 */
import { ApiError } from '@app/common/http/api-error';
import {
  lockQuota,
  msUntilQuotaRoom,
  Queryable,
  QuotaTable,
  QuotaUnits,
  QuotaWindow,
  quotaUsed,
} from '@app/database/repositories/quota-usage';

export type { Queryable } from '@app/database/repositories/quota-usage';

export interface QuotaRule {
  /** Names the quota in the 429's `payload.limit`. */
  name: 'verification_addresses' | 'exports';
  /** What the message counts. */
  noun: string;
  /** One row per job of the workspace, with `workspace_id`, `created_at` and `id`. */
  table: QuotaTable;
  /** What one row spends: its addresses (`total`) or 1. */
  units: QuotaUnits;
}

export const VERIFICATION_ADDRESSES_QUOTA: QuotaRule = {
  name: 'verification_addresses',
  noun: 'verification addresses',
  table: 'email_verification_jobs',
  units: 'total',
};
export const EXPORTS_QUOTA: QuotaRule = {
  name: 'exports',
  noun: 'people exports',
  table: 'people_exports',
  units: '1',
};

export interface QuotaSetting {
  /** Units the window allows; 0 turns the quota off. */
  limit: number;
  windowMs: number;
}

function windowOf(rule: QuotaRule, setting: QuotaSetting, workspaceId: string): QuotaWindow {
  return { table: rule.table, units: rule.units, workspaceId, windowMs: setting.windowMs };
}

/**
 * Throws 429 RATE_LIMIT (with `Retry-After`) when `requested` more units would take the workspace
 * past its quota in the window ending now. Call it inside the transaction that then inserts the row:
 * it takes the workspace's lock for this quota, held until that transaction ends.
 */
export async function enforceQuota(
  tx: Queryable,
  rule: QuotaRule,
  setting: QuotaSetting,
  workspaceId: string,
  requested: number,
): Promise<void> {
  if (setting.limit <= 0) return;
  await lockQuota(tx, rule.name, workspaceId);
  await checkQuota(tx, rule, setting, workspaceId, requested);
}

/**
 * The same check without the lock: a cheap early refusal before expensive work (an export's people
 * selection). Only enforceQuota, in the inserting transaction, is authoritative.
 */
export async function checkQuota(
  db: Queryable,
  rule: QuotaRule,
  setting: QuotaSetting,
  workspaceId: string,
  requested: number,
): Promise<void> {
  if (setting.limit <= 0) return;
  const used = await quotaUsed(db, windowOf(rule, setting, workspaceId));
  if (used + requested <= setting.limit) return;
  const retryAfter = await secondsUntilRoom(db, rule, setting, workspaceId, used + requested - setting.limit);
  throw quotaExceededError(rule, setting, { used, requested, retryAfter });
}

/**
 * Whole seconds until the oldest rows of the window that together free `needed` units have left it.
 * When even the whole window's rows are not enough (a request larger than the quota), the whole window.
 */
async function secondsUntilRoom(
  db: Queryable,
  rule: QuotaRule,
  setting: QuotaSetting,
  workspaceId: string,
  needed: number,
): Promise<number> {
  const waitMs = await msUntilQuotaRoom(db, windowOf(rule, setting, workspaceId), needed);
  return retryAfterSeconds(waitMs ?? setting.windowMs);
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

export function quotaExceededError(
  rule: QuotaRule,
  setting: QuotaSetting,
  use: { used: number; requested: number; retryAfter: number },
): ApiError {
  const whole = use.requested > setting.limit ? ' (more than the whole quota)' : '';
  return new ApiError(
    429,
    'RATE_LIMIT',
    `over the quota of ${setting.limit} ${rule.noun} per ${windowText(setting.windowMs)}: ${use.used} used, ${use.requested} asked${whole}; retry after ${use.retryAfter} s`,
    {
      limit: rule.name,
      quota: setting.limit,
      used: use.used,
      requested: use.requested,
      window_seconds: Math.ceil(setting.windowMs / 1000),
      retry_after: use.retryAfter,
    },
    { 'Retry-After': String(use.retryAfter) },
  );
}
