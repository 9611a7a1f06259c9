import type { DueWebhook } from '@app/webhooks';
import type { DeliveryQueue, DrainRequest } from '../delivery-queue.service';
import type { DeliverySlots } from '../slots/delivery-slots';

/**
 * Takes free slots for each webhook (as many as its cap and its workspace's allow) and enqueues a
 * drain with them; a webhook without free slots is being drained already. Answers how many drains
 * it started.
 */
export async function startDrains(slots: DeliverySlots, queue: DeliveryQueue, webhooks: DueWebhook[]): Promise<number> {
  const drains = await Promise.all(
    webhooks.map(async ({ webhookId, workspaceId }): Promise<DrainRequest | null> => {
      const taken = await slots.take(workspaceId, webhookId, slots.limits.perWebhook);
      return taken.length ? { webhookId, workspaceId, slots: taken } : null;
    }),
  );
  const started = drains.filter((d): d is DrainRequest => d !== null);
  await queue.enqueue(started);
  return started.length;
}
