import { newId } from '@app/common/ids/ids';
import type { EntityManager } from 'typeorm';

// Notifications for the workspace admin (GET /v2/notifications) about its webhooks.

/** Kinds of notification about webhooks. */
export type WebhookNotificationKind = 'webhook_disabled' | 'webhook_secret_unreadable';

/** Writes one notification for a workspace, in the caller's transaction when there is one. */
export async function writeNotification(
  manager: Pick<EntityManager, 'query'>,
  workspaceId: string,
  kind: WebhookNotificationKind,
  message: string,
  data: Record<string, unknown>,
): Promise<void> {
  await manager.query(`INSERT INTO notifications (id, workspace_id, kind, message, data) VALUES ($1, $2, $3, $4, $5)`, [
    newId('notification'),
    workspaceId,
    kind,
    message,
    JSON.stringify(data),
  ]);
}

/**
 * Tells the admin that a webhook's deliveries fail because its secret cannot be decrypted with
 * the service's SECRETS_KEY. Written once while unread: a wrong key fails every task of the
 * webhook, and one notice says it all. Call it inside a transaction: the advisory lock makes
 * concurrent failures of one webhook take turns, so the second sees the first's notice.
 */
export async function notifyUnreadableSecret(
  manager: Pick<EntityManager, 'query'>,
  webhook: { webhookId: string; url: string },
): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_secret_unreadable'), hashtext($1))`, [
    webhook.webhookId,
  ]);
  const message =
    `Deliveries of webhook ${webhook.webhookId} (${webhook.url}) failed: its signing secret cannot be decrypted with the service's SECRETS_KEY. ` +
    'Ask the operator to restore the key the secret was stored with, or rotate the secret (POST /v2/webhooks/{id}/rotate-secret, grace 0), then recover the failed deliveries.';
  await manager.query(
    `INSERT INTO notifications (id, workspace_id, kind, message, data)
     SELECT $1, w.workspace_id, 'webhook_secret_unreadable', $3, $4 FROM webhooks w
      WHERE w.id = $2
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.workspace_id = w.workspace_id AND n.kind = 'webhook_secret_unreadable'
                         AND n.read_at IS NULL AND n.data->>'webhook_id' = w.id)`,
    [
      newId('notification'),
      webhook.webhookId,
      message,
      JSON.stringify({ webhook_id: webhook.webhookId, url: webhook.url }),
    ],
  );
}
