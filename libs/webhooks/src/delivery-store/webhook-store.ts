import { deleteInBatches, mutateReturning, retryOnDeadlock } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DisableReason, disableWebhook } from '../disable';
import { notifyUnreadableSecret } from '../notifications';
import { PRUNE_ORDER, PrunedTable, pruneStatement } from './history-pruning';

/**
 * The worker's webhook statements on the shared (durable) pool: disabling webhooks and telling
 * their admins, the dispatcher's gauges and the pruning of delivery history. The hot path's
 * statements are DeliveryStore's.
 */
@Injectable()
export class WebhookStore {
  constructor(private readonly db: DataSource) {}

  /**
   * Disables an active webhook (drops its pending tasks, notifies the admin); with `deliveryId`,
   * the retry that attempt scheduled will not run and its record says so. Answers whether the
   * webhook was active. It locks the webhook, then its pending tasks: another lane recording an attempt holds tasks,
   * then wants the webhook's row, and PostgreSQL may abort this side, which runs again.
   */
  async disable(webhookId: string, reason: DisableReason, deliveryId?: string): Promise<boolean> {
    return retryOnDeadlock(() =>
      this.db.transaction(async (m) => {
        const done = await disableWebhook(m, webhookId, reason);
        if (deliveryId) {
          await m.query(
            `UPDATE webhook_deliveries SET next_attempt_at = NULL, retry_dropped = retry_dropped OR next_attempt_at IS NOT NULL WHERE id = $1`,
            [deliveryId],
          );
        }
        return done;
      }),
    );
  }

  /** Active webhooks whose deliveries have only failed for at least `failingForMs`. */
  async failingWebhookIds(failingForMs: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM webhooks WHERE status = 'active' AND failing_since IS NOT NULL
          AND failing_since <= now() - make_interval(secs => $1::float8 / 1000)`,
      [failingForMs],
    );
    return rows.map((r) => r.id);
  }

  /** Tells the webhook's admin that its secret cannot be decrypted (once while unread; see notifyUnreadableSecret). */
  async notifyUnreadableSecret(webhook: { webhookId: string; url: string }): Promise<void> {
    await this.db.transaction((m) => notifyUnreadableSecret(m, webhook));
  }

  /** Age in seconds of the oldest event not yet relayed; 0 when none waits. */
  async outboxLagSeconds(): Promise<number> {
    const [row] = await this.db.query(
      `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS lag FROM events WHERE relayed_at IS NULL`,
    );
    return Math.max(0, Number(row?.lag ?? 0));
  }

  /**
   * Deletes delivery records, finished tasks and relayed events older than `retentionMs`, at most
   * `batch` rows per statement, so a table is never locked for long; answers how many of each.
   */
  async pruneHistory(retentionMs: number, batch: number): Promise<Record<PrunedTable, number>> {
    const pruned = { deliveries: 0, tasks: 0, events: 0 };
    for (const table of PRUNE_ORDER) {
      const sql = pruneStatement(table, batch);
      pruned[table] = await deleteInBatches(
        async () => (await mutateReturning(this.db.manager, sql, [retentionMs])).length,
        batch,
      );
    }
    return pruned;
  }
}
