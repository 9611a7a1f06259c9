import { QUEUE_PREFIX, queueConnection, QueueErrorLog, RedisModule, structuredLogger } from '@app/common';
import { APP_CONFIG, AppConfig, AppConfigModule } from '@app/config';
import { DatabaseModule, ReplicasModule } from '@app/database';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { PeopleExportsWorkerModule } from './exports/people-exports-worker.module';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { MetricsModule } from './metrics/metrics.module';
import { VerificationsWorkerModule } from './verifications/verifications-worker.module';
import { WebhookDeliveryModule } from './webhooks/webhook-delivery.module';

/** The worker: BullMQ processors only, no HTTP API. Each feature registers the queues it consumes. */
@Module({
  imports: [
    AppConfigModule.forRoot({ requireSecretsKey: true }),
    structuredLogger('worker'),
    DatabaseModule.forRoot({ waiting: 'background' }),
    RedisModule.forRoot({ failFast: false }),
    // Reads nothing from replicas: notes the write positions of exports for the API's read-your-writes (docs/replicas.md).
    ReplicasModule.forRoot({ notesOnly: true }),
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: queueConnection(config),
        prefix: QUEUE_PREFIX,
      }),
    }),
    VerificationsWorkerModule,
    PeopleExportsWorkerModule,
    WebhookDeliveryModule,
    MaintenanceModule,
    MetricsModule,
  ],
  providers: [QueueErrorLog],
})
export class WorkerModule {}
