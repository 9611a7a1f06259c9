import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery record that scheduled a retry kept its `next_attempt_at` when the retry was dropped
 * (the webhook was disabled, or the task dropped), promising an attempt that never came. Dropping
 * now clears `next_attempt_at` and sets `retry_dropped` on the task's latest record; the backfill
 * does the same for the tasks dropped before.
 */
export class WebhookDeliveryRetryDropped1763770900000 implements MigrationInterface {
  name = 'WebhookDeliveryRetryDropped1763770900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_deliveries ADD COLUMN retry_dropped boolean NOT NULL DEFAULT false;
      UPDATE webhook_deliveries d SET next_attempt_at = NULL, retry_dropped = true
        FROM webhook_tasks t
       WHERE t.state = 'dropped' AND d.event_id = t.event_id AND d.webhook_id = t.webhook_id AND d.next_attempt_at IS NOT NULL
         AND d.created_at = (SELECT max(l.created_at) FROM webhook_deliveries l WHERE l.webhook_id = t.webhook_id AND l.event_id = t.event_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN retry_dropped;`);
  }
}
