import type Redis from 'ioredis';

// One Lua script per step owns every key below, so no two steps can disagree. Keys, under
// `<prefix>:wh-lim:`:
//   hook-slots:<webhook>   ZSET attempt id -> expiry (ms): the webhook's attempts in flight
//   ws-slots:<workspace>   ZSET attempt id -> expiry: the workspace's attempts in flight
//   hook-waiting:<webhook> ZSET attempt id -> arrival (ms): attempts waiting for a slot, oldest first;
//                          keyed by attempt, so an attempt that waits twice is listed once
//   ws-waiting:<workspace> ZSET webhook id -> arrival of its oldest waiting attempt
//   waiting-ws             SET of workspaces with waiting attempts (for `stranded` and metrics)
// A waiting attempt has NO BullMQ job: its job ended when it started to wait, or it never had one
// (`admit`: a new attempt that would find no room waits at once). It leaves the
// waiting set only by taking a slot (`acquire`, or `release` handing it on), so the set never holds
// an attempt that already ran. Slots expire on their own: a crashed worker's slots free themselves.

const COMMON = `
local base = ARGV[1]
local function hookSlots(hook) return base .. 'hook-slots:' .. hook end
local function hookWaiting(hook) return base .. 'hook-waiting:' .. hook end
local function wsSlots(ws) return base .. 'ws-slots:' .. ws end
local function wsWaiting(ws) return base .. 'ws-waiting:' .. ws end
local function purge(key, now) redis.call('ZREMRANGEBYSCORE', key, '-inf', now) end

-- Keeps ws-waiting and waiting-ws in step with a webhook's waiting set.
local function reindex(ws, hook)
  local head = redis.call('ZRANGE', hookWaiting(hook), 0, 0, 'WITHSCORES')
  if head[1] then
    redis.call('ZADD', wsWaiting(ws), head[2], hook)
    redis.call('SADD', base .. 'waiting-ws', ws)
  else
    redis.call('ZREM', wsWaiting(ws), hook)
    if redis.call('ZCARD', wsWaiting(ws)) == 0 then redis.call('SREM', base .. 'waiting-ws', ws) end
  end
end

local function take(ws, hook, attempt, expiresAt, ttl)
  redis.call('ZADD', hookSlots(hook), expiresAt, attempt)
  redis.call('ZADD', wsSlots(ws), expiresAt, attempt)
  redis.call('PEXPIRE', hookSlots(hook), ttl)
  redis.call('PEXPIRE', wsSlots(ws), ttl)
  if redis.call('ZREM', hookWaiting(hook), attempt) == 1 then reindex(ws, hook) end
end

-- The oldest waiting attempt of the workspace whose webhook has room takes a slot: {hook, attempt}.
-- An entry whose attempt is in flight already (a duplicate job is sending it) is dropped.
local function nextWaiting(ws, now, expiresAt, ttl, hookLimit, wsLimit)
  purge(wsSlots(ws), now)
  if redis.call('ZCARD', wsSlots(ws)) >= wsLimit then return false end
  for _, hook in ipairs(redis.call('ZRANGE', wsWaiting(ws), 0, -1)) do
    purge(hookSlots(hook), now)
    if redis.call('ZCARD', hookSlots(hook)) < hookLimit then
      while true do
        local attempt = redis.call('ZRANGE', hookWaiting(hook), 0, 0)[1]
        if not attempt then break end
        if redis.call('ZSCORE', hookSlots(hook), attempt) then
          redis.call('ZREM', hookWaiting(hook), attempt)
        else
          take(ws, hook, attempt, expiresAt, ttl)
          return {hook, attempt}
        end
      end
      reindex(ws, hook)
    end
  end
  return false
end
`;

// ARGV: base, now, expiresAt, ttl, hookLimit, wsLimit, ws, hook, attempt.
// 1: slot taken; 2: this attempt is in flight already (not sent twice); 0: no room, now waiting.
const ACQUIRE = `${COMMON}
local now, expiresAt, ttl, hookLimit, wsLimit = tonumber(ARGV[2]), ARGV[3], ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6])
local ws, hook, attempt = ARGV[7], ARGV[8], ARGV[9]
purge(hookSlots(hook), now)
purge(wsSlots(ws), now)
if redis.call('ZSCORE', hookSlots(hook), attempt) then return 2 end
if redis.call('ZCARD', hookSlots(hook)) < hookLimit and redis.call('ZCARD', wsSlots(ws)) < wsLimit then
  take(ws, hook, attempt, expiresAt, ttl)
  return 1
end
redis.call('ZADD', hookWaiting(hook), 'NX', now, attempt)
redis.call('PEXPIRE', hookWaiting(hook), 86400000)
redis.call('PEXPIRE', wsWaiting(ws), 86400000)
reindex(ws, hook)
return 0`;

// ARGV: base, now, hookLimit, wsLimit, then ws, hook, attempt per attempt: new attempts that were
// never sent (just relayed). Answers 1 per attempt that needs a job (its webhook and workspace
// have room now, counting the attempts of this call before it), 0 per attempt that now waits
// (no room: a release will hand it a slot, exactly as if its job had run and found no room) or
// that is waiting or in flight already.
const ADMIT = `${COMMON}
local now, hookLimit, wsLimit = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local hookRoom, wsRoom, answers = {}, {}, {}
for i = 5, #ARGV, 3 do
  local ws, hook, attempt = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if hookRoom[hook] == nil then
    purge(hookSlots(hook), now)
    local waiting = redis.call('ZCARD', hookWaiting(hook))
    -- Attempts already wait: newcomers queue behind them (the stranded check runs the waiting ones if slots are free).
    hookRoom[hook] = waiting > 0 and 0 or hookLimit - redis.call('ZCARD', hookSlots(hook))
  end
  if wsRoom[ws] == nil then
    purge(wsSlots(ws), now)
    wsRoom[ws] = wsLimit - redis.call('ZCARD', wsSlots(ws))
  end
  local answer = 0
  if redis.call('ZSCORE', hookSlots(hook), attempt) or redis.call('ZSCORE', hookWaiting(hook), attempt) then
    answer = 0
  elseif hookRoom[hook] > 0 and wsRoom[ws] > 0 then
    hookRoom[hook] = hookRoom[hook] - 1
    wsRoom[ws] = wsRoom[ws] - 1
    answer = 1
  else
    redis.call('ZADD', hookWaiting(hook), 'NX', now, attempt)
    redis.call('PEXPIRE', hookWaiting(hook), 86400000)
    redis.call('PEXPIRE', wsWaiting(ws), 86400000)
    reindex(ws, hook)
  end
  table.insert(answers, answer)
end
return answers`;

// ARGV: base, now, then hook, attempt per attempt. Answers 1 per attempt that is neither waiting
// nor in flight (a job for it may be needed), 0 otherwise. Changes nothing.
const UNTRACKED = `${COMMON}
local now, answers = tonumber(ARGV[2]), {}
for i = 3, #ARGV, 2 do
  local slot = redis.call('ZSCORE', hookSlots(ARGV[i]), ARGV[i + 1])
  local tracked = (slot and tonumber(slot) > now) or redis.call('ZSCORE', hookWaiting(ARGV[i]), ARGV[i + 1])
  table.insert(answers, tracked and 0 or 1)
end
return answers`;

// ARGV: base, now, expiresAt, ttl, hookLimit, wsLimit, ws, hook, attempt, handOn (1/0).
// Frees the attempt's slot and, with handOn, gives it at once to the oldest waiting attempt of the
// workspace that may run: {hook, attempt} for the caller to send next, or nil.
const RELEASE = `${COMMON}
local now, expiresAt, ttl, hookLimit, wsLimit = tonumber(ARGV[2]), ARGV[3], ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6])
local ws, hook, attempt = ARGV[7], ARGV[8], ARGV[9]
redis.call('ZREM', hookSlots(hook), attempt)
redis.call('ZREM', wsSlots(ws), attempt)
if ARGV[10] ~= '1' then return false end
return nextWaiting(ws, now, expiresAt, ttl, hookLimit, wsLimit)`;

// ARGV: base, now, hookLimit, wsLimit, ws, max. Does not change anything: answers up to `max`
// waiting attempts {hook, attempt, ...} of webhooks with room, oldest first, when slots are free
// while attempts wait (their holders crashed or shut down). The caller enqueues jobs for them.
const STRANDED = `${COMMON}
local now, hookLimit, wsLimit, ws, max = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5], tonumber(ARGV[6])
purge(wsSlots(ws), now)
local room = math.min(max, wsLimit - redis.call('ZCARD', wsSlots(ws)))
local found = {}
if room <= 0 then return found end
for _, hook in ipairs(redis.call('ZRANGE', wsWaiting(ws), 0, -1)) do
  purge(hookSlots(hook), now)
  local free = math.min(room - #found / 2, hookLimit - redis.call('ZCARD', hookSlots(hook)))
  if free > 0 then
    for _, attempt in ipairs(redis.call('ZRANGE', hookWaiting(hook), 0, free - 1)) do
      table.insert(found, hook)
      table.insert(found, attempt)
    end
  end
  if #found / 2 >= room then break end
end
if redis.call('ZCARD', wsWaiting(ws)) == 0 then redis.call('SREM', base .. 'waiting-ws', ws) end
return found`;

/** Attempts per admit/untracked script call: keeps one call's time in Redis short. */
const ADMIT_BATCH = 500;

type LimiterRedis = Redis & {
  webhookLimiterAcquire(...args: (string | number)[]): Promise<number>;
  webhookLimiterRelease(...args: (string | number)[]): Promise<[string, string] | null>;
  webhookLimiterStranded(...args: (string | number)[]): Promise<string[]>;
  webhookLimiterAdmit(...args: (string | number)[]): Promise<number[]>;
  webhookLimiterUntracked(...args: (string | number)[]): Promise<number[]>;
};

/** One attempt of one webhook of one workspace, as the limiter knows it. */
export interface LimitedAttempt {
  workspaceId: string;
  webhookId: string;
  attemptId: string;
}

export interface InFlightLimits {
  perWebhook: number;
  perWorkspace: number;
  /** How long a slot is held at most: longer than any delivery can take. */
  slotTtlMs: number;
}

/** How many attempts wait per webhook, and since when the oldest waits. */
export interface WaitingWebhook {
  workspaceId: string;
  webhookId: string;
  waiting: number;
  oldestWaitingSince: number;
}

/**
 * Bounds the deliveries in flight per webhook and per workspace across every worker process
 * (docs/webhook-delivery.md, "In-flight limits"). An attempt that finds no room waits in Redis
 * (its job ends); whoever frees a slot sends the oldest waiting attempt next.
 */
export class InFlightLimiter {
  private readonly redis: LimiterRedis;
  private readonly base: string;

  constructor(
    redis: Redis,
    prefix: string,
    private readonly limits: InFlightLimits,
    /** Injectable for the randomized test, which runs on a virtual clock. */
    private readonly now: () => number = Date.now,
  ) {
    redis.defineCommand('webhookLimiterAcquire', { numberOfKeys: 0, lua: ACQUIRE });
    redis.defineCommand('webhookLimiterRelease', { numberOfKeys: 0, lua: RELEASE });
    redis.defineCommand('webhookLimiterStranded', { numberOfKeys: 0, lua: STRANDED });
    redis.defineCommand('webhookLimiterAdmit', { numberOfKeys: 0, lua: ADMIT });
    redis.defineCommand('webhookLimiterUntracked', { numberOfKeys: 0, lua: UNTRACKED });
    this.redis = redis as LimiterRedis;
    this.base = `${prefix}:wh-lim:`;
  }

  private head(): (string | number)[] {
    const now = this.now();
    const { slotTtlMs, perWebhook, perWorkspace } = this.limits;
    return [this.base, now, now + slotTtlMs, slotTtlMs, perWebhook, perWorkspace];
  }

  /** `acquired`: send it; `busy`: this attempt is in flight elsewhere; `waiting`: no room, it waits for a release to hand it a slot. */
  async acquire({ workspaceId, webhookId, attemptId }: LimitedAttempt): Promise<'acquired' | 'busy' | 'waiting'> {
    const answer = await this.redis.webhookLimiterAcquire(...this.head(), workspaceId, webhookId, attemptId);
    return (['waiting', 'acquired', 'busy'] as const)[answer];
  }

  /**
   * New attempts, never sent (just relayed): those that would find no room start to wait at once,
   * so a busy webhook's backlog costs no BullMQ job per attempt. Answers the attempts that need a
   * job (room now); their jobs `acquire` as usual.
   */
  async admit(attempts: LimitedAttempt[]): Promise<LimitedAttempt[]> {
    const { perWebhook, perWorkspace } = this.limits;
    return this.answeredOne(attempts, (batch) =>
      this.redis.webhookLimiterAdmit(
        this.base,
        this.now(),
        perWebhook,
        perWorkspace,
        ...batch.flatMap((a) => [a.workspaceId, a.webhookId, a.attemptId]),
      ),
    );
  }

  /** The attempts that neither wait nor are in flight: only those may need a job enqueued again (the sweeper). */
  async untracked(attempts: LimitedAttempt[]): Promise<LimitedAttempt[]> {
    return this.answeredOne(attempts, (batch) =>
      this.redis.webhookLimiterUntracked(this.base, this.now(), ...batch.flatMap((a) => [a.webhookId, a.attemptId])),
    );
  }

  /** Runs a per-attempt script over `attempts`, ADMIT_BATCH at a time, and answers those it answered 1 for. */
  private async answeredOne(
    attempts: LimitedAttempt[],
    run: (batch: LimitedAttempt[]) => Promise<number[]>,
  ): Promise<LimitedAttempt[]> {
    const chosen: LimitedAttempt[] = [];
    for (let i = 0; i < attempts.length; i += ADMIT_BATCH) {
      const batch = attempts.slice(i, i + ADMIT_BATCH);
      const answers = await run(batch);
      batch.forEach((a, j) => answers[j] === 1 && chosen.push(a));
    }
    return chosen;
  }

  /**
   * Frees the attempt's slot. With `handOn`, the slot goes straight to the oldest waiting attempt
   * of the workspace that may run, which the caller must send next (it holds the slot already).
   */
  async release(attempt: LimitedAttempt, handOn: boolean): Promise<LimitedAttempt | null> {
    const { workspaceId, webhookId, attemptId } = attempt;
    const next = await this.redis.webhookLimiterRelease(
      ...this.head(),
      workspaceId,
      webhookId,
      attemptId,
      handOn ? 1 : 0,
    );
    return next ? { workspaceId, webhookId: next[0], attemptId: next[1] } : null;
  }

  /**
   * Waiting attempts that could run now but nobody will hand a slot to (the holders crashed, and
   * their slots expired, or shut down): the caller enqueues a job for each. Changes nothing.
   */
  async stranded(max = 100): Promise<LimitedAttempt[]> {
    const found: LimitedAttempt[] = [];
    for (const workspaceId of await this.redis.smembers(`${this.base}waiting-ws`)) {
      const flat = await this.redis.webhookLimiterStranded(
        this.base,
        this.now(),
        this.limits.perWebhook,
        this.limits.perWorkspace,
        workspaceId,
        max,
      );
      for (let i = 0; i < flat.length; i += 2) found.push({ workspaceId, webhookId: flat[i], attemptId: flat[i + 1] });
    }
    return found;
  }

  /** Per webhook with waiting attempts: how many wait and since when (for /metrics). */
  async waitingWebhooks(): Promise<WaitingWebhook[]> {
    const found: WaitingWebhook[] = [];
    for (const workspaceId of await this.redis.smembers(`${this.base}waiting-ws`)) {
      const hooks = await this.redis.zrange(`${this.base}ws-waiting:${workspaceId}`, '0', '-1', 'WITHSCORES');
      for (let i = 0; i < hooks.length; i += 2) {
        const waiting = await this.redis.zcard(`${this.base}hook-waiting:${hooks[i]}`);
        if (waiting > 0)
          found.push({ workspaceId, webhookId: hooks[i], waiting, oldestWaitingSince: Number(hooks[i + 1]) });
      }
    }
    return found;
  }
}
