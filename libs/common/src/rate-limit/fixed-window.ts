/**
 * The Redis fixed-window counter behind the `search` and `enrich` rate limits. Plain module (no
 * Nest imports) so it is unit-testable; RateLimiter wires it to the shared Redis client.
 *
 * A window starts at the first unit a workspace spends and lasts `windowMs`; the counter key
 * expires with it. Redis keeps the clock, so every API replica sees the same window. A request
 * that would go over the limit spends nothing, so a rejected caller does not dig a deeper hole.
 */
import { join } from 'node:path';
import { RedisScript } from '../redis-script';

/** The two rate limits, `search` and `enrich` (docs/api.md#rate-limits-and-quotas). */
export type RateLimitName = 'search' | 'enrich';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Spends: KEYS[1] the counter; ARGV cost, limit, window ms. Answers {allowed 0|1, units used, ms until the window ends}. */
export const FIXED_WINDOW_SCRIPT = new RedisScript(join(__dirname, 'fixed-window.lua'), 1);

/** Reads the window without spending: KEYS[1] the counter; ARGV window ms. Answers the same triple. */
export const PEEK_SCRIPT = new RedisScript(join(__dirname, 'fixed-window-peek.lua'), 1);

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
