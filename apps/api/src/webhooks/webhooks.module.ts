import { Module } from '@nestjs/common';
import { WebhookAccess } from './webhook-access';
import { WebhookActionThrottle } from './webhook-action-throttle';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveriesService, WebhookActionThrottle, WebhookAccess],
})
export class WebhooksModule {}
