// A streaming replica of the local PostgreSQL for bench/replicas.mjs (same steps as test/support/replica.ts):
// pg_basebackup -R into a temporary directory, its own port, run as the `postgres` OS user when we are root.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, requireFromRoot, sleep } from './_lib.mjs';

const pg = requireFromRoot('pg');
const run = promisify(execFile);
const RULE = 'host replication all 127.0.0.1/32 trust';

async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

const asPostgres = (bin, args) =>
  process.getuid() === 0
    ? run('runuser', ['-u', 'postgres', '--', bin, ...args], { timeout: 600_000 })
    : run(bin, args, { timeout: 600_000 });
const ids = () =>
  process.getuid() === 0
    ? ['-u', '-g'].map((f) => Number(execFileSync('id', [f, 'postgres']).toString().trim()))
    : [process.getuid(), process.getgid()];

export async function startReplica(adminUrl) {
  const major = await withClient(adminUrl, async (c) => {
    const rules = await c.query(
      `SELECT 1 FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND type = 'host' AND (address IS NULL OR address IN ('127.0.0.1', 'all', '0.0.0.0'))`,
    );
    if (rules.rowCount === 0) {
      const file = (await c.query('SHOW hba_file')).rows[0].hba_file;
      execFileSync('sh', ['-c', `grep -qxF '${RULE}' "$0" || sed -i '1i ${RULE}' "$0"`, file]);
      await c.query('SELECT pg_reload_conf()');
    }
    return String((await c.query('SHOW server_version_num')).rows[0].server_version_num).slice(0, 2);
  });
  const dir0 = process.env.PG_BIN ?? `/usr/lib/postgresql/${major}/bin`;
  const bin = (name) => (existsSync(dir0) ? join(dir0, name) : name);
  const dir = mkdtempSync(join(tmpdir(), 'pws-bench-replica-'));
  chownSync(dir, ...ids());
  const primary = new URL(adminUrl);
  const started = Date.now();
  await asPostgres(bin('pg_basebackup'), [
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
  ]);
  const port = await freePort();
  writeFileSync(
    join(dir, 'postgresql.conf'),
    `port = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nhot_standby = on\nhot_standby_feedback = on\nfsync = off\n`,
  );
  writeFileSync(join(dir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  writeFileSync(join(dir, 'pg_ident.conf'), '');
  for (const f of ['postgresql.conf', 'pg_hba.conf', 'pg_ident.conf']) chownSync(join(dir, f), ...ids());
  const pgCtl = (args) => asPostgres(bin('pg_ctl'), ['-D', dir, ...args]);
  await pgCtl(['-l', join(dir, 'server.log'), '-w', '-t', '120', 'start']);
  const url = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => {
    try {
      execFileSync(
        process.getuid() === 0 ? 'runuser' : bin('pg_ctl'),
        process.getuid() === 0
          ? ['-u', 'postgres', '--', bin('pg_ctl'), '-D', dir, '-m', 'immediate', 'stop']
          : ['-D', dir, '-m', 'immediate', 'stop'],
        { stdio: 'ignore' },
      );
    } catch {
      /* stopped already */
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const caughtUp = async () => {
    const target = await withClient(
      adminUrl,
      async (c) => (await c.query('SELECT pg_current_wal_lsn()::text AS l')).rows[0].l,
    );
    for (;;) {
      const done = await withClient(
        url('postgres'),
        async (c) => (await c.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS d', [target])).rows[0].d,
      ).catch(() => false);
      if (done) return;
      await sleep(200);
    }
  };
  await caughtUp();
  return { port, url, stop, caughtUp, seconds: (Date.now() - started) / 1000 };
}
