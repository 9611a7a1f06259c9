import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Maintenance deletes finished tasks and relayed events past WEBHOOK_HISTORY_RETENTION in
 * batches, oldest first: these partial indexes find the next batch without scanning the tables
 * (`events_unrelayed_idx` covers only the other half of events).
 */
export class HistoryPruningIndexes1763770100000 implements MigrationInterface {
  name = 'HistoryPruningIndexes1763770100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX events_relayed_created_idx ON events (created_at) WHERE relayed_at IS NOT NULL;
      CREATE INDEX webhook_tasks_finished_updated_idx ON webhook_tasks (updated_at) WHERE state <> 'pending';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_tasks_finished_updated_idx, events_relayed_created_idx;`);
  }
}
