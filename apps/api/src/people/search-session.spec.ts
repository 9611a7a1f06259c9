import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../../test/support/database';
import { SEARCH_SESSION_OPTIONS } from './search-session';

// Against a real PostgreSQL database: the options must parse and take effect on a connection.
let db: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new Pool({ connectionString: db.url, max: 1, options: SEARCH_SESSION_OPTIONS });
}, 60000);

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

it('runs searches without JIT, with room to sort in memory, and prefetching the heap pages of broad bitmap scans', async () => {
  const { rows } = await pool.query(
    `SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem, current_setting('enable_memoize') AS memoize,
            current_setting('effective_io_concurrency') AS io_concurrency`,
  );
  expect(rows[0]).toEqual({ jit: 'off', work_mem: '32MB', memoize: 'off', io_concurrency: '256' });
});
