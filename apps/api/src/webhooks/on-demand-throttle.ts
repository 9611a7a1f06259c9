import { rateLimitError } from '@app/common/http/api-error';
import { needsRedis } from '@app/common/http/dependency-failure';
import { retryAfterSeconds } from '@app/common/rate-limit/fixed-window';
import type { RedisClient } from '@app/common/redis';
import { RedisScript } from '@app/common/redis-script';
import { join } from 'node:path';

// The on-demand send throttle: plain module (no Nest imports) so its unit spec runs against Redis.

/**
 * The actions that make the worker send something on demand, and how often each may happen per
 * workspace and receiver host: a test event, a resend of one delivery, a recover (which can send
 * many failed events again) and re-enabling (which starts deliveries again, often to a receiver
 * that just failed). Counted per host, not per webhook, so deleting and re-creating a webhook
 * resets nothing and many webhooks on one host share one budget. Ordinary event deliveries are
 * not counted here: the worker's per-workspace in-flight limit bounds them.
 */
export const WEBHOOK_ACTION_LIMITS = {
  test: { limit: 10, windowMs: 60_000 },
  resend: { limit: 30, windowMs: 60_000 },
  recover: { limit: 10, windowMs: 60 * 60_000 },
  reenable: { limit: 10, windowMs: 60 * 60_000 },
} as const;

/** Every on-demand action of a workspace, whatever the host: registering webhooks on many hosts does not multiply the budget. */
export const WORKSPACE_ON_DEMAND_LIMIT = { limit: 60, windowMs: 60_000 } as const;

export type WebhookAction = keyof typeof WEBHOOK_ACTION_LIMITS;

/**
 * Spends `cost` on both counters (the host's and the workspace's) only when each has room. KEYS: the two
 * counters; ARGV cost, then a limit and a window (ms) per key. Answers {1, 0, 0}, or {0, index of the
 * refusing counter that frees up last, ms until it does}.
 */
export const MULTI_WINDOW_SCRIPT = new RedisScript(join(__dirname, 'multi-window.lua'), 2);

/**
 * The host an on-demand action is counted against: the receiver URL's host, lower-case, without
 * a trailing dot (`Hooks.Example.com.` and `hooks.example.com` are one receiver). IP literals come
 * out in their one canonical form (the URL parser rewrites `0x7f.1` and long IPv6 forms).
 */
export function throttleHost(receiverUrl: string): string {
  return new URL(receiverUrl).hostname.toLowerCase().replace(/\.$/, '');
}

/** Counter keys; the workspace in braces keeps one workspace's counters in one Redis Cluster slot (the script touches several). */
export function throttleKeys(action: WebhookAction, workspaceId: string, host: string): [string, string] {
  return [`pws:webhook-throttle:{${workspaceId}}:${action}:${host}`, `pws:webhook-throttle:{${workspaceId}}:on-demand`];
}

/**
 * Counts one `action` towards the receiver URL's host and towards the workspace's on-demand
 * budget, or throws 429 RATE_LIMIT (`payload.limit` `webhook_<action>` or `webhook_on_demand`)
 * with Retry-After, counting nothing. Redis keeps the clock and the counts, shared by every API replica.
 */
export async function spendOnDemand(
  redis: RedisClient,
  action: WebhookAction,
  workspaceId: string,
  receiverUrl: string,
): Promise<void> {
  const perHost = WEBHOOK_ACTION_LIMITS[action];
  const keys = throttleKeys(action, workspaceId, throttleHost(receiverUrl));
  const reply = await needsRedis(
    MULTI_WINDOW_SCRIPT.run(redis, keys, [
      1,
      perHost.limit,
      perHost.windowMs,
      WORKSPACE_ON_DEMAND_LIMIT.limit,
      WORKSPACE_ON_DEMAND_LIMIT.windowMs,
    ]),
  );
  if (!Array.isArray(reply) || reply.length !== 3)
    throw new Error(`unexpected throttle reply ${JSON.stringify(reply)}`);
  const [allowed, refused, waitMs] = reply.map(Number);
  if (allowed === 1) return;
  throw rateLimitError(retryAfterSeconds(waitMs), refused === 1 ? `webhook_${action}` : 'webhook_on_demand');
}
