import { pgPoolSettings, PoolTimeouts } from '@app/database/data-source';
import { Pool } from 'pg';

/**
 * `enable_seqscan=off`: every statement on this pool finds its rows by key (tasks by primary key,
 * due tasks and unrelayed events by partial indexes). Its statements are prepared, and a prepared
 * statement keeps the plan made when it was first run until the next ANALYZE: on a new install
 * `webhook_tasks` was nearly empty then, and every batch of a burst scanned every pending task
 * (6 ms per record batch instead of 0.3 ms, the dispatcher's bottleneck). Off, the planner keeps
 * to the indexes whatever the statistics say; a table without a usable index is still scanned.
 */
export const DELIVERY_SESSION_OPTIONS = '-c synchronous_commit=off -c enable_seqscan=off';

/**
 * The worker's own small pool for delivery state (relay, claims, attempt records), with
 * `synchronous_commit = off`: a commit returns before its WAL reaches disk, which is what makes
 * 1,000+ deliveries/s possible. Safe here because every write is re-derivable: if PostgreSQL
 * crashes and forgets the last few hundred milliseconds, those events are relayed again or
 * those attempts are made again, which at-least-once delivery allows. Atomicity and order are
 * kept. The events themselves are committed durably by the API.
 */
export class DeliveryDb {
  readonly pool: Pool;

  constructor(databaseUrl: string, max = 10, timeouts?: PoolTimeouts) {
    this.pool = new Pool({
      connectionString: databaseUrl,
      max,
      application_name: 'worker-webhook-delivery',
      options: DELIVERY_SESSION_OPTIONS,
      connectionTimeoutMillis: 10_000,
      ...(timeouts ? pgPoolSettings(timeouts) : {}),
    });
    this.pool.on('error', () => undefined); // an idle client died; the pool replaces it
  }

  /**
   * With a `name`, the statement is prepared once per connection and then only bound and run:
   * the hot path's statements are not parsed and planned again on every delivery.
   */
  async query<T = any>(sql: string, params: unknown[] = [], name?: string): Promise<T[]> {
    return (await this.pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params }))
      .rows as T[];
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
