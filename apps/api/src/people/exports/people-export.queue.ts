import { producerQueueOptions, QueueName } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { BullModule } from '@nestjs/bullmq';

/** The API only produces to this queue (apps/worker runs exports); the connection is given here so the API needs no BullMQ root module. */
export const PeopleExportQueueModule = BullModule.registerQueueAsync({
  name: QueueName.PeopleExport,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => producerQueueOptions(config),
});
