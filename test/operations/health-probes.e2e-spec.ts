import { eventually } from '../support/http';
import { CuttableProxy, PrivateRedis } from '../support/outages';
import { freePort, ServiceProcess } from '../support/processes';
import { startStack, TestStack } from '../support/stack';

jest.setTimeout(120_000);

/** The dependency timeout of a readiness check, and what a probe may take on top on a busy machine. */
const CHECK_TIMEOUT_MS = 2000;
const SLACK_MS = 700;

const DB_ADMIN = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

interface Probe {
  status: number;
  body: any;
  ms: number;
}

async function probe(url: string): Promise<Probe> {
  const started = Date.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, ms: Date.now() - started };
}

/**
 * Liveness and readiness of both deployables (docs/operations.md "Probes") while a private Redis is
 * killed, restarted and frozen and PostgreSQL (through a proxy) stops answering: readiness says 503
 * naming what is down, within its 2 s dependency timeout, liveness stays 200, and both come back
 * without a restart.
 */
describe('liveness and readiness probes', () => {
  let redis: PrivateRedis;
  let proxy: CuttableProxy;
  let stack: TestStack;
  let worker: ServiceProcess;
  let workerBase: string;
  const deployables = () => [
    { name: 'api', base: stack.base },
    { name: 'worker', base: workerBase },
  ];

  /** Probes both deployables' `path` at once. */
  const both = (path: string) =>
    Promise.all(deployables().map(async ({ name, base }) => ({ name, ...(await probe(`${base}${path}`)) })));

  beforeAll(async () => {
    [redis, proxy] = await Promise.all([
      PrivateRedis.start(),
      CuttableProxy.start({ host: DB_ADMIN.hostname, port: Number(DB_ADMIN.port || 5432) }),
    ]);
    stack = await startStack({ env: (db) => ({ DATABASE_URL: proxy.via(db.url), REDIS_URL: redis.url }) });
    const metricsPort = await freePort();
    workerBase = `http://127.0.0.1:${metricsPort}`;
    worker = new ServiceProcess('worker', { ...stack.env, WORKER_METRICS_PORT: String(metricsPort) });
    worker.start();
    await worker.waitForLog('worker ready');
    await eventually(async () => (await probe(`${workerBase}/health/ready`)).status === 200, 30_000, 200);
  });
  afterAll(async () => {
    await proxy?.restore();
    redis?.thaw();
    await worker?.stop();
    await stack?.close();
    await Promise.all([redis?.stop(), proxy?.close()]);
  });

  it('both answer live and ready 200 in the envelope, without a key; the worker names the consumers it checked; /health is ready', async () => {
    for (const answer of [...(await both('/health/live')), ...(await both('/health/ready'))]) {
      expect({
        name: answer.name,
        status: answer.status,
        success: answer.body.success,
        status_field: answer.body.data.status,
      }).toEqual({
        name: answer.name,
        status: 200,
        success: true,
        status_field: 'ok',
      });
      expect(typeof answer.body.metadata.timestamp).toBe('string');
    }
    const workerReady = await probe(`${workerBase}/health/ready`);
    expect(workerReady.body.data.consumers).toEqual([
      'email-verification',
      'maintenance',
      'people-export',
      'webhook-delivery',
    ]);
    expect((await probe(`${stack.base}/health`)).body.data).toEqual({ status: 'ok' });
    // Beside the probes, the worker's port still serves its metrics, and nothing else.
    expect((await fetch(`${workerBase}/metrics`)).status).toBe(200);
    expect((await fetch(`${workerBase}/health`)).status).toBe(404);
  });

  it('the apps run on the Node.js that runs the tests (CI runs this file on Node.js 24 too)', () => {
    const expected = process.env.EXPECT_NODE_VERSION ?? process.version;
    expect(stack.api.log()).toContain(`(Node.js ${expected})`);
    expect(worker.log()).toContain(`(Node.js ${expected})`);
  });

  it('with Redis killed, both answer ready 503 naming redis within 5 s and live 200; ready 200 again once it is back, without a restart', async () => {
    await redis.stop();
    const killed = Date.now();
    const notReady = await eventually(
      async () => {
        const answers = await both('/health/ready');
        return answers.every((a) => a.status === 503) && answers;
      },
      5000,
      100,
    );
    expect(Date.now() - killed).toBeLessThan(5000);
    for (const answer of notReady) {
      expect({ name: answer.name, error: answer.body.errors[0] }).toEqual({
        name: answer.name,
        error: { name: 'UNAVAILABLE', message: 'a dependency is down', payload: { status: 'error', down: ['redis'] } },
      });
      expect(answer.ms).toBeLessThan(CHECK_TIMEOUT_MS + SLACK_MS);
    }
    // A Redis that refuses connections is reported at once, not after the check's timeout (no PING waits in a queue).
    for (const answer of await both('/health/ready'))
      expect({ name: answer.name, status: answer.status, fast: answer.ms < SLACK_MS }).toEqual({
        name: answer.name,
        status: 503,
        fast: true,
      });
    expect((await probe(`${stack.base}/health`)).status).toBe(503);
    for (const answer of await both('/health/live'))
      expect({ name: answer.name, status: answer.status }).toEqual({ name: answer.name, status: 200 });

    await redis.start();
    const back = Date.now();
    await eventually(async () => (await both('/health/ready')).every((a) => a.status === 200), 30_000, 200);
    expect(Date.now() - back).toBeLessThan(30_000);
    expect([stack.api.running, worker.running]).toEqual([true, true]);
  });

  it('with Redis frozen (connections open, no answers), a ready probe answers 503 within its 2 s timeout and live stays 200', async () => {
    redis.freeze();
    try {
      for (const answer of await both('/health/ready')) {
        expect({ name: answer.name, status: answer.status, down: answer.body.errors?.[0]?.payload?.down }).toEqual({
          name: answer.name,
          status: 503,
          down: ['redis'],
        });
        expect(answer.ms).toBeLessThan(CHECK_TIMEOUT_MS + SLACK_MS);
      }
      for (const answer of await both('/health/live')) {
        expect({ name: answer.name, status: answer.status }).toEqual({ name: answer.name, status: 200 });
        expect(answer.ms).toBeLessThan(SLACK_MS);
      }
    } finally {
      redis.thaw();
    }
    await eventually(async () => (await both('/health/ready')).every((a) => a.status === 200), 30_000, 200);
  });

  it('with PostgreSQL not answering, a ready probe answers 503 naming database within its 2 s timeout and live stays 200', async () => {
    proxy.freeze();
    try {
      for (const answer of await both('/health/ready')) {
        expect({ name: answer.name, status: answer.status, down: answer.body.errors?.[0]?.payload?.down }).toEqual({
          name: answer.name,
          status: 503,
          down: ['database'],
        });
        expect(answer.ms).toBeLessThan(CHECK_TIMEOUT_MS + SLACK_MS);
      }
      for (const answer of await both('/health/live'))
        expect({ name: answer.name, status: answer.status }).toEqual({ name: answer.name, status: 200 });
    } finally {
      await proxy.restore();
    }
    await eventually(async () => (await both('/health/ready')).every((a) => a.status === 200), 30_000, 200);
  });

  it('a stopping worker answers ready 503 shutting_down at once, and SHUTDOWN_TIMEOUT bounds a stop that hangs (exit 1)', async () => {
    const port = await freePort();
    const stopping = new ServiceProcess('worker', {
      ...stack.env,
      WORKER_METRICS_PORT: String(port),
      SHUTDOWN_TIMEOUT: '3s',
    });
    stopping.start();
    try {
      await stopping.waitForLog('worker ready');
      await eventually(async () => (await probe(`http://127.0.0.1:${port}/health/ready`)).status === 200, 10_000, 100);
      // A Redis that stopped answering holds the stop (closing its connections waits for replies that never come).
      redis.freeze();
      const signalled = Date.now();
      const exit = stopping.stop('SIGTERM', 30_000);
      await new Promise((r) => setTimeout(r, 300));
      const ready = await probe(`http://127.0.0.1:${port}/health/ready`);
      // shutting_down rather than a dependency: the stop is reported first, and without waiting for Redis.
      expect({ status: ready.status, payload: ready.body.errors[0].payload }).toEqual({
        status: 503,
        payload: { status: 'shutting_down', down: [] },
      });
      expect(ready.ms).toBeLessThan(SLACK_MS);
      expect((await probe(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
      expect(await exit).toBe(1);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(2900);
      expect(stopping.log()).toContain('did not finish within SHUTDOWN_TIMEOUT');
    } finally {
      redis.thaw();
      await stopping.stop('SIGKILL');
    }
    await eventually(async () => (await both('/health/ready')).every((a) => a.status === 200), 30_000, 200);
  });
});
