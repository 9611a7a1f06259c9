// Plain module (no Nest imports) so its unit spec loads without the framework.
import type { RedisClient } from '../redis';

/**
 * PING that fails at once unless the client is connected. A client with an offline queue (the
 * worker's) would otherwise hold the command until Redis returns, and a probe must answer now.
 */
export async function pingRedis(redis: Pick<RedisClient, 'status' | 'ping'>): Promise<void> {
  if (redis.status !== 'ready') throw new Error(`not connected (${redis.status})`);
  await redis.ping();
}
