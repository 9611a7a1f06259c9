import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Client } from 'pg';

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  /** A plain pg client on the test database, for arranging and asserting rows directly. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh database with every migration applied, dropped again by `drop()`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `pws_test_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  // The built migration runner, as operators run it (`npm run migration:run`).
  execFileSync(process.execPath, [resolve(__dirname, '../../dist/libs/database/src/migrate.js')], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    url,
    name,
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    drop: async () => {
      await client.end().catch(() => undefined);
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
