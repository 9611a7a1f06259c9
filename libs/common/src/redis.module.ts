import { APP_CONFIG, AppConfig } from '@app/config';
import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { closeQueueConnections, createRedisClient, failFastRedisOptions, RedisClient } from './redis';

/** Injection token of the app's shared Redis client (rate limits, health, caches). */
export const REDIS = Symbol('REDIS');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
    // Global modules shut down last: the queues and workers that shared these cluster clients are closed by now.
    await closeQueueConnections();
  }
}

export interface RedisModuleOptions {
  /**
   * The API: commands fail at once while Redis is away and after REDIS_COMMAND_TIMEOUT without an
   * answer, so a request never waits for Redis. The worker's background work instead waits for
   * Redis to return (commands queue until it does).
   */
  failFast: boolean;
}

/**
 * Logs the connection going down once (ioredis reports every failed reconnect as an error, and
 * prints those with no listener to stderr) and coming back once.
 */
function reportConnection(client: RedisClient): RedisClient {
  const logger = new Logger('Redis');
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(`Redis unavailable, reconnecting: ${error.message}`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.log('Redis available again');
  });
  return client;
}

@Global()
@Module({})
export class RedisModule {
  static forRoot(options: RedisModuleOptions): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        {
          provide: REDIS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            reportConnection(
              createRedisClient(
                config,
                options.failFast
                  ? { lazyConnect: false, ...failFastRedisOptions(config.redisCommandTimeoutMs) }
                  : { lazyConnect: false, enableOfflineQueue: true },
              ),
            ),
        },
        RedisCloser,
      ],
      exports: [REDIS],
    };
  }
}
