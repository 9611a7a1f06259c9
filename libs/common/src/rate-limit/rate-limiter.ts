import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { rateLimitError } from '../http/api-error';
import { needsRedis } from '../http/dependency-failure';
import type { RedisClient } from '../redis';
import { REDIS } from '../redis.module';
import {
  FIXED_WINDOW_SCRIPT,
  parseDecision,
  PEEK_SCRIPT,
  RATE_LIMIT_WINDOW_MS,
  RateLimitName,
  rateLimitHeaders,
  rateLimitKey,
  RateLimitState,
  rateLimitState,
} from './fixed-window';
import { RateLimitScopeInterceptor, setRateLimitHeaders } from './rate-limit-scope';

/** Per-workspace `search` and `enrich` quotas (docs/api.md#rate-limits-and-quotas), counted in Redis so that every API replica shares them. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Spends `units` of a workspace's limit and answers where the workspace stands, or throws 429
   * RATE_LIMIT without spending anything. Either way the answer of the HTTP request in progress
   * carries `X-RateLimit-Limit`, `-Remaining` and `-Reset` (and the 429 `Retry-After`, the seconds
   * until the window ends, from the counter's own expiry). `units` of 0 spends nothing but still
   * reads the window, so the headers are there on every answer of a spending operation.
   * Answers null, and sends no header, when limits are not enforced. Callers spend before opening
   * a transaction: a Redis that is slow or away must never hold a database connection or locks.
   */
  async spend(name: RateLimitName, workspaceId: string, units: number): Promise<RateLimitState | null> {
    if (!this.config.rateLimitsEnforced) return null;
    const limit = name === 'search' ? this.config.rateLimitSearchPerMinute : this.config.rateLimitEnrichPerMinute;
    const key = rateLimitKey(name, workspaceId);
    // Without Redis the limit cannot be checked: the request answers 503 UNAVAILABLE rather than run unmetered.
    const reply = await needsRedis(
      units > 0
        ? FIXED_WINDOW_SCRIPT.run(this.redis, [key], [units, limit, RATE_LIMIT_WINDOW_MS])
        : PEEK_SCRIPT.run(this.redis, [key], [RATE_LIMIT_WINDOW_MS]),
    );
    const decision = parseDecision(reply);
    const state = rateLimitState(name, limit, decision);
    const headers = rateLimitHeaders(state);
    if (!decision.allowed) {
      const error = rateLimitError(state.resetSeconds, name);
      Object.assign(error.headers, headers);
      throw error;
    }
    setRateLimitHeaders(headers);
    return state;
  }
}

/**
 * Provides RateLimiter (needs the global RedisModule and AppConfigModule) and the global
 * interceptor that lets it put its headers on the answer of the request being handled.
 */
@Module({
  providers: [RateLimiter, { provide: APP_INTERCEPTOR, useClass: RateLimitScopeInterceptor }],
  exports: [RateLimiter],
})
export class RateLimitModule {}
