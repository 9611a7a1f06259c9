import { isCluster, REDIS, RedisClient } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { OUTBOX_CHANNEL } from '@app/database';
import { PgListener, TASK_DUE_CHANNEL } from '@app/webhooks';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { OutboxRelay } from './outbox-relay.service';
import { SerialRunner } from './serial-runner';
import { SlotFiller } from './slot-filler.service';
import { TaskVacuum } from './task-vacuum';
import { dropLegacyLimiterKeys } from './slots/legacy-limiter-keys';

const PASS_INTERVAL_MS = 1000;

/**
 * Wakes the relay and the slot filler: LISTEN/NOTIFY for speed (new events; tasks the API made due),
 * a 1 s timer so that nothing depends on a notification arriving (a crash between commit and
 * enqueue, a lost connection, a worker that died with slots and claims). The timer also vacuums
 * the task table when its dead versions pile up (TaskVacuum).
 */
@Injectable()
export class WebhookDispatchService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WebhookDispatch');
  private readonly relayRunner: SerialRunner;
  private readonly fillRunner: SerialRunner;
  private readonly vacuumRunner: SerialRunner;
  private readonly listener: PgListener;
  private timer?: NodeJS.Timeout;

  constructor(
    relay: OutboxRelay,
    filler: SlotFiller,
    vacuum: TaskVacuum,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {
    const onError = (what: string) => (error: Error) => this.logger.error(`${what} failed: ${error.message}`);
    this.relayRunner = new SerialRunner(async () => void (await relay.relayAll()), onError('outbox relay'));
    this.fillRunner = new SerialRunner(async () => void (await filler.fill()), onError('slot filler'));
    this.vacuumRunner = new SerialRunner(async () => void (await vacuum.vacuumIfDue()), onError('task table VACUUM'));
    this.listener = new PgListener(config.databaseUrl, [OUTBOX_CHANNEL, TASK_DUE_CHANNEL], {
      onNotify: (channel) => void (channel === OUTBOX_CHANNEL ? this.relayRunner.run() : this.fillRunner.run()),
      onConnect: () => {
        void this.relayRunner.run();
        void this.fillRunner.run();
      },
      onError: (error) => this.logger.warn(`LISTEN connection lost: ${error.message}; reconnecting`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // The old limiter never ran on a cluster: only a single Redis can hold its keys.
    if (!isCluster(this.redis)) {
      const dropped = await dropLegacyLimiterKeys(this.redis).catch((error: Error) => {
        this.logger.warn(`could not drop the old in-flight limiter's keys: ${error.message}`);
        return 0;
      });
      if (dropped)
        this.logger.log(`dropped ${dropped} keys of the old in-flight limiter (their tasks wait in PostgreSQL)`);
    }
    await this.fillRunner.run();
    await this.relayRunner.run();
    this.listener.start();
    this.timer = setInterval(() => {
      void this.relayRunner.run();
      void this.fillRunner.run();
      void this.vacuumRunner.run();
    }, PASS_INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.listener.stop();
    await Promise.all([this.relayRunner.idle(), this.fillRunner.idle(), this.vacuumRunner.idle()]);
  }
}
