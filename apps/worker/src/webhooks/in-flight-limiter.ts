import type Redis from 'ioredis';

// Slots are a sorted set of attempt ids (event, webhook, attempt) scored by when the slot
// expires, so a crashed worker's slots free themselves. An attempt already holding a slot is
// being sent by another run (a duplicated or stalled job): answered 2, so it is not sent twice.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then return 2 end
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0`;

// Called once the job already sits in the delayed set: either there is room again (the caller
// promotes itself) or the job id joins the parked list, where the next release finds it. In
// this order no wake-up can be lost.
const PARK = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then return 1 end
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('LTRIM', KEYS[2], -100000, -1)
redis.call('PEXPIRE', KEYS[2], 86400000)
return 0`;

// Frees a slot and hands back the parked job id that should take it (or nil).
const RELEASE = `
redis.call('ZREM', KEYS[1], ARGV[1])
return redis.call('LPOP', KEYS[2])`;

type LimiterRedis = Redis & {
  webhookSlotAcquire(slots: string, parked: string, now: number, expiresAt: number, member: string, limit: number, ttl: number): Promise<number>;
  webhookSlotPark(slots: string, parked: string, now: number, member: string, limit: number): Promise<number>;
  webhookSlotRelease(slots: string, parked: string, member: string): Promise<string | null>;
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
    redis.defineCommand('webhookSlotPark', { numberOfKeys: 2, lua: PARK });
    redis.defineCommand('webhookSlotRelease', { numberOfKeys: 2, lua: RELEASE });
    this.redis = redis as LimiterRedis;
  }

  private keys(webhookId: string): [string, string] {
    return [`${this.prefix}:wh-slots:${webhookId}`, `${this.prefix}:wh-parked:${webhookId}`];
  }

  /** Takes a slot for one attempt: `acquired`, `full` (no room), or `busy` (this attempt is in flight elsewhere). */
  async acquire(webhookId: string, attemptId: string): Promise<'acquired' | 'full' | 'busy'> {
    const now = Date.now();
    const [slots, parked] = this.keys(webhookId);
    const answer = await this.redis.webhookSlotAcquire(slots, parked, now, now + this.slotTtlMs, attemptId, this.limit, this.slotTtlMs);
    return answer === 1 ? 'acquired' : answer === 2 ? 'busy' : 'full';
  }

  /**
   * Frees the slot of an attempt; answers the parked job id to wake into it, if any. The id may
   * be stale (that job already ran): the caller then asks `nextParked` for another, so that
   * every freed slot wakes one parked job and none waits for its fallback delay.
   */
  async release(webhookId: string, attemptId: string): Promise<string | null> {
    const [slots, parked] = this.keys(webhookId);
    return this.redis.webhookSlotRelease(slots, parked, attemptId);
  }

  /** The next parked job id of a webhook, taken off the list (or null). */
  async nextParked(webhookId: string): Promise<string | null> {
    return this.redis.lpop(this.keys(webhookId)[1]);
  }

  /**
   * For a job already moved to the delayed set: parks its id for the next release to wake, or
   * answers true when there is room again (the caller promotes it at once).
   */
  async parkUnlessRoom(webhookId: string, jobId: string): Promise<boolean> {
    const [slots, parked] = this.keys(webhookId);
    return (await this.redis.webhookSlotPark(slots, parked, Date.now(), jobId, this.limit)) === 1;
  }
}
