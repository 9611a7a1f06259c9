import { createRedisClient, KeyRevocation, publishRevocation } from '@app/common';
import { loadConfig } from '@app/config';

const PUBLISH_TIMEOUT_MS = 3000;

/**
 * Tells every API replica, through Redis pub/sub, to forget a revoked key or member at once. The
 * database change is already committed and is the truth: when Redis cannot be reached the command
 * still succeeds, and the replicas' key cache lifetime (API_KEY_CACHE_TTL, at most 1 s while their
 * own subscriber is away) bounds how long the key may still answer. Answers whether it was published.
 */
export async function announceRevocation(revocation: KeyRevocation): Promise<boolean> {
  const redis = createRedisClient(loadConfig(), {
    lazyConnect: true,
    connectTimeout: PUBLISH_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // reported below, once
  try {
    await redis.connect();
    await publishRevocation(redis, revocation);
    return true;
  } catch (error) {
    process.stderr.write(
      `warning: revocation not broadcast (${(error as Error).message}); it takes effect within API_KEY_CACHE_TTL\n`,
    );
    return false;
  } finally {
    redis.disconnect();
  }
}
