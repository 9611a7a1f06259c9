import { QueueName, REDIS, RedisClient } from '@app/common';
import { appPoolTimeouts } from '@app/database';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DeliveryDb, DeliveryStore, WebhookStore } from '@app/webhooks';
import { BullModule } from '@nestjs/bullmq';
import { Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AttemptRecorder } from './attempt-recorder';
import { DeliveryQueue } from './delivery-queue.service';
import { DeliveryDrains } from './drain/delivery-drains.service';
import { OutboxRelay } from './outbox-relay.service';
import { DeliverySlots } from './slots/delivery-slots';
import { SlotFiller } from './slot-filler.service';
import { TaskVacuum } from './task-vacuum';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookDispatchService } from './webhook-dispatch.service';
import { WebhookMetrics } from './webhook-metrics.service';

@Injectable()
class DeliveryDbCloser implements OnApplicationShutdown {
  constructor(private readonly db: DeliveryDb) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}

/** Webhook dispatch: outbox relay, slot filler, the drains and their processor, the task table's VACUUM, and the metrics. */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.WebhookDelivery })],
  providers: [
    DeliveryQueue,
    OutboxRelay,
    SlotFiller,
    DeliveryDrains,
    WebhookDeliveryService,
    WebhookDeliveryProcessor,
    WebhookDispatchService,
    WebhookMetrics,
    {
      provide: DeliveryDb,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new DeliveryDb(config.databaseUrl, 10, appPoolTimeouts(config, 'background')),
    },
    DeliveryDbCloser,
    { provide: DeliveryStore, inject: [DeliveryDb], useFactory: (db: DeliveryDb) => new DeliveryStore(db) },
    WebhookStore,
    { provide: TaskVacuum, inject: [DeliveryStore], useFactory: (store: DeliveryStore) => new TaskVacuum(store) },
    {
      provide: AttemptRecorder,
      inject: [DeliveryStore],
      useFactory: (store: DeliveryStore) => new AttemptRecorder(store),
    },
    {
      provide: DeliverySlots,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: RedisClient, config: AppConfig) =>
        new DeliverySlots(redis, {
          perWebhook: config.webhookMaxInFlightPerWebhook,
          perWorkspace: config.webhookMaxInFlightPerWorkspace,
          ttlMs: config.webhookTimeoutMs + 5000,
        }),
    },
  ],
  exports: [WebhookDeliveryService, WebhookStore],
})
export class WebhookDeliveryModule {}
