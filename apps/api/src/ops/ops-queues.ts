import { createRedisClient, logQueueErrors, QUEUE_PREFIX, QueueName, RedisClient } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';

/**
 * A read handle on every BullMQ queue, for the dashboard; none when OPS_TOKEN is unset. One Redis connection
 * of its own, so the dashboard never waits behind (or adds to) the request path's client.
 */
@Injectable()
export class OpsQueues implements OnApplicationShutdown {
  readonly queues: Queue[] = [];
  private readonly connection?: RedisClient;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.opsToken) return;
    // Fail fast while Redis is away: the page answers an error instead of hanging (no blocking commands here).
    this.connection = createRedisClient(config, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
    });
    // A shared ioredis instance: BullMQ does not close it with the queues, onApplicationShutdown does.
    this.queues = Object.values(QueueName).map(
      (name) => new Queue(name, { connection: this.connection!, prefix: QUEUE_PREFIX }),
    );
    this.queues.forEach(logQueueErrors);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
