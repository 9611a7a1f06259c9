/**
 * What a workspace used of a rolling-window quota, read from the jobs tables themselves (apps/api's workspace-quota
 * decides and answers 429). Plain functions over anything with `query`, a transaction's EntityManager or a pg client:
 * the check must run inside the transaction that then inserts the job row.
 */

/** What `query` of a TypeORM EntityManager or a pg client offers. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}

/** One row per job of the workspace, with `workspace_id`, `created_at` and `id`. */
export type QuotaTable = 'email_verification_jobs' | 'people_exports';

/** What one row spends: its addresses (`total`) or 1. */
export type QuotaUnits = 'total' | '1';

export interface QuotaWindow {
  table: QuotaTable;
  units: QuotaUnits;
  workspaceId: string;
  windowMs: number;
}

const IN_WINDOW = `workspace_id = $1 AND created_at > now() - make_interval(secs => $2::float8 / 1000)`;

/** Takes the workspace's lock for the named quota until the caller's transaction ends. */
export async function lockQuota(tx: Queryable, quota: string, workspaceId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))`, [`quota:${quota}`, workspaceId]);
}

/** Units the workspace's rows created in the window ending now spend. */
export async function quotaUsed(db: Queryable, w: QuotaWindow): Promise<number> {
  const [{ used }]: Array<{ used: number }> = await db.query(
    `SELECT coalesce(sum(${w.units}), 0)::float8 AS used FROM ${w.table} WHERE ${IN_WINDOW}`,
    [w.workspaceId, w.windowMs],
  );
  return used;
}

/**
 * Milliseconds until the oldest rows of the window that together free `needed` units have left it; null when even
 * the whole window's rows are not enough.
 */
export async function msUntilQuotaRoom(db: Queryable, w: QuotaWindow, needed: number): Promise<number | null> {
  const rows: Array<{ wait_ms: number }> = await db.query(
    `SELECT extract(epoch FROM (c.created_at + make_interval(secs => $2::float8 / 1000) - now())) * 1000 AS wait_ms
       FROM (SELECT created_at, sum(${w.units}) OVER (ORDER BY created_at, id) AS freed FROM ${w.table} WHERE ${IN_WINDOW}) c
      WHERE c.freed >= $3
      ORDER BY c.created_at
      LIMIT 1`,
    [w.workspaceId, w.windowMs, needed],
  );
  return rows[0] ? Number(rows[0].wait_ms) : null;
}
