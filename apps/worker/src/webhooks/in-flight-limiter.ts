import type Redis from 'ioredis';

// Per webhook: `slots`, a sorted set of the attempt ids in flight scored by when each slot
// expires (a crashed worker's slots free themselves); `parked`, the jobs waiting for a slot,
// oldest first, each as "<job id>\n<attempt id>"; `handed`, the attempts a release handed a slot
// to that have not taken it yet. Slots are per attempt, not per job: a stray copy of a job under
// another id still finds its attempt in flight.

// Takes a slot: 1, or 0 when there is no room. A slot handed to this attempt is taken as is.
// An attempt already holding a slot it was not handed is being sent by another run (a
// duplicated or stalled job): answered 2, so it is not sent twice.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local handed = redis.call('SREM', KEYS[3], ARGV[3]) == 1
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  if not handed then return 2 end
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
  return 1
end
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

// Gives the freed slot straight to the oldest parked job's attempt, so that a job arriving
// meanwhile cannot take it and send the woken one back to the end of the list. Answers
// {job id, attempt id}. A parked attempt already in flight (its job ran after its fallback
// delay) is skipped.
const HAND_OFF = `
local function handOff()
  while true do
    local entry = redis.call('LPOP', KEYS[2])
    if not entry then return false end
    local cut = string.find(entry, '\\n', 1, true)
    local job, attempt = string.sub(entry, 1, cut - 1), string.sub(entry, cut + 1)
    if not redis.call('ZSCORE', KEYS[1], attempt) then
      redis.call('ZADD', KEYS[1], ARGV[2], attempt)
      redis.call('SADD', KEYS[3], attempt)
      redis.call('PEXPIRE', KEYS[1], ARGV[3])
      redis.call('PEXPIRE', KEYS[3], ARGV[3])
      return {job, attempt}
    end
  end
end`;

const RELEASE = `${HAND_OFF}
redis.call('ZREM', KEYS[1], ARGV[1])
return handOff()`;

// The attempt a slot was handed to could not be woken (its job already ran): the slot goes to
// the next parked attempt. Unless that attempt has taken the slot meanwhile: then it is in use.
const PASS_ON = `${HAND_OFF}
if redis.call('SREM', KEYS[3], ARGV[1]) == 0 then return false end
redis.call('ZREM', KEYS[1], ARGV[1])
return handOff()`;

type LimiterRedis = Redis & {
  webhookSlotAcquire(slots: string, parked: string, handed: string, now: number, expiresAt: number, member: string, limit: number, ttl: number): Promise<number>;
  webhookSlotPark(slots: string, parked: string, now: number, member: string, limit: number): Promise<number>;
  webhookSlotRelease(slots: string, parked: string, handed: string, member: string, expiresAt: number, ttl: number): Promise<[string, string] | null>;
  webhookSlotPassOn(slots: string, parked: string, handed: string, member: string, expiresAt: number, ttl: number): Promise<[string, string] | null>;
};

/** A parked job a release handed a slot to: wake `jobId`, whose attempt now holds the slot. */
export interface HandedSlot {
  jobId: string;
  attemptId: string;
}

const handedSlot = (answer: [string, string] | null): HandedSlot | null => (answer ? { jobId: answer[0], attemptId: answer[1] } : null);

/**
 * Bounds the deliveries in flight to one webhook across every worker process (a Redis
 * semaphore). Jobs that find no room park; each release hands its slot to the oldest parked job.
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
    redis.defineCommand('webhookSlotAcquire', { numberOfKeys: 3, lua: ACQUIRE });
    redis.defineCommand('webhookSlotPark', { numberOfKeys: 2, lua: PARK });
    redis.defineCommand('webhookSlotRelease', { numberOfKeys: 3, lua: RELEASE });
    redis.defineCommand('webhookSlotPassOn', { numberOfKeys: 3, lua: PASS_ON });
    this.redis = redis as LimiterRedis;
  }

  private keys(webhookId: string): [slots: string, parked: string, handed: string] {
    return [`${this.prefix}:wh-slots:${webhookId}`, `${this.prefix}:wh-parked:${webhookId}`, `${this.prefix}:wh-handed:${webhookId}`];
  }

  /** Takes a slot for one attempt: `acquired`, `full` (no room), or `busy` (this attempt is in flight elsewhere). */
  async acquire(webhookId: string, attemptId: string): Promise<'acquired' | 'full' | 'busy'> {
    const now = Date.now();
    const answer = await this.redis.webhookSlotAcquire(...this.keys(webhookId), now, now + this.slotTtlMs, attemptId, this.limit, this.slotTtlMs);
    return answer === 1 ? 'acquired' : answer === 2 ? 'busy' : 'full';
  }

  /**
   * Frees the slot of an attempt and hands it to the oldest parked job (null when none waits):
   * the caller wakes that job, which then finds its attempt's slot ready.
   */
  async release(webhookId: string, attemptId: string): Promise<HandedSlot | null> {
    return handedSlot(await this.redis.webhookSlotRelease(...this.keys(webhookId), attemptId, Date.now() + this.slotTtlMs, this.slotTtlMs));
  }

  /**
   * The job a slot was handed to could not be woken (it already ran): hands that slot on to the
   * next parked job, or answers null when none waits or the attempt has taken the slot meanwhile.
   */
  async passOn(webhookId: string, handed: HandedSlot): Promise<HandedSlot | null> {
    return handedSlot(await this.redis.webhookSlotPassOn(...this.keys(webhookId), handed.attemptId, Date.now() + this.slotTtlMs, this.slotTtlMs));
  }

  /**
   * For a job already moved to the delayed set: parks it for a release to hand a slot to, or
   * answers true when there is room again (the caller promotes it at once).
   */
  async parkUnlessRoom(webhookId: string, jobId: string, attemptId: string): Promise<boolean> {
    const [slots, parked] = this.keys(webhookId);
    return (await this.redis.webhookSlotPark(slots, parked, Date.now(), `${jobId}\n${attemptId}`, this.limit)) === 1;
  }
}
