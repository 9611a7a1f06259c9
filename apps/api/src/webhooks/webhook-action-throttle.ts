import { FIXED_WINDOW_SCRIPT, needsRedis, parseDecision, rateLimitError, REDIS, retryAfterSeconds } from '@app/common';
import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';

/**
 * The actions that make the worker send something on demand, and how often each may happen per
 * webhook: a test event, and re-enabling (which starts deliveries again, often to a receiver that
 * just failed). Without a bound either could keep a worker busy for one tenant.
 */
export const WEBHOOK_ACTION_LIMITS = {
  test: { limit: 10, windowMs: 60_000 },
  reenable: { limit: 10, windowMs: 60 * 60_000 },
} as const;

export type WebhookAction = keyof typeof WEBHOOK_ACTION_LIMITS;

/** Per-webhook fixed-window throttle in Redis (shared by every API replica); always on, unlike the plan quotas. */
@Injectable()
export class WebhookActionThrottle {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one `action` on the workspace's webhook, or throws 429 RATE_LIMIT with Retry-After without counting it. */
  async spend(action: WebhookAction, workspaceId: string, webhookId: string): Promise<void> {
    const { limit, windowMs } = WEBHOOK_ACTION_LIMITS[action];
    const key = `webhook-throttle:${action}:${workspaceId}:${webhookId}`;
    const decision = parseDecision(await needsRedis(this.redis.eval(FIXED_WINDOW_SCRIPT, 1, key, 1, limit, windowMs)));
    if (!decision.allowed) throw rateLimitError(retryAfterSeconds(decision.resetMs), `webhook_${action}`);
  }
}
