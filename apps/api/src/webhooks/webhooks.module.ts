import { Module } from '@nestjs/common';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({ controllers: [WebhooksController], providers: [WebhooksService, WebhookDeliveriesService] })
export class WebhooksModule {}
