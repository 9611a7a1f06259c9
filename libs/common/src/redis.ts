import Redis, { RedisOptions } from 'ioredis';

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

export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis({ ...redisOptionsFromUrl(url), ...extra });
}

/**
 * Options of a client whose commands run while a request waits (rate limits, caches, enqueueing
 * from the API): no offline queue and no retry, so a command sent while Redis is away fails at
 * once, and a command timeout for a Redis that accepts the connection but does not answer.
 * The client itself keeps reconnecting, so requests work again as soon as Redis is back.
 */
export function failFastRedisOptions(commandTimeoutMs: number): RedisOptions {
  return { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: commandTimeoutMs };
}
