import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email verification jobs and their per-address results. Every address is written at creation
 * (status null until verified), so the worker resumes from `processed` after a restart; a chunk's
 * statuses, `processed` and the counts are committed together.
 */
export class EmailVerifications1763770000000 implements MigrationInterface {
  name = 'EmailVerifications1763770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_verification_jobs (
        id uuid PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        total integer NOT NULL CHECK (total > 0),
        processed integer NOT NULL DEFAULT 0 CHECK (processed >= 0 AND processed <= total),
        count_valid integer NOT NULL DEFAULT 0,
        count_invalid integer NOT NULL DEFAULT 0,
        count_accept_all integer NOT NULL DEFAULT 0,
        count_unknown integer NOT NULL DEFAULT 0,
        failure_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz,
        CHECK (count_valid + count_invalid + count_accept_all + count_unknown = processed)
      );
      CREATE INDEX email_verification_jobs_workspace_idx ON email_verification_jobs (workspace_id, created_at DESC, id DESC);
      -- The sweeper looks only at jobs that are still to finish.
      CREATE INDEX email_verification_jobs_active_idx ON email_verification_jobs (created_at) WHERE status IN ('queued', 'running');

      CREATE TABLE email_verification_results (
        job_id uuid NOT NULL REFERENCES email_verification_jobs(id) ON DELETE CASCADE,
        ordinal integer NOT NULL,
        email text NOT NULL,
        status text CHECK (status IN ('valid', 'invalid', 'accept_all', 'unknown')),
        PRIMARY KEY (job_id, ordinal)
      );

      -- Verification asks for the stored status of each address (the dataset keeps them as imported).
      CREATE INDEX person_emails_lower_address_idx ON person_emails (lower(address));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX person_emails_lower_address_idx;
      DROP TABLE email_verification_results, email_verification_jobs;
    `);
  }
}
