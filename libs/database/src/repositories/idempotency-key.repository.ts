import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { mutateReturning } from '../sql';

/** How long a key is remembered (and refused with another body). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;

/** What a stored first answer replays. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * The outcome of claiming a key: `claimed` (this request does the work, holding `token`), `replay` (the first
 * request finished: answer it again), `in_progress` (the first is still running), `mismatch` (the key was used
 * with another method, path or body).
 */
export type ClaimOutcome =
  | { kind: 'claimed'; token: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

interface KeyRow {
  request_hash: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: unknown;
  response_headers: Record<string, string> | null;
  expired: boolean;
  stale: boolean;
}

/**
 * The idempotency_keys table (docs/idempotency.md). Invariants, all enforced by PostgreSQL row locking:
 * - At most one request holds the claim of (workspace, key) at a time: the claim is an INSERT ... ON CONFLICT
 *   DO NOTHING, and a takeover (an expired row, or an `in_progress` claim older than the stale bound, left by a
 *   process that died) is an UPDATE guarded by the same condition, so of two racing takers one updates 0 rows.
 * - Only the claim's holder (its `claim_token`) completes or releases it: a holder whose claim was taken over
 *   after going stale writes nothing.
 * - A `completed` row always has its answer (CHECK constraint); it is replayed until it is 24 hours old.
 */
@Injectable()
export class IdempotencyKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Claims `key` for a request of `hash`, or says why not. `staleMs`: age after which an unfinished claim is dead. */
  async claim(workspaceId: string, key: string, hash: string, staleMs: number): Promise<ClaimOutcome> {
    // Two rounds at most: a row deleted (released) between our INSERT and SELECT is claimed again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomUUID();
      const inserted = await mutateReturning(
        this.dataSource.manager,
        `INSERT INTO idempotency_keys (workspace_id, key, request_hash, state, claim_token)
         VALUES ($1, $2, $3, 'in_progress', $4) ON CONFLICT DO NOTHING RETURNING 1`,
        [workspaceId, key, hash, token],
      );
      if (inserted.length > 0) return { kind: 'claimed', token };
      const [row]: KeyRow[] = await this.dataSource.query(
        `SELECT request_hash, state, response_status, response_body, response_headers,
                created_at < now() - make_interval(secs => $3::float8 / 1000) AS expired,
                state = 'in_progress' AND locked_at < now() - make_interval(secs => $4::float8 / 1000) AS stale
           FROM idempotency_keys WHERE workspace_id = $1 AND key = $2`,
        [workspaceId, key, IDEMPOTENCY_KEY_TTL_MS, staleMs],
      );
      if (!row) continue;
      if (row.expired || (row.stale && row.request_hash === hash)) {
        if (await this.takeOver(workspaceId, key, hash, token, staleMs)) return { kind: 'claimed', token };
        continue;
      }
      if (row.request_hash !== hash) return { kind: 'mismatch' };
      if (row.state === 'in_progress') return { kind: 'in_progress' };
      return {
        kind: 'replay',
        answer: { status: row.response_status!, body: row.response_body, headers: row.response_headers ?? {} },
      };
    }
    // Keeps changing under us: as good as still running.
    return { kind: 'in_progress' };
  }

  /** Replaces an expired row or a stale claim; false when another request got there first. */
  private async takeOver(
    workspaceId: string,
    key: string,
    hash: string,
    token: string,
    staleMs: number,
  ): Promise<boolean> {
    const rows = await mutateReturning(
      this.dataSource.manager,
      `UPDATE idempotency_keys
          SET request_hash = $3, state = 'in_progress', claim_token = $4, response_status = NULL, response_body = NULL,
              response_headers = NULL, created_at = now(), locked_at = now(), completed_at = NULL
        WHERE workspace_id = $1 AND key = $2
          AND (created_at < now() - make_interval(secs => $5::float8 / 1000)
               OR (state = 'in_progress' AND request_hash = $3 AND locked_at < now() - make_interval(secs => $6::float8 / 1000)))
        RETURNING 1`,
      [workspaceId, key, hash, token, IDEMPOTENCY_KEY_TTL_MS, staleMs],
    );
    return rows.length > 0;
  }

  /**
   * Stores the answer of the claim `token` holds; `manager` lets a route write it in its own transaction.
   * False when the claim is no longer ours (taken over after going stale).
   */
  async complete(
    workspaceId: string,
    key: string,
    token: string,
    answer: StoredAnswer,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const rows = await mutateReturning(
      manager,
      `UPDATE idempotency_keys
          SET state = 'completed', response_status = $4, response_body = $5::jsonb, response_headers = $6::jsonb, completed_at = now()
        WHERE workspace_id = $1 AND key = $2 AND claim_token = $3 AND state = 'in_progress'
        RETURNING 1`,
      [workspaceId, key, token, answer.status, JSON.stringify(answer.body ?? null), JSON.stringify(answer.headers)],
    );
    return rows.length > 0;
  }

  /** Gives the key up (the work failed or was refused): a retry with it runs again. */
  async release(workspaceId: string, key: string, token: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE workspace_id = $1 AND key = $2 AND claim_token = $3 AND state = 'in_progress'`,
      [workspaceId, key, token],
    );
  }

  /** Deletes up to `limit` keys older than 24 hours (maintenance); answers how many. */
  async deleteExpired(limit: number): Promise<number> {
    const rows = await mutateReturning(
      this.dataSource.manager,
      `DELETE FROM idempotency_keys WHERE (workspace_id, key) IN (
         SELECT workspace_id, key FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1::float8 / 1000) LIMIT $2)
       RETURNING 1`,
      [IDEMPOTENCY_KEY_TTL_MS, limit],
    );
    return rows.length;
  }
}
