/**
 * The Redis fixed-window counter behind the `search` and `enrich` rate limits. Plain module (no
 * Nest imports) so it is unit-testable; RateLimiter wires it to the shared Redis client.
 *
 * A window starts at the first unit a workspace spends and lasts `windowMs`; the counter key
 * expires with it. Redis keeps the clock, so every API replica sees the same window. A request
 * that would go over the limit spends nothing, so a rejected caller does not dig a deeper hole.
 */

/** The two rate limits, `search` and `enrich` (docs/api.md#rate-limits-and-quotas). */
export type RateLimitName = 'search' | 'enrich';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * KEYS[1] counter; ARGV[1] cost, ARGV[2] limit, ARGV[3] window ms.
 * Answers {allowed 0|1, units used in the window, ms until the window ends}.
 */
export const FIXED_WINDOW_SCRIPT = `
local cost = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + cost > limit then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = window end
  return {0, used, ttl}
end
used = redis.call('INCRBY', KEYS[1], cost)
if used == cost then redis.call('PEXPIRE', KEYS[1], window) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], window)
  ttl = window
end
return {1, used, ttl}
`;

/**
 * KEYS[1] counter; ARGV[1] window ms. Reads the window without spending (a request that costs 0
 * units still reports where the workspace stands). Answers the same triple as FIXED_WINDOW_SCRIPT;
 * with no window running, 0 used and a whole window ahead.
 */
export const PEEK_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = tonumber(ARGV[1]) end
return {1, used, ttl}
`;

export interface RateLimitDecision {
  allowed: boolean;
  /** Units spent in the current window, this request included when allowed. */
  used: number;
  /** Milliseconds until the window ends and the counter starts again. */
  resetMs: number;
}

/** The counter key of one workspace and limit. */
export function rateLimitKey(name: RateLimitName, workspaceId: string): string {
  return `pws:rate-limit:${name}:${workspaceId}`;
}

/** Reads the script's reply. */
export function parseDecision(reply: unknown): RateLimitDecision {
  if (!Array.isArray(reply) || reply.length !== 3)
    throw new Error(`unexpected rate limit reply ${JSON.stringify(reply)}`);
  const [allowed, used, resetMs] = reply.map(Number);
  return { allowed: allowed === 1, used, resetMs: Math.max(0, resetMs) };
}

/** Where a workspace stands in one limit after a request: what the `X-RateLimit-*` headers say. */
export interface RateLimitState {
  name: RateLimitName;
  /** Units the window allows. */
  limit: number;
  /** Units left in the current window; a refused request spent none of them. */
  remaining: number;
  /** Whole seconds until the window ends: `X-RateLimit-Reset`, and `Retry-After` on a 429. */
  resetSeconds: number;
}

/** The state a decision leaves: remaining never below 0, reset in whole seconds rounded up. */
export function rateLimitState(name: RateLimitName, limit: number, decision: RateLimitDecision): RateLimitState {
  return {
    name,
    limit,
    remaining: Math.max(0, limit - decision.used),
    resetSeconds: retryAfterSeconds(decision.resetMs),
  };
}

/** The headers every answer of a spending operation carries while limits are enforced. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': String(state.resetSeconds),
  };
}

/** Whole seconds for the `Retry-After` header: rounded up, never 0 (0 would invite an immediate retry). */
export function retryAfterSeconds(resetMs: number): number {
  return Math.max(1, Math.ceil(resetMs / 1000));
}
