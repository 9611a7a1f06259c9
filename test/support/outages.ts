import { ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { eventually } from './http';
import { freePort } from './processes';

// Nobody else would stop them if a spec fails in its setup.
const STARTED = new Set<ChildProcess>();
process.once('exit', () => STARTED.forEach((child) => child.kill('SIGKILL')));

/** Answers whether something on `port` says +PONG to a PING. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * A redis-server of the test's own on a free port, keeping nothing on disk, that the test may
 * stop, restart (empty, as a Redis without persistence comes back) or freeze (SIGSTOP: the port
 * accepts connections, nothing answers). Never the shared Redis.
 */
export class PrivateRedis {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  /** The URL of its database 0. */
  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    STARTED.add(child);
    child.once('exit', () => STARTED.delete(child));
    await eventually(() => pings(this.port), 10_000, 50);
  }

  /** SIGKILL, as a crashed Redis; resolves when the process is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT'); // a frozen process cannot act on anything else
    child.kill('SIGKILL');
    await exited;
  }

  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }
}

/**
 * A TCP proxy in front of a server (the shared PostgreSQL) that the test can cut (every connection
 * reset, new ones refused, as a PostgreSQL that went down), freeze (connections stay open and
 * new ones are accepted, but no byte passes: a host that stopped answering) and restore.
 */
export class CuttableProxy {
  private server?: net.Server;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  private frozen = false;

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<CuttableProxy> {
    const proxy = new CuttableProxy(target, await freePort());
    await proxy.listen();
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  private accept(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    if (this.frozen) this.pause(pair);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private pause(pair: { client: net.Socket; upstream: net.Socket }): void {
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    pair.client.pause();
    pair.upstream.pause();
  }

  /** Resets every connection and refuses new ones until `restore`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    // close() stops accepting at once but calls back only when the open connections are gone.
    const closed = server ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
    for (const { client, upstream } of [...this.pairs]) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await closed;
  }

  /** Lets no byte through either way, on open connections and on those accepted meanwhile. */
  freeze(): void {
    this.frozen = true;
    this.pairs.forEach((pair) => this.pause(pair));
  }

  /** Accepts connections again after a cut, and lets bytes through again after a freeze. */
  async restore(): Promise<void> {
    if (this.frozen) {
      this.frozen = false;
      for (const { client, upstream } of this.pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
    }
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
