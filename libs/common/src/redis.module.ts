import { APP_CONFIG, AppConfig } from '@app/config';
import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { createRedis } from './redis';

/** Injection token of the app's shared Redis client (rate limits, health, caches). */
export const REDIS = Symbol('REDIS');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createRedis(config.redisUrl, { lazyConnect: false, enableOfflineQueue: true }) },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
