import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import Redis from 'ioredis';
import { createTestDatabase, TestDatabase } from './database';
import { ApiClient, eventually } from './http';
import { freePort, killLeftoverServices, ROOT, ServiceProcess } from './processes';

const REDIS_HOST = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Clocks compressed as the conformance suite does, so retries and disables happen in seconds. */
export const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'info',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s,1s',
  WEBHOOK_DISABLE_AFTER: '20s',
  WEBHOOK_DISABLE_AFTER_TIMEOUTS: '3',
  RATE_LIMITS_ENFORCED: 'false',
  VERIFICATION_DNS: 'off',
  API_KEY_CACHE_TTL: '1s',
  // Parallel jest workers each run a worker process: none may take the fixed default metrics port.
  WORKER_METRICS_PORT: '0',
  // Every file stops its processes with SIGTERM: no load balancer to drain, so no 5 s wait
  // (test/operations/shutdown.e2e-spec.ts sets one).
  SHUTDOWN_DELAY: '0',
};

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

export interface Workspace {
  workspace_id: string;
  member_id: string;
  api_key_id: string;
  api_key: string;
  api: ApiClient;
}

export interface TestStack {
  db: TestDatabase;
  env: Record<string, string>;
  base: string;
  anon: ApiClient;
  api: ServiceProcess;
  worker?: ServiceProcess;
  redis: Redis;
  cli(args: string[], extraEnv?: Record<string, string>): Promise<CliResult>;
  workspace(credits?: number): Promise<Workspace>;
  /** Starts (or restarts) the worker process and waits until it is consuming. */
  startWorker(): Promise<ServiceProcess>;
  close(): Promise<void>;
}

/** Runs the built CLI (`npm test` builds first) with the given environment. */
export function runCli(env: Record<string, string>, args: string[]): Promise<CliResult> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'dist/apps/cli/src/main.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      let json: unknown = null;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = null;
      }
      resolvePromise({ code: code ?? -1, stdout, stderr, json });
    });
  });
}

/** Redis database of this jest worker; TEST_REDIS_DB_OFFSET keeps parallel checkouts apart. */
function redisDbForThisWorker(): number {
  const offset = Number(process.env.TEST_REDIS_DB_OFFSET ?? '0');
  return 1 + ((offset + Number(process.env.JEST_WORKER_ID ?? '1') - 1) % 15);
}

/**
 * Runs the real API (and, when asked, the worker) from `dist/` as separate processes against a
 * fresh PostgreSQL database and this jest worker's Redis database; nothing is mocked.
 */
export async function startStack(
  options: { worker?: boolean; env?: Record<string, string> | ((db: TestDatabase) => Record<string, string>) } = {},
): Promise<TestStack> {
  const leftovers = killLeftoverServices();
  if (leftovers.length > 0) console.warn(`killed services an earlier spec file left running: ${leftovers.join('; ')}`);
  const db = await createTestDatabase();
  const redisUrl = `${REDIS_HOST}/${redisDbForThisWorker()}`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  await redis.flushdb();
  const port = await freePort();
  const env: Record<string, string> = {
    ...TEST_ENV,
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    PORT: String(port),
    // A function of the database, for a test that reaches it some other way (through a proxy it can cut).
    ...(typeof options.env === 'function' ? options.env(db) : options.env),
  };
  const base = `http://127.0.0.1:${port}`;
  const anon = new ApiClient(base);
  const api = new ServiceProcess('api', env);
  api.start();
  await eventually(async () => (await fetch(`${base}/health`)).status === 200, 30000, 200).catch(async (error) => {
    // Nobody else would stop them: the caller never gets the stack.
    await api.stop('SIGKILL');
    redis.disconnect();
    await db.drop();
    throw new Error(`${error.message}\n${api.log().slice(-3000)}`);
  });
  const cli = (args: string[], extraEnv: Record<string, string> = {}) => runCli({ ...env, ...extraEnv }, args);
  const stack: TestStack = {
    db,
    env,
    base,
    anon,
    api,
    redis,
    cli,
    async workspace(credits = 100) {
      const result = await cli([
        'workspace:create',
        '--name',
        `test ${randomBytes(3).toString('hex')}`,
        '--credits',
        String(credits),
      ]);
      if (result.code !== 0) throw new Error(`workspace:create failed: ${result.stderr}`);
      return { ...result.json, api: anon.withKey(result.json.api_key) };
    },
    async startWorker() {
      if (stack.worker?.running) await stack.worker.stop();
      const worker = new ServiceProcess('worker', env);
      worker.start();
      await worker.waitForLog('worker ready');
      stack.worker = worker;
      return worker;
    },
    async close() {
      await Promise.all([stack.worker?.stop(), api.stop()]);
      await redis.flushdb().catch(() => undefined);
      redis.disconnect();
      await db.drop();
    },
  };
  if (options.worker) await stack.startWorker();
  return stack;
}

/** What a test file without the worker runs against: the stack and one workspace in it. */
export interface WorkspaceHarness {
  stack: TestStack;
  ws: Workspace;
}

/** Starts the stack (no worker) and creates a workspace before the enclosing tests, and stops the stack after. */
export function workspaceHarness(): WorkspaceHarness {
  const harness = {} as WorkspaceHarness;
  beforeAll(async () => {
    harness.stack = await startStack();
    harness.ws = await harness.stack.workspace();
  });
  afterAll(() => harness.stack?.close());
  return harness;
}
