// A PostgreSQL cluster and a redis-server of the script's own, on free ports, that it may stop and
// start at will (the shared PostgreSQL on 5432 and Redis on 6379 are never touched).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, sleep } from './_lib.mjs';

/** The newest PostgreSQL server binaries installed (Debian layout). */
function postgresBin() {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql/*/bin');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

const run = promisify(execFile);

/**
 * Runs a PostgreSQL binary as the unprivileged `postgres` user when we are root (initdb refuses
 * root). Asynchronous, so the clients' timings go on while pg_ctl waits.
 */
async function asPostgres(bin, args) {
  const [cmd, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return (await run(cmd, argv)).stdout;
}

/**
 * initdb into a temporary directory and start it on a free port (trust authentication, user
 * postgres). `stop(mode)` is `pg_ctl stop -m mode` (immediate = a crash: recovery replays the WAL
 * at the next start); `start()` starts it again on the same port; `destroy()` stops it and removes
 * the directory.
 */
export async function startPrivatePostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'pws-chaos-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=300 -c shared_buffers=128MB`;
  const start = () =>
    asPostgres(`${bin}/pg_ctl`, ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'server.log'), '-o', options]);
  const stop = (mode = 'fast') => asPostgres(`${bin}/pg_ctl`, ['stop', '-w', '-t', '60', '-D', data, '-m', mode]);
  await start();
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A redis-server on a free port keeping nothing on disk; `kill()` ends it (its data is gone), `start()` starts an empty one on the same port. */
export async function startPrivateRedis() {
  const port = await freePort();
  let child = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; ; i++) {
      try {
        if ((await run('redis-cli', ['-p', String(port), 'ping'])).stdout.trim() === 'PONG') return;
      } catch {
        /* not up yet */
      }
      if (i > 100) throw new Error(`redis-server on port ${port} did not start`);
      await sleep(50);
    }
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}/0`, start, kill };
}
