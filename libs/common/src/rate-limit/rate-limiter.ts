import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { rateLimitError } from '../http/api-error';
import { REDIS } from '../redis.module';
import { FIXED_WINDOW_SCRIPT, parseDecision, RATE_LIMIT_WINDOW_MS, RateLimitName, rateLimitKey, retryAfterSeconds } from './fixed-window';

/** Per-workspace quotas of SPEC.md "Limits", counted in Redis so that every API replica shares them. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Spends `units` of a workspace's limit, or throws 429 RATE_LIMIT (with `Retry-After`) without
   * spending anything. Free when limits are not enforced or nothing is spent.
   */
  async spend(name: RateLimitName, workspaceId: string, units: number): Promise<void> {
    if (!this.config.rateLimitsEnforced || units <= 0) return;
    const limit = name === 'search' ? this.config.rateLimitSearchPerMinute : this.config.rateLimitEnrichPerMinute;
    const reply = await this.redis.eval(FIXED_WINDOW_SCRIPT, 1, rateLimitKey(name, workspaceId), units, limit, RATE_LIMIT_WINDOW_MS);
    const decision = parseDecision(reply);
    if (!decision.allowed) throw rateLimitError(retryAfterSeconds(decision.resetMs), name);
  }
}

/** Provides RateLimiter; needs the global RedisModule and AppConfigModule. */
@Module({ providers: [RateLimiter], exports: [RateLimiter] })
export class RateLimitModule {}
