import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../../test/support/database';
import {
  checkQuota,
  enforceQuota,
  EXPORTS_QUOTA,
  Queryable,
  VERIFICATION_ADDRESSES_QUOTA,
  windowText,
} from './workspace-quota';

// Against a real PostgreSQL database: the window sums, Retry-After and the lock are SQL.
let db: TestDatabase;
const clients: Client[] = [];

/** A connection of its own; the module reads rows as TypeORM's EntityManager answers them. */
async function connect(): Promise<Queryable> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  clients.push(client);
  return { query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows };
}

let n = 0;
async function workspace(): Promise<string> {
  const id = `ws_quota_${++n}`;
  await db.query(`INSERT INTO workspaces (id, name) VALUES ($1, 'quota')`, [id]);
  return id;
}

/** A verification job of `total` addresses created `agoMs` before now. */
const job = (ws: string, total: number, agoMs: number) =>
  db.query(
    `INSERT INTO email_verification_jobs (id, workspace_id, total, created_at) VALUES (gen_random_uuid(), $1, $2, now() - make_interval(secs => $3::float8 / 1000))`,
    [ws, total, agoMs],
  );

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error as {
      status: number;
      errorName: string;
      payload: Record<string, unknown>;
      headers: Record<string, string>;
    };
  }
  throw new Error('expected a 429');
};

beforeAll(async () => {
  db = await createTestDatabase();
}, 60000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  await db?.drop();
});

const MINUTE = { limit: 20, windowMs: 60_000 };

describe('checkQuota', () => {
  it('sums the addresses of the jobs created in the window only, and lets a request reach the quota exactly', async () => {
    const ws = await workspace();
    const q = await connect();
    await job(ws, 8, 50_000);
    await job(ws, 8, 10_000);
    await job(ws, 100, 61_000); // left the window
    await expect(checkQuota(q, VERIFICATION_ADDRESSES_QUOTA, MINUTE, ws, 4)).resolves.toBeUndefined();
    await expect(checkQuota(q, VERIFICATION_ADDRESSES_QUOTA, MINUTE, await workspace(), 20)).resolves.toBeUndefined();
  });

  it('answers 429 RATE_LIMIT with Retry-After: the seconds until the oldest jobs that free enough leave the window', async () => {
    const ws = await workspace();
    const q = await connect();
    await job(ws, 8, 50_000); // leaves in 10 s
    await job(ws, 8, 10_000); // leaves in 50 s
    const need4 = await refusal(checkQuota(q, VERIFICATION_ADDRESSES_QUOTA, MINUTE, ws, 8));
    expect(need4).toMatchObject({
      status: 429,
      errorName: 'RATE_LIMIT',
      payload: {
        limit: 'verification_addresses',
        quota: 20,
        used: 16,
        requested: 8,
        window_seconds: 60,
        retry_after: 10,
      },
      headers: { 'Retry-After': '10' },
    });
    // 12 more need 8 freed: the first job is enough; 13 need 9: both must leave.
    expect((await refusal(checkQuota(q, VERIFICATION_ADDRESSES_QUOTA, MINUTE, ws, 13))).headers).toEqual({
      'Retry-After': '50',
    });
    await expect(checkQuota(q, VERIFICATION_ADDRESSES_QUOTA, MINUTE, ws, 4)).resolves.toBeUndefined();
  });

  it('answers the whole window for a request larger than the whole quota, and says so', async () => {
    const ws = await workspace();
    const error = await refusal(checkQuota(await connect(), VERIFICATION_ADDRESSES_QUOTA, MINUTE, ws, 21));
    expect(error.headers).toEqual({ 'Retry-After': '60' });
    expect((error as unknown as Error).message).toMatch(/more than the whole quota/);
  });

  it('counts exports one each', async () => {
    const ws = await workspace();
    const q = await connect();
    for (const ago of [30_000, 20_000]) {
      await db.query(
        `INSERT INTO people_exports (id, workspace_id, person_ids, total, created_at) VALUES (gen_random_uuid(), $1, '{}', 0, now() - make_interval(secs => $2::float8 / 1000))`,
        [ws, ago],
      );
    }
    await expect(checkQuota(q, EXPORTS_QUOTA, { limit: 3, windowMs: 60_000 }, ws, 1)).resolves.toBeUndefined();
    const error = await refusal(checkQuota(q, EXPORTS_QUOTA, { limit: 2, windowMs: 60_000 }, ws, 1));
    expect(error.payload).toMatchObject({ limit: 'exports', quota: 2, used: 2, requested: 1, retry_after: 30 });
  });

  it('is off at 0: nothing is even read', async () => {
    const never: Queryable = { query: () => Promise.reject(new Error('no query expected')) };
    await expect(
      checkQuota(never, EXPORTS_QUOTA, { limit: 0, windowMs: 60_000 }, 'ws', 1_000_000),
    ).resolves.toBeUndefined();
    await expect(enforceQuota(never, EXPORTS_QUOTA, { limit: 0, windowMs: 60_000 }, 'ws', 1)).resolves.toBeUndefined();
  });

  it('writes the window as hours when whole, else seconds', () => {
    expect(windowText(86_400_000)).toBe('24 h');
    expect(windowText(8000)).toBe('8 s');
  });
});

describe('enforceQuota', () => {
  it("holds the workspace's quota lock until the transaction ends: a second check waits, then sees the first one's row", async () => {
    const ws = await workspace();
    const [first, second] = [await connect(), await connect()];
    await first.query('BEGIN');
    await enforceQuota(first, VERIFICATION_ADDRESSES_QUOTA, MINUTE, ws, 15);
    await first.query(
      `INSERT INTO email_verification_jobs (id, workspace_id, total) VALUES (gen_random_uuid(), $1, 15)`,
      [ws],
    );

    await second.query('BEGIN');
    let settled = false;
    const waiting = refusal(enforceQuota(second, VERIFICATION_ADDRESSES_QUOTA, MINUTE, ws, 15)).finally(
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    // Another workspace and the other quota do not wait.
    const other = await connect();
    await other.query('BEGIN');
    await enforceQuota(other, VERIFICATION_ADDRESSES_QUOTA, MINUTE, await workspace(), 15);
    await enforceQuota(other, EXPORTS_QUOTA, { limit: 5, windowMs: 60_000 }, ws, 1);
    await other.query('ROLLBACK');

    await first.query('COMMIT');
    expect(await waiting).toMatchObject({ status: 429, payload: { used: 15, requested: 15 } });
    await second.query('ROLLBACK');
  });
});
