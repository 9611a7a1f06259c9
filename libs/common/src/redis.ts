import type { AppConfig, RedisClusterSettings } from '@app/config';
import type { ConnectionOptions } from 'bullmq';
import Redis, { Cluster, ClusterOptions, RedisOptions } from 'ioredis';

/**
 * A connection to our Redis: one server (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES). Both speak the
 * same commands; on a cluster every command's keys must hash to one slot (docs/operations.md#redis-cluster).
 */
export type RedisClient = Redis | Cluster;

/** Where Redis is: the settings the factory reads. */
export type RedisTarget = Pick<AppConfig, 'redisUrl' | 'redisCluster'>;

/** Connection options for BullMQ and our own Redis use, parsed from REDIS_URL. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** Enough for a MOVED after a failover and one retry after a closed connection, not for waiting out a failover. */
export const FAIL_FAST_REDIRECTIONS = 3;

/**
 * The options of a Cluster that behaves as `extra` asks of a single connection. The cluster itself holds the
 * offline queue, the lazy connect and the reconnect strategy; every node connection gets the rest (command
 * timeout, retries per request, connect timeout) with the cluster's credentials and TLS. A fail-fast client (no
 * offline queue) also gives up on a command after FAIL_FAST_REDIRECTIONS tries: while a master is down until its
 * replica takes over, ioredis would otherwise retry it 16 times, 100 ms and a slot refresh apart (`npm run chaos
 * -- --cluster` saw requests waiting 3 s).
 */
export function clusterOptions(cluster: RedisClusterSettings, extra: RedisOptions = {}): ClusterOptions {
  const { lazyConnect, enableOfflineQueue, retryStrategy, ...perNode } = extra;
  return {
    lazyConnect: lazyConnect ?? false,
    enableOfflineQueue: enableOfflineQueue ?? true,
    ...(retryStrategy !== undefined ? { clusterRetryStrategy: retryStrategy } : {}),
    ...(enableOfflineQueue === false ? { maxRedirections: FAIL_FAST_REDIRECTIONS } : {}),
    redisOptions: {
      username: cluster.username,
      password: cluster.password,
      tls: cluster.tls ? {} : undefined,
      maxRetriesPerRequest: null,
      ...perNode,
    },
  };
}

/**
 * The one way to connect to Redis: a Cluster when REDIS_CLUSTER_NODES is set, else one connection to
 * REDIS_URL. `extra` is written as for a single connection (see failFastRedisOptions); on a cluster the
 * same behaviour applies (clusterOptions).
 */
export function createRedisClient(target: RedisTarget, extra: RedisOptions = {}): RedisClient {
  if (target.redisCluster) return new Cluster(target.redisCluster.nodes, clusterOptions(target.redisCluster, extra));
  return new Redis({ ...redisOptionsFromUrl(target.redisUrl), ...extra });
}

/** Whether a client is a cluster (its commands must keep their keys in one slot). */
export function isCluster(client: RedisClient): client is Cluster {
  return (client as Cluster).isCluster === true;
}

/** Cluster clients handed to BullMQ: it never closes a client it did not create, so closeQueueConnections does. */
const sharedQueueClients = new Set<Cluster>();

/**
 * The `connection` of a BullMQ queue or worker. A single Redis: options, and BullMQ opens (and closes) its
 * own connections. A cluster: a Cluster client (BullMQ cannot open one from options), shared by the queues and
 * workers given it (a worker opens its blocking connection as a duplicate), closed by closeQueueConnections.
 */
export function queueConnection(target: RedisTarget, extra: RedisOptions = {}): ConnectionOptions {
  if (!target.redisCluster) return { ...redisOptionsFromUrl(target.redisUrl), ...extra } as ConnectionOptions;
  const client = new Cluster(target.redisCluster.nodes, clusterOptions(target.redisCluster, extra));
  client.on('error', () => undefined); // BullMQ reports through its own listeners; ioredis would print to stderr
  sharedQueueClients.add(client);
  return client;
}

/** Closes the cluster clients queueConnection handed out (after the queues and workers are closed). */
export async function closeQueueConnections(): Promise<void> {
  const clients = [...sharedQueueClients];
  sharedQueueClients.clear();
  await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
}

/**
 * Options of a client whose commands run while a request waits (rate limits, caches, enqueueing
 * from the API): no offline queue and no retry, so a command sent while Redis is away fails at
 * once, and a command timeout for a Redis that accepts the connection but does not answer.
 * The client itself keeps reconnecting, so requests work again as soon as Redis is back. On a
 * cluster the cluster refuses commands while it is not ready, and every node connection has the timeout.
 */
export function failFastRedisOptions(commandTimeoutMs: number): RedisOptions {
  return { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: commandTimeoutMs };
}
