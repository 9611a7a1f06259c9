import http from 'node:http';
import net from 'node:net';
import { eventually } from '../support/http';
import { freePort, ServiceProcess } from '../support/processes';
import { startStack, TestStack } from '../support/stack';

jest.setTimeout(90_000);

/** Every log line is a complete JSON document: nothing was cut off when the process exited. */
function expectWholeJsonLines(log: string): void {
  for (const line of log.split('\n').filter((l) => l.trim() !== '')) expect(() => JSON.parse(line)).not.toThrow();
}

/**
 * Sends the head of a request and the first half of its body (callers send `{}` padded with spaces: a GET takes
 * no body but an empty object); `finish` sends the rest and resolves with everything the server sent once it
 * closes the connection (`keepAlive`: the request does not ask it to).
 */
function startSlowRequest(port: number, path: string, body: string, { keepAlive = false } = {}) {
  const socket = net.connect({ host: '127.0.0.1', port });
  let answer = '';
  const closed = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
  const half = Math.floor(body.length / 2);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    closed,
    async begin() {
      await connected;
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: ${keepAlive ? 'keep-alive' : 'close'}\r\n\r\n`,
      );
      socket.write(body.slice(0, half));
    },
    finish() {
      socket.write(body.slice(half));
      return closed;
    },
  };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: any;
}

/** A GET through `agent` (keep-alive: the same connection as the previous request when it is still open). */
function get(port: number, path: string, agent: http.Agent, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, connection: res.headers.connection, body: text ? JSON.parse(text) : null }),
      );
    });
    req.on('error', reject);
  });
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown', () => {
  let stack: TestStack;
  let apiKey: string;

  beforeAll(async () => {
    stack = await startStack({ worker: true });
    apiKey = (await stack.workspace()).api_key;
  });
  afterAll(() => stack?.close());

  /** An API process of its own (the stack's is not stopped by these tests) with extra environment. */
  async function startApi(env: Record<string, string>): Promise<{ api: ServiceProcess; port: number }> {
    const port = await freePort();
    const api = new ServiceProcess('api', { ...stack.env, ...env, PORT: String(port) });
    api.start();
    await eventually(
      async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.status === 200,
      30_000,
      100,
    ).catch(async (error) => {
      await api.stop('SIGKILL');
      throw new Error(`${error.message}\n${api.log().slice(-2000)}`);
    });
    return { api, port };
  }

  it('SIGTERM: readiness answers 503 at once, requests go on being answered for SHUTDOWN_DELAY, then the port closes, the request in flight finishes and the API exits 0', async () => {
    const DELAY_MS = 3000;
    const { api, port } = await startApi({ SHUTDOWN_DELAY: `${DELAY_MS}ms` });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A keep-alive connection opened before the signal, as a load balancer's pool holds them.
      expect((await get(port, '/v2/workspace', agent, { 'x-api-key': apiKey })).status).toBe(200);
      // Begun before the signal on a keep-alive connection: its answer does not say Connection: close, and
      // the server must still end the connection once it is idle, or the process would wait for it.
      const slow = startSlowRequest(port, '/health/live', `{${' '.repeat(64)}}`, { keepAlive: true });
      await slow.begin();
      await sleep(300); // the server has the request head

      const signalled = Date.now();
      const exit = api.stop('SIGTERM', 30_000);
      await sleep(200);

      // Readiness says "take me out" at once; liveness does not ask for a restart.
      const ready = await get(port, '/health/ready', new http.Agent());
      expect(ready.status).toBe(503);
      expect(ready.body.errors[0]).toMatchObject({
        name: 'UNAVAILABLE',
        payload: { status: 'shutting_down', down: [] },
      });
      expect((await get(port, '/health', new http.Agent())).status).toBe(503);
      expect((await get(port, '/health/live', new http.Agent())).status).toBe(200);

      // Requests still arriving (the load balancer has not caught up yet) are answered, on the old keep-alive
      // connection and on new ones, and told to close their connection.
      const onOldConnection = await get(port, '/v2/workspace', agent, { 'x-api-key': apiKey });
      expect({ status: onOldConnection.status, connection: onOldConnection.connection }).toEqual({
        status: 200,
        connection: 'close',
      });
      const onNewConnection = await fetch(`http://127.0.0.1:${port}/v2/workspace`, {
        headers: { 'x-api-key': apiKey },
      });
      expect(onNewConnection.status).toBe(200);
      expect(Date.now() - signalled).toBeLessThan(DELAY_MS);
      expect(await refused(port)).toBe(false);

      // After the delay the port closes; the request in flight keeps the process up until it is answered.
      await eventually(() => refused(port), DELAY_MS + 5000, 50);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DELAY_MS - 100);
      await sleep(300);
      expect(api.running).toBe(true);
      const answer = await slow.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(await exit).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(DELAY_MS + 7000);
      expectWholeJsonLines(api.log());
    } finally {
      agent.destroy();
      await api.stop('SIGKILL');
    }
  });

  it('a second SIGTERM during the delay exits at once', async () => {
    const { api, port } = await startApi({ SHUTDOWN_DELAY: '30s' });
    try {
      const exit = api.stop('SIGTERM', 60_000);
      // Later than a second: signals within one second of the first count as the same request (npm and a terminal both deliver Ctrl-C).
      await sleep(1300);
      expect((await get(port, '/health/ready', new http.Agent())).status).toBe(503);
      expect((await get(port, '/health/live', new http.Agent())).status).toBe(200);
      const again = Date.now();
      void api.stop('SIGTERM', 60_000);
      expect(await exit).toBe(143);
      expect(Date.now() - again).toBeLessThan(2000);
      expect(api.log()).toContain('SIGTERM again while stopping: exiting now');
    } finally {
      await api.stop('SIGKILL');
    }
  });

  it('SIGINT (Ctrl-C) skips SHUTDOWN_DELAY and exits 0', async () => {
    const { api } = await startApi({ SHUTDOWN_DELAY: '30s' });
    try {
      const started = Date.now();
      expect(await api.stop('SIGINT', 60_000)).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await api.stop('SIGKILL');
    }
  });

  it('SHUTDOWN_TIMEOUT bounds the wait for a request that never finishes: the API exits 1', async () => {
    const { api, port } = await startApi({ SHUTDOWN_DELAY: '0', SHUTDOWN_TIMEOUT: '1500ms' });
    const stuck = startSlowRequest(port, '/health/live', `{${' '.repeat(64)}}`);
    try {
      await stuck.begin();
      await sleep(300);
      const started = Date.now();
      expect(await api.stop('SIGTERM', 30_000)).toBe(1);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(10_000);
      expect(api.log()).toContain('did not finish within SHUTDOWN_TIMEOUT');
      await stuck.closed; // the process is gone, so is its end of the connection
    } finally {
      await api.stop('SIGKILL');
    }
  });

  it("the worker exits 0 soon after SIGTERM, whatever SHUTDOWN_DELAY says (it is the API's)", async () => {
    await stack.worker?.stop();
    const worker = new ServiceProcess('worker', { ...stack.env, SHUTDOWN_DELAY: '30s' });
    worker.start();
    try {
      await worker.waitForLog('worker ready');
      const started = Date.now();
      expect(await worker.stop('SIGTERM', 20_000)).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      expectWholeJsonLines(worker.log());
    } finally {
      await worker.stop('SIGKILL');
    }
  });

  it('the worker also stops cleanly on SIGINT (Ctrl-C)', async () => {
    const worker = await stack.startWorker();
    expect(await worker.stop('SIGINT', 20_000)).toBe(0);
  });
});
