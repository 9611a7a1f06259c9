/**
 * `heads(id, due)`: each webhook with pending tasks and when its earliest one is due. A skip scan
 * over `webhook_tasks_pending_webhook_due_idx` (ordered as it is, so that only it serves), one probe
 * per webhook however many tasks each holds; a webhook's first entry is its earliest, so `due <= now()`
 * says whether it has a due task.
 */
export const PENDING_HEADS_SQL = `WITH RECURSIVE heads(id, due) AS (
  (SELECT webhook_id, next_attempt_at FROM webhook_tasks WHERE state = 'pending' ORDER BY webhook_id, next_attempt_at LIMIT 1)
  UNION ALL
  SELECT n.webhook_id, n.next_attempt_at FROM heads h
   CROSS JOIN LATERAL (SELECT t.webhook_id, t.next_attempt_at FROM webhook_tasks t
                        WHERE t.state = 'pending' AND t.webhook_id > h.id
                        ORDER BY t.webhook_id, t.next_attempt_at LIMIT 1) n
)`;
