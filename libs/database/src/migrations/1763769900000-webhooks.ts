import { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhooks, their delivery state (tasks) and history (deliveries), and admin notifications. */
export class Webhooks1763769900000 implements MigrationInterface {
  name = 'Webhooks1763769900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhooks (
        id varchar(64) PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        description text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        disabled_reason text,
        -- AES-256-GCM with SECRETS_KEY: base64 of iv + tag + ciphertext. Never the plain secret.
        secret_ciphertext text NOT NULL,
        previous_secret_ciphertext text,
        previous_secret_expires_at timestamptz,
        created_by_member_id varchar(64),
        created_by_api_key_id varchar(64),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        consecutive_timeouts integer NOT NULL DEFAULT 0,
        -- Start of the current streak of only failures; null after a success.
        failing_since timestamptz,
        last_success_at timestamptz
      );
      CREATE INDEX webhooks_workspace_status_idx ON webhooks (workspace_id, status);
      CREATE INDEX webhooks_created_by_member_idx ON webhooks (created_by_member_id);
      CREATE INDEX webhooks_created_by_api_key_idx ON webhooks (created_by_api_key_id);

      -- Delivery state of one (event, webhook): the source of truth; BullMQ only schedules.
      CREATE TABLE webhook_tasks (
        event_id varchar(64) NOT NULL,
        webhook_id varchar(64) NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        workspace_id varchar(64) NOT NULL,
        event_type text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'succeeded', 'failed', 'dropped')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_error text,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, webhook_id)
      );
      -- The sweeper reads only what is still due.
      CREATE INDEX webhook_tasks_due_idx ON webhook_tasks (next_attempt_at) WHERE state = 'pending';
      -- "Recover everything that failed since T" for one webhook.
      CREATE INDEX webhook_tasks_webhook_state_idx ON webhook_tasks (webhook_id, state, updated_at);

      -- One row per attempt: the delivery history (docs/api.md#webhooks).
      CREATE TABLE webhook_deliveries (
        id varchar(64) PRIMARY KEY,
        webhook_id varchar(64) NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        workspace_id varchar(64) NOT NULL,
        event_id varchar(64) NOT NULL,
        event_type text NOT NULL,
        attempt integer NOT NULL,
        status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
        response_status integer,
        error text CHECK (error IN ('timeout', 'connection_error', 'redirect', 'http_status', 'blocked_target')),
        duration_ms integer NOT NULL,
        next_attempt_at timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now()
      );
      CREATE INDEX webhook_deliveries_webhook_created_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC);
      CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at);
      CREATE INDEX webhook_deliveries_webhook_event_idx ON webhook_deliveries (webhook_id, event_id);

      CREATE TABLE notifications (
        id varchar(64) PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        kind text NOT NULL,
        message text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        read_at timestamptz
      );
      CREATE INDEX notifications_workspace_created_idx ON notifications (workspace_id, created_at DESC, id DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notifications, webhook_deliveries, webhook_tasks, webhooks;`);
  }
}
