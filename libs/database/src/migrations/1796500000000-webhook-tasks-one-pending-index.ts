import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pending tasks get one index, by webhook and due time. The index by due time alone served only two
 * gauges, yet a drain's claim planned on statistics taken while the webhook's tasks were all delivered
 * (pending looked rare) read every due task of all webhooks through it and sorted them, 2.4 ms a claim
 * at 1,400 due and more as a backlog grows. The gauges now probe the webhook index once per webhook;
 * relaying, claiming and recording a task each write one index entry fewer.
 */
export class WebhookTasksOnePendingIndex1796500000000 implements MigrationInterface {
  name = 'WebhookTasksOnePendingIndex1796500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_tasks_due_idx;`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX webhook_tasks_due_idx ON webhook_tasks (next_attempt_at) WHERE state = 'pending';`);
  }
}
