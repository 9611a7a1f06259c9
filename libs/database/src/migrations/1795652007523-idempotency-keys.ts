import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of POST requests (docs/idempotency.md): one row per workspace and key, claimed
 * `in_progress` before the work and `completed` with the answer after it. `request_hash` is the
 * SHA-256 of the method, path and canonical body, so the same key with another body is refused.
 * Maintenance deletes rows older than 24 hours (`created_at` index).
 */
export class IdempotencyKeys1795652007523 implements MigrationInterface {
  name = 'IdempotencyKeys1795652007523';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        workspace_id varchar(64) NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
        claim_token uuid NOT NULL,
        response_status smallint,
        response_body jsonb,
        response_headers jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        locked_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (workspace_id, key),
        CHECK ((state = 'completed') = (response_status IS NOT NULL))
      );
      CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
