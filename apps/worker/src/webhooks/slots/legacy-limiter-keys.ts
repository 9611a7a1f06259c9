import Redis from 'ioredis';

/** Where the in-flight limiter before drains kept its keys (the queue prefix was `pws` then). */
export const LEGACY_LIMITER_KEYS = 'pws:wh-lim:*';

/**
 * Deletes what the in-flight limiter before drains left in Redis (`pws:wh-lim:*`: waiting
 * attempts and slots with no expiry). Their work is pending in `webhook_tasks`, which the slot
 * filler drains; the keys would otherwise stay forever. Only a single Redis can hold them (that
 * limiter never ran on a cluster). Answers how many keys it deleted.
 */
export async function dropLegacyLimiterKeys(redis: Redis, match = LEGACY_LIMITER_KEYS): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    if (keys.length) deleted += await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}
