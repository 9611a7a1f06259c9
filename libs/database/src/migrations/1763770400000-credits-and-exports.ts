import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The credit ledger and people exports.
 *
 * Every change of `workspaces.credits` writes one `credit_transactions` row in the same
 * transaction (libs/database/src/credits/credit-ledger.ts), so a workspace's balance always equals
 * the sum of its rows' `amount`. Workspaces that already hold credits get an opening row.
 *
 * A people export is a job row holding the people it takes (resolved when it was asked for) and,
 * once the worker has run it, the CSV it produced; `exported_people` (people-search migration)
 * records who was exported for `duplicates.exclude_exported`.
 */
export class CreditsAndExports1763770400000 implements MigrationInterface {
  name = 'CreditsAndExports1763770400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE credit_transactions (
        id varchar(64) PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        -- Positive adds credits, negative spends them.
        amount bigint NOT NULL,
        balance_after bigint NOT NULL CHECK (balance_after >= 0),
        reason text NOT NULL CHECK (reason IN ('opening_balance', 'workspace_created', 'credits_set', 'people_save')),
        -- The API request (x-request-id) or the CLI command that made the change.
        request_id text,
        -- Reason-specific figures, e.g. how many people a save revealed.
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      -- GET /v2/credits/transactions: a workspace's rows, newest first.
      CREATE INDEX credit_transactions_workspace_idx ON credit_transactions (workspace_id, created_at DESC, id DESC);
      INSERT INTO credit_transactions (id, workspace_id, amount, balance_after, reason)
        SELECT 'ctx_' || replace(gen_random_uuid()::text, '-', ''), id, credits, credits, 'opening_balance'
          FROM workspaces WHERE credits <> 0;

      CREATE TABLE people_exports (
        id uuid PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        -- The saved people to export, in the order the rows are written.
        person_ids char(24)[] NOT NULL,
        total integer NOT NULL CHECK (total >= 0),
        -- Ids of the request the workspace had not saved.
        skipped integer NOT NULL DEFAULT 0 CHECK (skipped >= 0),
        processed integer NOT NULL DEFAULT 0 CHECK (processed >= 0 AND processed <= total),
        csv text,
        failure_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz
      );
      CREATE INDEX people_exports_workspace_idx ON people_exports (workspace_id, created_at DESC, id DESC);
      CREATE INDEX people_exports_active_idx ON people_exports (created_at) WHERE status IN ('queued', 'running');

      -- The credit preview's buckets by index alone, never the wide people rows: who has a stored
      -- valid email (about half of the data set, 25 MB for a million people), and which saves of a
      -- workspace own an email (revealed or edited: the few it paid for or typed).
      CREATE INDEX people_valid_email_idx ON people (id) WHERE best_email_status = 'valid' AND best_email IS NOT NULL;
      CREATE INDEX saved_people_owned_idx ON saved_people (workspace_id, person_id) INCLUDE (edited_email, revealed_email)
        WHERE revealed_email IS NOT NULL OR edited_email IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP INDEX people_valid_email_idx, saved_people_owned_idx; DROP TABLE people_exports, credit_transactions;`,
    );
  }
}
