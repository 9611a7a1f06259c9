import { mutateReturning } from '@app/database/sql';
import { EntityManager } from 'typeorm';
import { writeNotification } from './notifications';

/**
 * Why a webhook was disabled, stored in `disabled_reason`. `manual`: the caller set `status`
 * to `disabled`; the others follow the disabling rules of docs/api.md#webhooks.
 */
export type DisableReason = 'member_removed' | 'api_key_deleted' | 'gone' | 'timeouts' | 'failing' | 'manual';

const REASON_TEXT: Record<DisableReason, string> = {
  member_removed: 'the member who created it left the workspace',
  api_key_deleted: 'the API key that created it was deleted',
  gone: 'the receiver answered 410 Gone',
  timeouts: 'too many deliveries in a row timed out',
  failing: 'its deliveries only failed for too long',
  manual: 'it was disabled through the API',
};

/** Anything that runs one SQL statement: a TypeORM manager or the worker's pool. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

interface DisabledRow {
  id: string;
  workspace_id: string;
  url: string;
}

/**
 * Disables the active webhooks matching `where` (SQL over `webhooks`, parameters from $2), drops
 * their pending delivery tasks and, unless `notify` is false, writes a notification for the
 * workspace admin. Runs in the caller's transaction; answers the ids disabled.
 */
async function disableWhere(
  manager: EntityManager,
  where: string,
  params: unknown[],
  reason: DisableReason,
  notify: boolean,
): Promise<string[]> {
  const rows = await mutateReturning<DisabledRow>(
    manager,
    `UPDATE webhooks SET status = 'disabled', disabled_reason = $1, updated_at = now()
      WHERE status = 'active' AND ${where} RETURNING id, workspace_id, url`,
    [reason, ...params],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await dropPendingTasks(manager, ids);
  if (notify) {
    for (const row of rows) {
      await writeNotification(
        manager,
        row.workspace_id,
        'webhook_disabled',
        `Webhook ${row.id} (${row.url}) was disabled: ${REASON_TEXT[reason]}.`,
        {
          webhook_id: row.id,
          url: row.url,
          reason,
        },
      );
    }
  }
  return ids;
}

/**
 * Pending delivery tasks matching `where` (SQL over `webhook_tasks`, parameters from $1) become
 * `dropped`: no retry will run. The latest delivery record of each, if it scheduled that retry,
 * loses its `next_attempt_at` and shows `retry_dropped`, so the history never promises an attempt
 * that will not come. One statement, so it runs in the caller's transaction or alone.
 */
async function dropTasksWhere(manager: Queryable, where: string, params: unknown[]): Promise<void> {
  await manager.query(
    `WITH t AS (
       UPDATE webhook_tasks SET state = 'dropped', next_attempt_at = NULL, updated_at = now()
        WHERE state = 'pending' AND ${where} RETURNING event_id, webhook_id
     )
     UPDATE webhook_deliveries d SET next_attempt_at = NULL, retry_dropped = true
       FROM t
      WHERE d.webhook_id = t.webhook_id AND d.event_id = t.event_id AND d.next_attempt_at IS NOT NULL
        AND d.created_at = (SELECT max(l.created_at) FROM webhook_deliveries l WHERE l.webhook_id = t.webhook_id AND l.event_id = t.event_id)`,
    params,
  );
}

/** Pending delivery tasks of these webhooks become `dropped` (see dropTasksWhere). */
export async function dropPendingTasks(manager: Queryable, webhookIds: string[]): Promise<void> {
  await dropTasksWhere(manager, 'webhook_id = ANY($1)', [webhookIds]);
}

/** One pending delivery task becomes `dropped` (see dropTasksWhere): the worker found its webhook disabled. */
export async function dropPendingTask(manager: Queryable, eventId: string, webhookId: string): Promise<void> {
  await dropTasksWhere(manager, 'event_id = $1 AND webhook_id = $2', [eventId, webhookId]);
}

/**
 * Disables one active webhook (410, timeouts, only failures, or the caller's PATCH), drops its
 * pending tasks and notifies the admin unless `notify` is false; answers whether it was active.
 */
export async function disableWebhook(
  manager: EntityManager,
  webhookId: string,
  reason: DisableReason,
  notify = true,
): Promise<boolean> {
  const ids = await disableWhere(manager, 'id = $2', [webhookId], reason, notify);
  return ids.length > 0;
}

/**
 * Disables the active webhooks created by a member or an API key (docs/api.md#webhooks),
 * inside the caller's transaction; answers how many were disabled.
 */
export async function disableWebhooksCreatedBy(
  manager: EntityManager,
  creator: { memberId?: string; apiKeyId?: string },
  reason: DisableReason,
): Promise<number> {
  const column = creator.memberId ? 'created_by_member_id' : 'created_by_api_key_id';
  const value = creator.memberId ?? creator.apiKeyId;
  const ids = await disableWhere(manager, `${column} = $2`, [value], reason, true);
  return ids.length;
}
