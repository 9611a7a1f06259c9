import net from 'node:net';
import { Cluster } from 'ioredis';
import {
  clusterOptions,
  createRedisClient,
  FAIL_FAST_REDIRECTIONS,
  failFastRedisOptions,
  isCluster,
  RedisClient,
} from './redis';

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a fail-fast Redis client', () => {
  /** Runs `check` on a client, then stops the client (its reconnect timer would keep Jest waiting). */
  async function withClient(client: RedisClient, check: (client: RedisClient) => Promise<void>): Promise<void> {
    client.on('error', () => undefined);
    try {
      await check(client);
    } finally {
      client.disconnect();
    }
  }

  it('rejects a command at once while Redis is not there, instead of queueing it', async () => {
    const target = { redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisCluster: null };
    await withClient(createRedisClient(target, failFastRedisOptions(1000)), async (client) => {
      expect(isCluster(client)).toBe(false);
      const started = Date.now();
      await expect(client.get('k')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(200);
    });
  });

  it('does the same on a cluster whose nodes are not there', async () => {
    const cluster = { nodes: [{ host: '127.0.0.1', port: await closedPort() }], tls: false };
    const target = { redisUrl: 'redis://unused', redisCluster: cluster };
    await withClient(createRedisClient(target, failFastRedisOptions(1000)), async (client) => {
      expect(client).toBeInstanceOf(Cluster);
      expect(isCluster(client)).toBe(true);
      const started = Date.now();
      await expect(client.get('k')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(200);
    });
  });
});

describe('clusterOptions', () => {
  const cluster = { nodes: [{ host: 'a', port: 7000 }], username: 'app', password: 'pw', tls: true };

  it('keeps the offline queue, lazy connect and reconnect strategy on the cluster, the rest on every node', () => {
    const retry = () => null;
    const options = clusterOptions(cluster, { ...failFastRedisOptions(750), lazyConnect: true, retryStrategy: retry });
    expect(options).toEqual({
      lazyConnect: true,
      enableOfflineQueue: false,
      clusterRetryStrategy: retry,
      maxRedirections: FAIL_FAST_REDIRECTIONS,
      redisOptions: {
        username: 'app',
        password: 'pw',
        tls: {},
        maxRetriesPerRequest: 0,
        commandTimeout: 750,
      },
    });
  });

  it('by default queues commands while connecting and retries forever per request (what BullMQ workers need)', () => {
    const options = clusterOptions({ nodes: cluster.nodes, tls: false });
    expect(options.enableOfflineQueue).toBe(true);
    expect(options.maxRedirections).toBeUndefined(); // ioredis' 16: a worker waits out a failover
    expect(options.redisOptions?.maxRetriesPerRequest).toBeNull();
    expect(options.redisOptions?.tls).toBeUndefined();
  });
});
