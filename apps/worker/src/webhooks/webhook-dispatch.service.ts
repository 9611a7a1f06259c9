import { APP_CONFIG, AppConfig } from '@app/config';
import { OUTBOX_CHANNEL } from '@app/database';
import { PgListener, TASK_DUE_CHANNEL } from '@app/webhooks';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DeliverySweeper } from './delivery-sweeper.service';
import { OutboxRelay } from './outbox-relay.service';
import { SerialRunner } from './serial-runner';

const SWEEP_INTERVAL_MS = 1000;

/**
 * Wakes the relay and the sweeper: LISTEN/NOTIFY for speed, a 1 s timer so that nothing
 * depends on a notification arriving (a crash between commit and enqueue, a lost connection).
 */
@Injectable()
export class WebhookDispatchService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WebhookDispatch');
  private readonly relayRunner: SerialRunner;
  private readonly sweepRunner: SerialRunner;
  private readonly listener: PgListener;
  private timer?: NodeJS.Timeout;
  private readonly wakes = new Set<string>();

  constructor(
    relay: OutboxRelay,
    private readonly sweeper: DeliverySweeper,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const onError = (what: string) => (error: Error) => this.logger.error(`${what} failed: ${error.message}`);
    this.relayRunner = new SerialRunner(async () => void (await relay.relayAll()), onError('outbox relay'));
    this.sweepRunner = new SerialRunner(() => this.sweepOnce(), onError('delivery sweep'));
    this.listener = new PgListener(config.databaseUrl, [OUTBOX_CHANNEL, TASK_DUE_CHANNEL], {
      onNotify: (channel, payload) => {
        if (channel === OUTBOX_CHANNEL) void this.relayRunner.run();
        else {
          this.wakes.add(payload);
          void this.sweepRunner.run();
        }
      },
      onConnect: () => {
        void this.relayRunner.run();
        this.wakes.add('');
        void this.sweepRunner.run();
      },
      onError: (error) => this.logger.warn(`LISTEN connection lost: ${error.message}; reconnecting`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweeper.sweepAll().catch((error) => this.logger.error(`start-up sweep failed: ${error.message}`));
    await this.relayRunner.run();
    this.listener.start();
    this.timer = setInterval(() => {
      void this.relayRunner.run();
      void this.sweepRunner.run();
    }, SWEEP_INTERVAL_MS);
  }

  private async sweepOnce(): Promise<void> {
    const wakes = [...this.wakes];
    this.wakes.clear();
    for (const payload of wakes) await this.sweeper.wake(payload);
    await this.sweeper.reviveStranded();
    await this.sweeper.sweep();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.listener.stop();
    await Promise.all([this.relayRunner.idle(), this.sweepRunner.idle()]);
  }
}
