import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
const LOG_DIR = mkdtempSync(join(tmpdir(), 'pws-test-logs-'));

// A spec that fails in its setup may never stop what it started: kill leftovers when the jest worker exits.
const RUNNING = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of RUNNING) child.kill('SIGKILL');
});

// Ports handed out below the kernel's ephemeral range (32768 and up), so an outgoing connection of any process cannot
// take a port between the check here and the service's own listen (CI saw EADDRINUSE on 36157). Each jest worker draws
// from its own band of 500 so two workers never pick the same one at once (Redis Cluster nodes take 10000..10999 and
// their bus ports 20000..20999: test/support/redis-cluster.ts).
const PORT_BAND = 500;
const PORT_BASE = 21000;
const bandStart = PORT_BASE + (Number(process.env.JEST_WORKER_ID ?? '0') % 16) * PORT_BAND;
let nextInBand = Math.floor(Math.random() * PORT_BAND);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const server = net.createServer();
    server.once('error', () => answer(false));
    server.listen(port, '0.0.0.0', () => server.close(() => answer(true)));
  });
}

/** A port nothing listens on now, from this jest worker's band; the caller's process listens on it next. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORT_BAND; tries += 1) {
    const port = bandStart + (nextInBand++ % PORT_BAND);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${bandStart}..${bandStart + PORT_BAND - 1}`);
}

/** The spec file running now, passed to the processes it starts so a later file can tell they are not its own. */
function currentTestFile(): string {
  return (globalThis as { expect?: { getState(): { testPath?: string } } }).expect?.getState().testPath ?? '';
}

/**
 * Kills our services that an earlier spec file of this jest worker left running (a leak that nothing else would
 * stop before the worker exits): such a worker shares this jest worker's Redis database, so it would consume the
 * next file's jobs against its own, dropped, database. Answers which files had left which apps.
 */
export function killLeftoverServices(): string[] {
  const current = currentTestFile();
  const killed: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const file = environ.find((v) => v.startsWith('PWS_TEST_FILE='))?.slice('PWS_TEST_FILE='.length);
      if (file === undefined || file === current) continue;
      const app = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[1] ?? entry;
      process.kill(Number(entry), 'SIGKILL');
      killed.push(`${app} from ${file}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return killed;
}

/** One of our deployables (`api` or `worker`) running from `dist/` as its own process. */
export class ServiceProcess {
  private child?: ChildProcess;
  readonly logFile: string;
  private exited = true;

  constructor(
    readonly app: 'api' | 'worker',
    private readonly env: Record<string, string>,
  ) {
    this.logFile = join(LOG_DIR, `${app}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.log`);
  }

  start(): void {
    const fd = openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, [resolve(ROOT, `dist/apps/${this.app}/src/main.js`)], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PWS_TEST_FILE: currentTestFile() },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    this.exited = false;
    const child = this.child;
    RUNNING.add(child);
    child.once('exit', () => RUNNING.delete(child));
    this.child.on('exit', () => (this.exited = true));
  }

  get running(): boolean {
    return !this.exited;
  }

  log(): string {
    try {
      return readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  /** Waits for a log line containing `text`; fails early if the process exits. */
  async waitForLog(text: string, timeoutMs = 30000, after = 0): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (this.log().slice(after).includes(text)) return;
      if (this.exited) throw new Error(`${this.app} exited before logging "${text}":\n${this.log().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.app} did not log "${text}" within ${timeoutMs} ms:\n${this.log().slice(-3000)}`);
  }

  /** SIGTERM (graceful) or SIGKILL; resolves when the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15000): Promise<number | null> {
    const child = this.child;
    if (!child || this.exited) return child?.exitCode ?? null;
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const code = await exit;
    clearTimeout(timer);
    return code;
  }
}
