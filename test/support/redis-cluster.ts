import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// A Redis Cluster from the redis-server and redis-cli on the PATH, on free ports in a temp dir (docs/testing.md).
// bench/_redis-cluster.mjs is its twin for the benchmarks (they are .mjs and load no TypeScript): keep both alike.

const run = promisify(execFile);
const HOST = '127.0.0.1';
/** Short, so a killed master's replica takes over within a few seconds (the default is 15 s). */
const NODE_TIMEOUT_MS = 2000;

export interface LocalRedisCluster {
  /** Every node's port, the created masters first. */
  ports: number[];
  /** REDIS_CLUSTER_NODES for the apps: the created masters as seeds. */
  seeds: string;
  /** Answers `redis-cli -p port args…` (trimmed stdout). */
  cli(port: number, ...args: string[]): Promise<string>;
  /** Ports of the masters that serve slots and are not marked failing, as a live node sees it. */
  masters(): Promise<number[]>;
  /** The port of the master serving `key`'s slot. */
  masterFor(key: string): Promise<number>;
  /** Stops one node at once (SIGKILL: no goodbye to the cluster). */
  kill(port: number): Promise<void>;
  /** Starts a killed node again with its nodes.conf: it rejoins (a killed master comes back as a replica). */
  restart(port: number): Promise<void>;
  /** Waits until `port` no longer serves slots and another master took them over (its replica was promoted). */
  waitForFailover(port: number, timeoutMs?: number): Promise<void>;
  /** Waits until every live node says cluster_state:ok, every slot has a master and every live replica is in sync. */
  waitUntilOk(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** A port whose cluster bus port (port + 10000) is free too; below the ports freePort hands out (support/processes.ts). */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = 10000 + Math.floor(Math.random() * 1000);
    if ([port, port + 10000, port - 10000].some((p) => taken.has(p))) continue;
    if ((await portFree(port)) && (await portFree(port + 10000))) return port;
  }
  throw new Error('no free port pair for a cluster node');
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`redis cluster: ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `CLUSTER NODES` as rows: port, flags, slot ranges. */
function clusterNodes(table: string): { port: number; flags: string[]; slots: [number, number][] }[] {
  return table
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const fields = line.split(' ');
      const slots = fields
        .slice(8)
        .filter((range) => /^\d+(-\d+)?$/.test(range))
        .map((range) => range.split('-').map(Number))
        .map(([from, to]) => [from, to ?? from] as [number, number]);
      return { port: Number(fields[1].split('@')[0].split(':').pop()), flags: fields[2].split(','), slots };
    });
}

/** Starts `masters` masters (3 at least) with `replicasPerMaster` replicas each and waits until the cluster is ok. */
export async function startRedisCluster(
  options: { masters?: number; replicasPerMaster?: number } = {},
): Promise<LocalRedisCluster> {
  const masterCount = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'pws-redis-cluster-'));
  const taken = new Set<number>();
  const processes = new Map<number, ChildProcess>();
  const cli = async (port: number, ...args: string[]) =>
    (await run('redis-cli', ['-h', HOST, '-p', String(port), ...args], { timeout: 10_000 })).stdout.trim();
  const alive = (port: number) => {
    const child = processes.get(port);
    return !!child && child.exitCode === null && child.signalCode === null;
  };
  const startNode = async (port: number) => {
    const args = ['--port', String(port), '--bind', HOST, '--dir', dir, '--cluster-enabled', 'yes'];
    args.push('--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', String(NODE_TIMEOUT_MS));
    args.push('--save', '', '--appendonly', 'no', '--logfile', join(dir, `redis-${port}.log`));
    processes.set(port, spawn('redis-server', args, { stdio: 'ignore' }));
    await until(`node ${port} answers PING`, async () => (await cli(port, 'ping')) === 'PONG', 10_000);
  };
  const kill = async (port: number) => {
    const child = processes.get(port);
    if (!child || !alive(port)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const ports: number[] = [];
  const stop = async () => {
    await Promise.all(ports.map(kill));
    rmSync(dir, { recursive: true, force: true });
  };
  const table = async () => {
    const live = ports.filter(alive);
    return clusterNodes(await cli(live[0], 'cluster', 'nodes'));
  };
  const masters = async () =>
    (await table())
      .filter((n) => n.flags.includes('master') && !n.flags.some((f) => f.includes('fail')) && n.slots.length > 0)
      .map((n) => n.port);
  const cluster: LocalRedisCluster = {
    ports,
    seeds: '',
    cli,
    masters,
    async masterFor(key) {
      const slot = Number(await cli(ports.filter(alive)[0], 'cluster', 'keyslot', key));
      const owner = (await table()).find(
        (n) => n.flags.includes('master') && n.slots.some(([from, to]) => slot >= from && slot <= to),
      );
      if (!owner) throw new Error(`no master serves slot ${slot}`);
      return owner.port;
    },
    kill,
    async restart(port) {
      if (!alive(port)) await startNode(port);
    },
    async waitForFailover(port, timeoutMs = 30_000) {
      await until(
        `a replica takes over from ${port}`,
        async () => {
          const now = await masters();
          return !now.includes(port) && now.length === masterCount;
        },
        timeoutMs,
      );
    },
    async waitUntilOk(timeoutMs = 30_000) {
      await until(
        `cluster_state:ok with ${masterCount} masters on every live node`,
        async () => {
          for (const port of ports.filter(alive))
            if (!(await cli(port, 'cluster', 'info')).includes('cluster_state:ok')) return false;
          return (await masters()).length === masterCount;
        },
        timeoutMs,
      );
      // Replicas hold their master's data: a failover from here loses nothing written before.
      await until(
        'every replica linked to its master',
        async () => {
          for (const port of ports.filter(alive)) {
            const info = await cli(port, 'info', 'replication');
            if (info.includes('role:slave') && !info.includes('master_link_status:up')) return false;
          }
          return true;
        },
        timeoutMs,
      );
    },
    stop,
  };
  try {
    for (let i = 0; i < masterCount * (1 + replicas); i++) {
      const port = await clusterPort(taken);
      taken.add(port);
      ports.push(port);
    }
    await Promise.all(ports.map(startNode));
    const create = ['--cluster', 'create', ...ports.map((port) => `${HOST}:${port}`)];
    await run('redis-cli', [...create, '--cluster-replicas', String(replicas), '--cluster-yes'], { timeout: 60_000 });
    cluster.seeds = ports
      .slice(0, masterCount)
      .map((port) => `${HOST}:${port}`)
      .join(',');
    await cluster.waitUntilOk();
  } catch (error) {
    await stop();
    throw error;
  }
  return cluster;
}
