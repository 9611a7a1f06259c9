import { AuthContext, isOpaqueId, malformedIdError, notFoundError, unauthorizedError } from '@app/common';
import { EntityManager } from 'typeorm';
import { WEBHOOK_COLUMNS, WebhookRow } from './webhook-record';

/** Throws 400 (no code) for an id that cannot be one of ours. */
export function checkPathId(field: string, id: string): void {
  if (!isOpaqueId(id)) throw malformedIdError(field);
}

/**
 * The caller's webhook, optionally locked for update; another workspace's id answers 404 as if
 * it did not exist (docs/api.md#authentication).
 */
export async function requireWebhook(manager: Pick<EntityManager, 'query'>, workspaceId: string, id: string, forUpdate = false): Promise<WebhookRow> {
  checkPathId('id', id);
  const rows: WebhookRow[] = await manager.query(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND workspace_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, workspaceId],
  );
  if (rows.length === 0) throw notFoundError('webhook');
  return rows[0];
}

/** Serializes changes to a workspace's set of active webhooks, so concurrent creates cannot pass the limit. */
export async function lockWorkspaceWebhooks(manager: EntityManager, workspaceId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhooks:' || $1))`, [workspaceId]);
}

/**
 * Rechecks, inside the caller's transaction, that its API key and member are still live, and
 * holds them FOR SHARE until commit. A concurrent `api-key:delete` or `member:remove` then either
 * waits for this transaction (and disables what it created) or commits first (and this answers
 * 401): no active webhook is ever left behind by a revoked key, whatever the key cache says.
 */
export async function lockLiveCaller(manager: Pick<EntityManager, 'query'>, auth: AuthContext): Promise<void> {
  const rows = await manager.query(
    `SELECT 1 FROM api_keys k JOIN members m ON m.id = k.member_id
      WHERE k.id = $1 AND m.id = $2 AND k.deleted_at IS NULL AND m.removed_at IS NULL
        FOR SHARE OF k, m`,
    [auth.apiKeyId, auth.memberId],
  );
  if (rows.length === 0) throw unauthorizedError('the API key is unknown or no longer active');
}
