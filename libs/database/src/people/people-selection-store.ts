import { SqlParams, type Statement } from '@app/search/compile/sql-params';
import {
  BucketCounts,
  bucketJoins,
  EMAIL_BUCKET_SQL,
  EmailBucket,
  emptyBucketCounts,
  wholeListCountStatement,
  WholeSourceRow,
  wholeSourceCounts,
} from './email-bucket-sql';

/**
 * The hand-written reads of the people save and the credit preview (docs/people-saves.md). Each runs on the reader
 * its caller chose: the search pool's reader (bounded statements), a replica router's reader, or a save's
 * transaction manager, so the caller decides the pool, the time limit and the transaction.
 */

/** Anything with TypeORM's `query` shape: the search pool's reader or a transaction's manager. */
export interface Reader {
  query<T = any>(text: string, values?: unknown[]): Promise<T>;
}

/** Each known person's stored valid email (null when none); unknown ids are absent. */
export async function readValidEmails(db: Reader, ids: readonly string[]): Promise<Map<string, string | null>> {
  const rows: Array<{ id: string; email: string | null }> = await db.query(
    `SELECT p.id, CASE WHEN p.best_email_status = 'valid' THEN p.best_email END AS email
           FROM unnest($1::char(24)[]) AS s(id) JOIN people p ON p.id = s.id`,
    [[...ids].sort()],
  );
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The person of each professional network key (the smallest id when several share it); unknown keys are absent. */
export async function readIdsByProNetworkKey(db: Reader, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<Array<{ key: string; id: string }>>(
    `SELECT pro_network_key AS key, min(id) AS id FROM people WHERE pro_network_key = ANY($1::text[]) GROUP BY 1`,
    [keys],
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Which of the ids name nobody in the data set, and how the others count by bucket for the workspace. */
export async function countIdBuckets(
  db: Reader,
  workspaceId: string,
  ids: readonly string[],
): Promise<{ unknown: Set<string>; emails: BucketCounts }> {
  const emails = emptyBucketCounts();
  const unknown = new Set<string>();
  const rows: Array<{ bucket: EmailBucket | 'unknown'; n: string; ids: string[] | null }> = await db.query(
    `SELECT bucket, count(*) AS n, array_agg(id) FILTER (WHERE bucket = 'unknown') AS ids
           FROM (SELECT s.id, CASE WHEN p.id IS NULL THEN 'unknown' ELSE ${EMAIL_BUCKET_SQL} END AS bucket
                   FROM unnest($2::char(24)[]) AS s(id) LEFT JOIN people p ON p.id = s.id ${bucketJoins('(SELECT $1::text)')}) x
          GROUP BY bucket`,
    [workspaceId, [...ids].sort()],
  );
  for (const row of rows) {
    if (row.bucket === 'unknown') (row.ids ?? []).forEach((id) => unknown.add(id));
    else emails[row.bucket] = Number(row.n);
  }
  return { unknown, emails };
}

/**
 * A selection statement's people: how many, and by bucket. With `upTo`, the buckets are counted only
 * when there are at most that many (a one-time filter in the plan skips the joins otherwise).
 */
export async function countSelectionBuckets(
  db: Reader,
  workspaceId: string,
  selection: Statement,
  upTo?: number,
): Promise<{ total: number; emails: BucketCounts }> {
  // The selection's own text and values, as the search compiled them; the wrapper's values number on after them.
  const params = new SqlParams(selection.values);
  const ws = params.addOpaque(workspaceId, 'text');
  const most = params.add(upTo ?? Number.MAX_SAFE_INTEGER, 'bigint');
  const statement = params.statement(
    'bucket counts',
    `WITH selection AS MATERIALIZED (${selection.text}), matched AS (SELECT count(*) AS n FROM selection)
       SELECT 'total' AS bucket, n FROM matched
       UNION ALL
       SELECT ${EMAIL_BUCKET_SQL} AS bucket, count(*) AS n FROM selection s ${bucketJoins(ws)}
        WHERE (SELECT n FROM matched) <= ${most} GROUP BY 1`,
  );
  const rows: Array<{ bucket: EmailBucket | 'total'; n: string }> = await db.query(statement.text, statement.values);
  const emails = emptyBucketCounts();
  let total = 0;
  for (const row of rows) {
    if (row.bucket === 'total') total = Number(row.n);
    else emails[row.bucket] = Number(row.n);
  }
  return { total, emails };
}

/** The bucket counts of a whole list, or of the workspace's saves (wholeListCountStatement). */
export async function countWholeListBuckets(
  db: Reader,
  workspaceId: string,
  lists: { include: readonly string[]; saved?: string },
): Promise<{ total: number; emails: BucketCounts }> {
  const statement = wholeListCountStatement(workspaceId, lists);
  const [row] = await db.query<WholeSourceRow[]>(statement.text, statement.values);
  return wholeSourceCounts(row);
}

/** The ids' saves of the workspace that own an email: true when the email was edited, false when revealed. */
export async function readOwnedSaves(
  db: Reader,
  workspaceId: string,
  personIds: readonly string[],
): Promise<Map<string, boolean>> {
  const rows: Array<{ person_id: string; edited: boolean }> = await db.query(
    `SELECT sp.person_id, sp.edited_email IS NOT NULL AS edited FROM saved_people sp
          WHERE sp.workspace_id = $1 AND sp.person_id = ANY($2::char(24)[]) AND (sp.revealed_email IS NOT NULL OR sp.edited_email IS NOT NULL)`,
    [workspaceId, personIds],
  );
  return new Map(rows.map((r) => [r.person_id, r.edited]));
}

/** The workspace's credit balance (0 for an unknown workspace). */
export async function readCreditBalance(db: Reader, workspaceId: string): Promise<number> {
  const rows: Array<{ credits: string }> = await db.query(`SELECT credits FROM workspaces WHERE id = $1`, [
    workspaceId,
  ]);
  return rows.length === 0 ? 0 : Number(rows[0].credits);
}
