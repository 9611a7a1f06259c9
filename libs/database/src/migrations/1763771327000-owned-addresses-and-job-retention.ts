import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email verification answers a stored status only for an address the job's workspace owns (an email
 * a save revealed to it): the worker looks the chunk's addresses up by workspace and lower-cased
 * address. Jobs and exports no longer keep their bulk forever: maintenance deletes a verification
 * job's results after VERIFICATION_RETENTION and an export's file and person ids after
 * EXPORT_RETENTION, and stamps the row, which stays readable (docs/email-verification.md,
 * docs/people-export.md). The partial indexes hold only what is still to expire.
 */
export class OwnedAddressesAndJobRetention1763771327000 implements MigrationInterface {
  name = 'OwnedAddressesAndJobRetention1763771327000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX saved_people_revealed_address_idx ON saved_people (workspace_id, lower(revealed_email)) WHERE revealed_email IS NOT NULL;

      ALTER TABLE email_verification_jobs ADD COLUMN results_expired_at timestamptz;
      CREATE INDEX email_verification_jobs_retention_idx ON email_verification_jobs (completed_at)
        WHERE results_expired_at IS NULL AND status IN ('completed', 'failed');

      ALTER TABLE people_exports ADD COLUMN expired_at timestamptz, ALTER COLUMN person_ids DROP NOT NULL;
      CREATE INDEX people_exports_retention_idx ON people_exports (completed_at)
        WHERE expired_at IS NULL AND status IN ('completed', 'failed');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX people_exports_retention_idx, email_verification_jobs_retention_idx, saved_people_revealed_address_idx;
      UPDATE people_exports SET person_ids = '{}' WHERE person_ids IS NULL;
      ALTER TABLE people_exports DROP COLUMN expired_at, ALTER COLUMN person_ids SET NOT NULL;
      ALTER TABLE email_verification_jobs DROP COLUMN results_expired_at;
    `);
  }
}
