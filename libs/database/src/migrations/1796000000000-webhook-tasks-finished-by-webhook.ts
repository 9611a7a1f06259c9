import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The index by webhook and state served only finished tasks ("make failed tasks due again"), yet it
 * also held every pending one. With `webhook_tasks` statistics from when the table was nearly empty
 * (a new install; autovacuum off or behind), a drain's claim planned on it read every pending task
 * of the webhook and sorted them, 15 ms a claim at 7,500 pending and more as a backlog grows: one busy
 * webhook fell to 400-600 deliveries/s. Without pending entries, only the pending index serves the
 * claim, in due order, whatever the statistics say; relaying and claiming a task also write one index
 * entry fewer.
 */
export class WebhookTasksFinishedByWebhook1796000000000 implements MigrationInterface {
  name = 'WebhookTasksFinishedByWebhook1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX webhook_tasks_webhook_finished_idx ON webhook_tasks (webhook_id, state, updated_at)
        WHERE state <> 'pending';
      DROP INDEX webhook_tasks_webhook_state_idx;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX webhook_tasks_webhook_state_idx ON webhook_tasks (webhook_id, state, updated_at);
      DROP INDEX webhook_tasks_webhook_finished_idx;
    `);
  }
}
