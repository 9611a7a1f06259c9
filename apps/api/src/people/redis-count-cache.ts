import { REDIS } from '@app/common';
import type { CountCache } from '@app/search';
import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient } from '@app/common';

/** How long a count stays: a load bumps the data set version anyway; this only bounds what Redis keeps. */
const TTL_SECONDS = 3600;
/** The cache is an optimisation: a Redis that does not answer at once counts as a miss, never as a wait. */
const BUDGET_MS = 50;

const within = <T>(work: Promise<T>, fallback: T): Promise<T> =>
  Promise.race([
    work.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), BUDGET_MS).unref()),
  ]);

/** Search counts shared by every API replica (libs/search count-cache.ts says which are kept). */
@Injectable()
export class RedisCountCache implements CountCache {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async get(key: string): Promise<string | undefined> {
    return (await within(this.redis.get(key), null)) ?? undefined;
  }

  async set(key: string, value: string): Promise<void> {
    await within(this.redis.set(key, value, 'EX', TTL_SECONDS), null);
  }
}
