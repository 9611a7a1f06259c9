/**
 * What maintenance deletes once it is older than WEBHOOK_HISTORY_RETENTION ($1, in ms), at most
 * `limit` rows per statement so a backlog never holds locks for long. `= ANY (ARRAY(…))` makes the
 * outer DELETE fetch the batch by key (or row address) instead of scanning the table per batch.
 * Plain module: unit-testable.
 */
const CUTOFF = `now() - make_interval(secs => $1::float8 / 1000)`;

export type PrunedTable = 'deliveries' | 'tasks' | 'events';

/** In this order: an event is kept while any task still refers to it. */
export const PRUNE_ORDER: PrunedTable[] = ['deliveries', 'tasks', 'events'];

export function pruneStatement(table: PrunedTable, limit: number): string {
  switch (table) {
    case 'deliveries':
      return `DELETE FROM webhook_deliveries WHERE id = ANY (ARRAY(
                SELECT id FROM webhook_deliveries WHERE created_at < ${CUTOFF} LIMIT ${limit}
              )) RETURNING 1`;
    case 'tasks':
      // Finished tasks only; `recover` cannot reach them any more (their history is gone too).
      // The outer condition is checked again on the row: a recover may have reopened it meanwhile.
      return `DELETE FROM webhook_tasks WHERE ctid = ANY (ARRAY(
                SELECT ctid FROM webhook_tasks WHERE state <> 'pending' AND updated_at < ${CUTOFF} LIMIT ${limit}
              )) AND state <> 'pending' AND updated_at < ${CUTOFF} RETURNING 1`;
    case 'events':
      // Relayed events no task refers to. A task is kept while pending and for the retention
      // after its last attempt, and every delivery record is written together with its task's
      // `updated_at`: so the event of a pending task, or of a delivery still listed (resend
      // needs the body), is never deleted, even when the event itself is older.
      return `DELETE FROM events WHERE id = ANY (ARRAY(
                SELECT e.id FROM events e
                 WHERE e.relayed_at IS NOT NULL AND e.created_at < ${CUTOFF}
                   AND NOT EXISTS (SELECT 1 FROM webhook_tasks t WHERE t.event_id = e.id)
                 LIMIT ${limit}
              )) RETURNING 1`;
  }
}
