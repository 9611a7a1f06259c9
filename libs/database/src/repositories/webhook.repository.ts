import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { WebhookStatus } from '../entities/webhook.entity';
import { DB_CLOCK_MS } from '../outbox';
import { mutateReturning } from '../sql';
import { PageOf, PageWindow } from './page';

/** SELECT list of the public webhook columns: never the secret ciphertexts. */
const PUBLIC_COLUMNS = 'id, url, events, description, status, disabled_reason, created_at, updated_at';

/** A webhook's public columns as the driver answers them. */
export interface WebhookPublicRow {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: WebhookStatus;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewWebhook {
  id: string;
  workspaceId: string;
  url: string;
  events: string[];
  description: string | null;
  secretCiphertext: string;
  createdByMemberId: string;
  createdByApiKeyId: string;
}

/** What PATCH changes; `reactivate` turns a disabled webhook active with its failure counters reset. */
export interface WebhookChanges {
  url?: string;
  events?: string[];
  description?: string | null;
  reactivate?: boolean;
}

/** The two sealed secret columns secrets:rotate re-seals. */
export type WebhookSecretColumn = 'secret_ciphertext' | 'previous_secret_ciphertext';

export interface WebhookSecretsRow {
  id: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
}

/**
 * Registered webhooks of a workspace (`webhooks`). Disabling goes through libs/webhooks (disable.ts), which also
 * drops pending tasks and notifies the admin; delivery history is WebhookDeliveryRepository's.
 *
 * Methods that may run inside a caller's transaction take its EntityManager last.
 */
@Injectable()
export class WebhookRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The workspace's webhook; null when it has none of that id. `forUpdate` locks it FOR NO KEY UPDATE until the
   * transaction ends: that waits for (and holds off) every change of the row, while inserts that only reference it
   * (the worker's delivery records, the relay's tasks) go on.
   */
  async find(
    workspaceId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
    forUpdate = false,
  ): Promise<WebhookPublicRow | null> {
    const rows: WebhookPublicRow[] = await manager.query(
      `SELECT ${PUBLIC_COLUMNS} FROM webhooks WHERE id = $1 AND workspace_id = $2${forUpdate ? ' FOR NO KEY UPDATE' : ''}`,
      [id, workspaceId],
    );
    return rows[0] ?? null;
  }

  /** Serializes changes to a workspace's set of active webhooks until the transaction ends. */
  async lockWorkspace(workspaceId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhooks:' || $1))`, [workspaceId]);
  }

  /** Active webhooks of the workspace, `exceptId` left out. */
  async countActive(workspaceId: string, exceptId: string | null, manager: EntityManager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(
      `SELECT count(*)::int AS count FROM webhooks WHERE workspace_id = $1 AND status = 'active' AND id IS DISTINCT FROM $2`,
      [workspaceId, exceptId],
    );
    return count;
  }

  /** Every webhook of the workspace, disabled ones included. */
  async count(workspaceId: string, manager: EntityManager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(
      `SELECT count(*)::int AS count FROM webhooks WHERE workspace_id = $1`,
      [workspaceId],
    );
    return count;
  }

  /** Inserts an active webhook stamped with the database clock (the relay compares it with events' times). */
  async insert(hook: NewWebhook, manager: EntityManager): Promise<WebhookPublicRow> {
    const rows: WebhookPublicRow[] = await manager.query(
      `INSERT INTO webhooks (id, workspace_id, url, events, description, status, secret_ciphertext, created_by_member_id, created_by_api_key_id, created_at, updated_at)
       SELECT $1, $2, $3, $4, $5, 'active', $6, $7, $8, t.at, t.at FROM (SELECT ${DB_CLOCK_MS} AS at) t RETURNING ${PUBLIC_COLUMNS}`,
      [
        hook.id,
        hook.workspaceId,
        hook.url,
        hook.events,
        hook.description,
        hook.secretCiphertext,
        hook.createdByMemberId,
        hook.createdByApiKeyId,
      ],
    );
    return rows[0];
  }

  /** A page of the workspace's webhooks, newest first, optionally in one status. */
  async page(
    workspaceId: string,
    status: WebhookStatus | undefined,
    page: PageWindow,
  ): Promise<PageOf<WebhookPublicRow>> {
    const where = `workspace_id = $1 AND ($2::text IS NULL OR status = $2)`;
    const [rows, [{ total }]]: [WebhookPublicRow[], Array<{ total: string }>] = await Promise.all([
      this.dataSource.query(
        `SELECT ${PUBLIC_COLUMNS} FROM webhooks WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [workspaceId, status ?? null, page.perPage, page.offset],
      ),
      this.dataSource.query(`SELECT count(*) AS total FROM webhooks WHERE ${where}`, [workspaceId, status ?? null]),
    ]);
    return { items: rows, total: Number(total) };
  }

  /** Applies the changes given (none: nothing is written). */
  async update(id: string, changes: WebhookChanges, manager: EntityManager): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (changes.url !== undefined) set('url', changes.url);
    if (changes.events !== undefined) set('events', changes.events);
    if (changes.description !== undefined) set('description', changes.description);
    // A fresh start: the failure counters that disabled it no longer apply.
    if (changes.reactivate)
      sets.push(`status = 'active', disabled_reason = NULL, consecutive_timeouts = 0, failing_since = NULL`);
    if (sets.length === 0) return;
    await manager.query(`UPDATE webhooks SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
  }

  /** Deletes the workspace's webhook (tasks and history go with it); false when there is none. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const rows = await mutateReturning(
      this.dataSource.manager,
      `DELETE FROM webhooks WHERE id = $1 AND workspace_id = $2 RETURNING id`,
      [id, workspaceId],
    );
    return rows.length > 0;
  }

  /**
   * Installs a new sealed secret; with a grace above 0 the current one keeps signing until the answered time,
   * otherwise it is dropped at once (null).
   */
  async rotateSecret(id: string, ciphertext: string, graceMs: number, manager: EntityManager): Promise<Date | null> {
    const rows = await mutateReturning<{ previous_secret_expires_at: Date | null }>(
      manager,
      `UPDATE webhooks SET
         previous_secret_ciphertext = CASE WHEN $3::bigint > 0 THEN secret_ciphertext END,
         previous_secret_expires_at = CASE WHEN $3::bigint > 0 THEN now() + $3::bigint * interval '1 millisecond' END,
         secret_ciphertext = $2, updated_at = now()
       WHERE id = $1 RETURNING previous_secret_expires_at`,
      [id, ciphertext, graceMs],
    );
    const expires = rows[0].previous_secret_expires_at;
    return expires ? new Date(expires) : null;
  }

  /** The sealed secrets of every workspace's webhooks, by id after `afterId` (keyset pages, for secrets:rotate). */
  async secretsAfter(afterId: string, limit: number): Promise<WebhookSecretsRow[]> {
    return this.dataSource.query(
      `SELECT id, secret_ciphertext, previous_secret_ciphertext FROM webhooks WHERE id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  }

  /** Compare-and-swap of one sealed secret: false when it no longer holds `expected` (rotated meanwhile). */
  async replaceSecret(id: string, column: WebhookSecretColumn, sealed: string, expected: string): Promise<boolean> {
    const updated = await mutateReturning(
      this.dataSource.manager,
      `UPDATE webhooks SET ${column} = $2 WHERE id = $1 AND ${column} = $3 RETURNING id`,
      [id, sealed, expected],
    );
    return updated.length > 0;
  }
}
