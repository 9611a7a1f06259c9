import { REDIS } from '@app/common';
import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient } from '@app/common';
import { spendOnDemand, WebhookAction } from './on-demand-throttle';

/** The on-demand send throttle (see on-demand-throttle.ts) on the API's Redis; always on, unlike the plan quotas. */
@Injectable()
export class WebhookActionThrottle {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  /** Counts one `action` of the workspace towards the receiver URL's host, or throws 429 RATE_LIMIT counting nothing. */
  spend(action: WebhookAction, workspaceId: string, receiverUrl: string): Promise<void> {
    return spendOnDemand(this.redis, action, workspaceId, receiverUrl);
  }
}
