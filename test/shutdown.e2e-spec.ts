import net from 'node:net';
import { startStack, TestStack } from './support/stack';

/** Every log line is a complete JSON document: nothing was cut off when the process exited. */
function expectWholeJsonLines(log: string): void {
  for (const line of log.split('\n').filter((l) => l.trim() !== '')) expect(() => JSON.parse(line)).not.toThrow();
}

/** Sends the head of a request and the first half of its body; resolves with the full answer once it comes. */
function startSlowRequest(port: number, body: string) {
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
    async begin() {
      await connected;
      socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.write(body.slice(0, half));
    },
    finish() {
      socket.write(body.slice(half));
      return closed;
    },
  };
}

describe('graceful shutdown', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({ worker: true });
  });
  afterAll(() => stack?.close());

  it('the API finishes a request in flight after SIGTERM (health then says shutting_down), refuses new connections, and exits 0', async () => {
    const port = Number(stack.env.PORT);
    // An idle keep-alive connection must not hold the process open.
    expect((await stack.anon.get('/health')).status).toBe(200);
    const slow = startSlowRequest(port, JSON.stringify({ padding: 'x'.repeat(64) }));
    await slow.begin();
    await new Promise((r) => setTimeout(r, 300)); // the server has the request head
    const started = Date.now();
    const exit = stack.api.stop('SIGTERM', 20_000);
    await new Promise((r) => setTimeout(r, 500)); // shutdown under way, the request still open
    const refused = await fetch(`${stack.base}/health`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    const answer = await slow.finish();
    // Health answers 503 "shutting_down" once the process stops (so load balancers drain it), and no
    // dependency is down while the request in flight finishes.
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body.errors[0].payload).toEqual({ status: 'shutting_down', down: [] });
    expect(await exit).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expectWholeJsonLines(stack.api.log());
  });

  it('the worker exits 0 soon after SIGTERM', async () => {
    const worker = stack.worker!;
    expect(worker.running).toBe(true);
    const started = Date.now();
    expect(await worker.stop('SIGTERM', 20_000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expectWholeJsonLines(worker.log());
  });

  it('the worker also stops cleanly on SIGINT (Ctrl-C)', async () => {
    const worker = await stack.startWorker();
    expect(await worker.stop('SIGINT', 20_000)).toBe(0);
  });
});
