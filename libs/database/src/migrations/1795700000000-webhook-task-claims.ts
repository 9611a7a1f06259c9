import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery drains claim a webhook's due tasks in due order (docs/webhook-delivery.md, "In-flight
 * limits"): a partial index on the pending tasks by webhook and due time serves the claim and the
 * skip scan that finds webhooks with due tasks. A pending task always has a due time now (the
 * claim's lease is written there), so the few that lacked one become due at once.
 */
export class WebhookTaskClaims1795700000000 implements MigrationInterface {
  name = 'WebhookTaskClaims1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE webhook_tasks SET next_attempt_at = now() WHERE state = 'pending' AND next_attempt_at IS NULL;
      CREATE INDEX webhook_tasks_pending_webhook_due_idx ON webhook_tasks (webhook_id, next_attempt_at, event_id)
        WHERE state = 'pending';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_tasks_pending_webhook_due_idx;`);
  }
}
