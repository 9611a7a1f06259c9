/**
 * A real PostgreSQL streaming replica of the test server for the replica specs (docs/replicas.md):
 * `pg_basebackup -R` into a temporary directory, started on its own port as the `postgres` OS user,
 * stopped and removed by `stop()`. A physical replica carries the whole cluster, so one replica serves
 * every test database created on the primary, before or after it started.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { eventually } from './http';
import { freePort } from './processes';

const run = promisify(execFile);
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPLICATION_RULE = 'host replication all 127.0.0.1/32 trust';

/** The server's binaries: PG_BIN, else Debian's layout for the server's major version, else the PATH. */
function binDir(major: string): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = `/usr/lib/postgresql/${major}/bin`;
  return existsSync(debian) ? debian : '';
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The test server must accept replication connections from 127.0.0.1 (Debian's default pg_hba.conf does not):
 * adds the one rule and reloads, once; a server that already has one is left alone.
 */
async function allowReplication(): Promise<void> {
  await withClient(ADMIN_URL, async (c) => {
    const rules = await c.query(
      `SELECT 1 FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND type = 'host' AND (address IS NULL OR address IN ('127.0.0.1', 'all', '0.0.0.0'))`,
    );
    if (rules.rowCount! > 0) return;
    const { rows } = await c.query(`SHOW hba_file`);
    const file = rows[0].hba_file as string;
    // Replication rules are matched first to last like the others: the line goes first.
    execFileSync('sh', ['-c', `grep -qxF '${REPLICATION_RULE}' "$0" || sed -i '1i ${REPLICATION_RULE}' "$0"`, file]);
    await c.query(`SELECT pg_reload_conf()`);
  });
}

/** Runs a PostgreSQL binary as the `postgres` OS user when we are root (the server refuses to run as root). */
function asPostgres(bin: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  if (process.getuid?.() === 0) return run('runuser', ['-u', 'postgres', '--', bin, ...args], { timeout: 120_000 });
  return run(bin, args, { timeout: 120_000 });
}

export interface TestReplica {
  port: number;
  dir: string;
  /** The URL of `database` on the replica. */
  url(database: string): string;
  query<T = any>(database: string, sql: string, params?: unknown[]): Promise<T[]>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** SIGKILL-like stop (`pg_ctl stop -m immediate`): connections drop at once. */
  kill(): Promise<void>;
  /** Starts it again after `kill()`. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startReplica(): Promise<TestReplica> {
  await allowReplication();
  const major = await withClient(ADMIN_URL, async (c) =>
    String((await c.query(`SHOW server_version_num`)).rows[0].server_version_num).slice(0, 2),
  );
  const bin = (name: string) => (binDir(major) ? join(binDir(major), name) : name);
  const dir = mkdtempSync(join(tmpdir(), 'pws-replica-'));
  chownSync(dir, ...postgresIds());
  const primary = new URL(ADMIN_URL);
  const basebackup = [
    '-h',
    primary.hostname,
    '-p',
    primary.port || '5432',
    '-U',
    primary.username || 'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ];
  // Other test files on the same server may terminate backends (outage tests): a cut base backup is taken again.
  for (let attempt = 1; ; attempt++) {
    try {
      await asPostgres(bin('pg_basebackup'), basebackup);
      break;
    } catch (error) {
      if (attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const port = await freePort();
  // Debian keeps the configuration outside the data directory: the replica gets its own, minimal one.
  writeFileSync(
    join(dir, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      // Long searches on the replica are not cancelled by vacuum replay on the primary.
      'hot_standby_feedback = on',
      'max_connections = 100',
      'shared_buffers = 32MB',
      'fsync = off',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  writeFileSync(join(dir, 'pg_ident.conf'), '');
  for (const f of ['postgresql.conf', 'pg_hba.conf', 'pg_ident.conf']) chownSync(join(dir, f), ...postgresIds());
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const pgCtl = (args: string[]) => asPostgres(bin('pg_ctl'), ['-D', dir, ...args]);
  const start = async () => {
    await pgCtl(['-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    await eventually(
      () =>
        withClient(url('postgres'), async (c) => (await c.query(`SELECT pg_is_in_recovery() AS r`)).rows[0].r).catch(
          () => false,
        ),
      30_000,
      200,
    );
  };
  await start();
  // A spec that dies before stop() must not leave a server behind: pg_ctl daemonizes it out of our process tree.
  const leftover = () => {
    try {
      const args = ['-D', dir, '-m', 'immediate', '-w', 'stop'];
      if (process.getuid?.() === 0)
        execFileSync('runuser', ['-u', 'postgres', '--', bin('pg_ctl'), ...args], { stdio: 'ignore' });
      else execFileSync(bin('pg_ctl'), args, { stdio: 'ignore' });
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', leftover);
  const replica: TestReplica = {
    port,
    dir,
    url,
    query: (database, sql, params) =>
      withClient(url(database), async (c) => (await c.query(sql, params as unknown[])).rows),
    async caughtUp(timeoutMs = 30_000) {
      const target = await withClient(
        ADMIN_URL,
        async (c) => (await c.query(`SELECT pg_current_wal_lsn()::text AS lsn`)).rows[0].lsn as string,
      );
      await eventually(
        () =>
          withClient(
            url('postgres'),
            async (c) =>
              (await c.query(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done`, [target])).rows[0].done,
          ).catch(() => false),
        timeoutMs,
        100,
      );
    },
    pauseReplay: () => withClient(url('postgres'), async (c) => void (await c.query(`SELECT pg_wal_replay_pause()`))),
    resumeReplay: () => withClient(url('postgres'), async (c) => void (await c.query(`SELECT pg_wal_replay_resume()`))),
    kill: async () => void (await pgCtl(['-m', 'immediate', '-w', 'stop'])),
    start,
    async stop() {
      process.removeListener('exit', leftover);
      await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return replica;
}

function postgresIds(): [number, number] {
  if (process.getuid?.() !== 0) return [process.getuid?.() ?? 0, process.getgid?.() ?? 0];
  return [
    Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  ];
}
