import type { PoolClient } from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';

/** One connection of a dataset load, out of the pool for the load's whole duration. */
export interface LoadSession {
  runner: QueryRunner;
  client: PoolClient;
}

/**
 * A load's statements (upserts of a whole batch, index builds, VACUUM, the suggestions rebuild) and its open
 * transactions legitimately outlast the pool's DB_* limits, which are for requests and jobs.
 */
export async function openLoadSession(db: DataSource, settings = ''): Promise<LoadSession> {
  const runner = db.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  try {
    await client.query(`
      SET synchronous_commit = off;
      SET statement_timeout = 0;
      SET lock_timeout = 0;
      SET idle_in_transaction_session_timeout = 0;
      -- A killed load's server process stops its statement (an index build) within a second, and so frees the load's lock.
      SET client_connection_check_interval = '1s';
      ${settings}`);
  } catch (error) {
    await runner.release();
    throw error;
  }
  return { runner, client };
}

/** Gives the connection back to the pool, its session state (temp tables, settings) reset. */
export async function closeLoadSession(session: LoadSession): Promise<void> {
  await session.client.query('ROLLBACK').catch(() => undefined);
  await session.client.query('DISCARD ALL').catch(() => undefined);
  await session.runner.release();
}
