import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// A Redis Cluster from the redis-server and redis-cli on the PATH, on free ports in a temp dir (docs/testing.md).
// bench/_redis-cluster.mjs is its twin for the benchmarks (they are .mjs and do not load TypeScript): keep both alike.

const run = promisify(execFile);
const HOST = '127.0.0.1';
/** Short, so a killed master's replica takes over within a few seconds (the default is 15 s). */
const NODE_TIMEOUT_MS = 2000;

export interface ClusterNode {
  port: number;
  process: ChildProcess;
}

export interface LocalRedisCluster {
  /** Every node, masters first as created. */
  nodes: ClusterNode[];
  /** REDIS_CLUSTER_NODES for the apps: the created masters as seeds. */
  seeds: string;
  /** Answers `redis-cli -p port args…` (trimmed stdout). */
  cli(port: number, ...args: string[]): Promise<string>;
  /** Ports of the masters that serve slots now, as the live nodes see it. */
  masters(): Promise<number[]>;
  /** Stops one node at once (SIGKILL: no goodbye to the cluster). */
  kill(port: number): Promise<void>;
  /** Waits until every live node says cluster_state:ok and knows `masters` masters with slots. */
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

/** A port whose cluster bus port (port + 10000) is free too. */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = 20000 + Math.floor(Math.random() * 30000);
    if (taken.has(port) || taken.has(port + 10000) || taken.has(port - 10000)) continue;
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

/** Starts `masters` masters (3 at least) with `replicasPerMaster` replicas each and waits until the cluster is ok. */
export async function startRedisCluster(
  options: { masters?: number; replicasPerMaster?: number } = {},
): Promise<LocalRedisCluster> {
  const masterCount = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'pws-redis-cluster-'));
  const taken = new Set<number>();
  const nodes: ClusterNode[] = [];
  const dead = new Set<number>();
  const cli = async (port: number, ...args: string[]) =>
    (await run('redis-cli', ['-h', HOST, '-p', String(port), ...args], { timeout: 10_000 })).stdout.trim();
  const stop = async () => {
    await Promise.all(
      nodes.map(
        (node) =>
          new Promise<void>((resolve) => {
            if (node.process.exitCode !== null || node.process.signalCode !== null) return resolve();
            node.process.once('exit', () => resolve());
            node.process.kill('SIGKILL');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < masterCount * (1 + replicas); i++) {
      const port = await clusterPort(taken);
      taken.add(port);
      // Each node in its own directory: nodes.conf, no persistence.
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          HOST,
          '--dir',
          dir,
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          String(NODE_TIMEOUT_MS),
          '--save',
          '',
          '--appendonly',
          'no',
          '--logfile',
          join(dir, `redis-${port}.log`),
        ],
        { stdio: 'ignore' },
      );
      child.once('exit', () => dead.add(port));
      nodes.push({ port, process: child });
    }
    for (const node of nodes)
      await until(`node ${node.port} answers PING`, async () => (await cli(node.port, 'ping')) === 'PONG', 10_000);
    await run(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...nodes.map((node) => `${HOST}:${node.port}`),
        '--cluster-replicas',
        String(replicas),
        '--cluster-yes',
      ],
      { timeout: 60_000 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const live = () => nodes.filter((node) => !dead.has(node.port));
  const masters = async () => {
    const table = await cli(live()[0].port, 'cluster', 'nodes');
    return table
      .split('\n')
      .map((line) => line.split(' '))
      .filter((f) => f[2]?.includes('master') && !f[2].includes('fail') && f.length > 8)
      .map((f) => Number(f[1].split(':')[1].split('@')[0]));
  };
  const cluster: LocalRedisCluster = {
    nodes,
    seeds: nodes
      .slice(0, masterCount)
      .map((node) => `${HOST}:${node.port}`)
      .join(','),
    cli,
    masters,
    async kill(port) {
      const node = nodes.find((n) => n.port === port);
      if (!node || dead.has(port)) return;
      await new Promise<void>((resolve) => {
        node.process.once('exit', () => resolve());
        node.process.kill('SIGKILL');
      });
    },
    async waitUntilOk(timeoutMs = 30_000) {
      await until(
        `cluster_state:ok with ${masterCount} masters on every live node`,
        async () => {
          for (const node of live())
            if (!(await cli(node.port, 'cluster', 'info')).includes('cluster_state:ok')) return false;
          return (await masters()).length === masterCount;
        },
        timeoutMs,
      );
      // Replicas have their master's data: a failover from here loses nothing already written.
      await until(
        'every replica linked to its master',
        async () => {
          for (const node of live()) {
            const info = await cli(node.port, 'info', 'replication');
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
    await cluster.waitUntilOk();
  } catch (error) {
    await stop();
    throw error;
  }
  return cluster;
}
