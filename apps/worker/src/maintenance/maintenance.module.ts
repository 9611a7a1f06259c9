import { QueueName } from '@app/common';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { WebhookDeliveryModule } from '../webhooks/webhook-delivery.module';
import { MaintenanceProcessor } from './maintenance.processor';

/** Repeatable housekeeping jobs of the worker (BullMQ job schedulers on the Maintenance queue). */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.Maintenance }), WebhookDeliveryModule],
  providers: [MaintenanceProcessor],
})
export class MaintenanceModule {}
