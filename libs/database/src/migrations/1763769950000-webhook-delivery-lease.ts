import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A short lease on a delivery task while a worker sends it, so a job that runs twice (a stalled
 * job retried, a sweeper re-enqueue) does not POST the same attempt concurrently. A crashed
 * worker's lease simply runs out.
 */
export class WebhookDeliveryLease1763769950000 implements MigrationInterface {
  name = 'WebhookDeliveryLease1763769950000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_tasks ADD COLUMN lease_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_tasks DROP COLUMN lease_until`);
  }
}
