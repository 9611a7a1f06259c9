import { unavailableDependency } from '@app/common/http/dependency-failure';
import { Pool } from 'pg';
import { appPoolTimeouts, BACKGROUND_ACQUIRE_TIMEOUT_MS, pgPoolSettings, poolTimeouts } from './data-source';

const config = {
  dbStatementTimeoutMs: 30_000,
  dbLockTimeoutMs: 5000,
  dbIdleInTransactionTimeoutMs: 30_000,
  dbAcquireTimeoutMs: 2000,
};

describe('pool timeouts', () => {
  it('sets the three PostgreSQL limits and the acquire wait; 0 leaves a limit off', () => {
    expect(pgPoolSettings(poolTimeouts(config))).toEqual({
      connectionTimeoutMillis: 2000,
      statement_timeout: 30_000,
      lock_timeout: 5000,
      idle_in_transaction_session_timeout: 30_000,
    });
    expect(
      pgPoolSettings(
        poolTimeouts({ ...config, dbStatementTimeoutMs: 0, dbLockTimeoutMs: 0, dbIdleInTransactionTimeoutMs: 0 }),
      ),
    ).toEqual({ connectionTimeoutMillis: 2000 });
  });

  it('lets background work wait longer for a connection than a request, never shorter than configured', () => {
    expect(appPoolTimeouts(config, 'request').acquireTimeoutMs).toBe(2000);
    expect(appPoolTimeouts(config, 'background').acquireTimeoutMs).toBe(BACKGROUND_ACQUIRE_TIMEOUT_MS);
    expect(appPoolTimeouts({ ...config, dbAcquireTimeoutMs: 60_000 }, 'background').acquireTimeoutMs).toBe(60_000);
    expect(appPoolTimeouts(config, 'background').statementTimeoutMs).toBe(30_000);
  });

  describe('on a real PostgreSQL', () => {
    const url = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const settings = (overrides: Partial<typeof config>) => pgPoolSettings(poolTimeouts({ ...config, ...overrides }));
    const pools: Pool[] = [];
    const pool = (overrides: Partial<typeof config>, max = 2) => {
      const created = new Pool({ connectionString: url, max, ...settings(overrides) });
      created.on('error', () => undefined);
      pools.push(created);
      return created;
    };
    afterAll(() => Promise.all(pools.map((p) => p.end())));

    it('every connection starts with the limits, and a transaction may raise its own', async () => {
      const db = pool({ dbStatementTimeoutMs: 1500, dbLockTimeoutMs: 700, dbIdleInTransactionTimeoutMs: 9000 });
      const shown = async (name: string) => (await db.query(`SHOW ${name}`)).rows[0][name];
      expect(await shown('statement_timeout')).toBe('1500ms');
      expect(await shown('lock_timeout')).toBe('700ms');
      expect(await shown('idle_in_transaction_session_timeout')).toBe('9s');
      const client = await db.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL statement_timeout = '5s'`);
        expect((await client.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('5s');
        await client.query('COMMIT');
        expect((await client.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('1500ms');
      } finally {
        client.release();
      }
    });

    it('a statement past statement_timeout fails, and the failure reads as the database being unavailable', async () => {
      const db = pool({ dbStatementTimeoutMs: 100 });
      const error = await db.query('SELECT pg_sleep(2)').catch((e: unknown) => e);
      expect((error as { code?: string }).code).toBe('57014');
      expect(unavailableDependency(error)).toBe('database');
    });

    it('a statement waiting past lock_timeout fails instead of queueing behind the lock', async () => {
      const db = pool({ dbLockTimeoutMs: 100 });
      const holder = await db.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT pg_advisory_xact_lock(7710042)`);
        const started = Date.now();
        const error = await db.query(`SELECT pg_advisory_xact_lock(7710042)`).catch((e: unknown) => e);
        expect(Date.now() - started).toBeLessThan(2000);
        expect((error as { code?: string }).code).toBe('55P03');
        expect(unavailableDependency(error)).toBe('database');
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
    });

    it('a session idle in a transaction is ended, releasing what it held', async () => {
      const db = pool({ dbIdleInTransactionTimeoutMs: 200 });
      const client = await db.connect();
      client.on('error', () => undefined);
      try {
        await client.query('BEGIN');
        await new Promise((r) => setTimeout(r, 600));
        const error = await client.query('SELECT 1').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(Error);
        expect(unavailableDependency(error)).toBe('database');
      } finally {
        client.release(true);
      }
    });

    it('a request waiting for a busy pool fails after the acquire timeout', async () => {
      const db = pool({ dbAcquireTimeoutMs: 200 }, 1);
      const busy = await db.connect();
      try {
        const started = Date.now();
        const error = await db.query('SELECT 1').catch((e: unknown) => e);
        expect(Date.now() - started).toBeLessThan(1500);
        expect(unavailableDependency(error)).toBe('database');
      } finally {
        busy.release();
      }
    });
  });
});
