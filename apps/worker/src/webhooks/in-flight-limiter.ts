import type Redis from 'ioredis';

// Slots are a sorted set of job ids scored by when the slot expires, so a crashed worker's
// slots free themselves. Acquire-or-park is one script: a job that finds no room is queued in
// the webhook's parked list in the same step, so a release can never miss it.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
  return 1
end
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('LTRIM', KEYS[2], -100000, -1)
redis.call('PEXPIRE', KEYS[2], 86400000)
return 0`;

const RELEASE = `
redis.call('ZREM', KEYS[1], ARGV[1])
local woken = {}
for i = 1, tonumber(ARGV[2]) do
  local id = redis.call('LPOP', KEYS[2])
  if not id then break end
  woken[#woken + 1] = id
end
return woken`;

type LimiterRedis = Redis & {
  webhookSlotAcquire(slots: string, parked: string, now: number, expiresAt: number, member: string, limit: number, ttl: number): Promise<number>;
  webhookSlotRelease(slots: string, parked: string, member: string, wake: number): Promise<string[]>;
};

/**
 * Bounds the deliveries in flight to one webhook across every worker process (a Redis
 * semaphore). Jobs that find no room park; each release hands parked job ids back to wake.
 */
export class InFlightLimiter {
  private readonly redis: LimiterRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    /** How long a slot is held at most: longer than any delivery can take. */
    private readonly slotTtlMs: number,
  ) {
    redis.defineCommand('webhookSlotAcquire', { numberOfKeys: 2, lua: ACQUIRE });
    redis.defineCommand('webhookSlotRelease', { numberOfKeys: 2, lua: RELEASE });
    this.redis = redis as LimiterRedis;
  }

  private keys(webhookId: string): [string, string] {
    return [`${this.prefix}:wh-slots:${webhookId}`, `${this.prefix}:wh-parked:${webhookId}`];
  }

  /** Takes a slot for `jobId`, or parks it and answers false. */
  async acquire(webhookId: string, jobId: string): Promise<boolean> {
    const now = Date.now();
    const [slots, parked] = this.keys(webhookId);
    return (await this.redis.webhookSlotAcquire(slots, parked, now, now + this.slotTtlMs, jobId, this.limit, this.slotTtlMs)) === 1;
  }

  /** Frees the slot of `jobId`; answers up to `wake` parked job ids to wake (some may be stale). */
  async release(webhookId: string, jobId: string, wake = 3): Promise<string[]> {
    const [slots, parked] = this.keys(webhookId);
    return this.redis.webhookSlotRelease(slots, parked, jobId, wake);
  }

  /** Whether the webhook has a free slot now (a parked job re-checks this after parking). */
  async hasRoom(webhookId: string): Promise<boolean> {
    const [slots] = this.keys(webhookId);
    const now = Date.now();
    const [, count] = (await this.redis.multi().zremrangebyscore(slots, '-inf', now).zcard(slots).exec()) ?? [];
    return Number(count?.[1] ?? 0) < this.limit;
  }
}
