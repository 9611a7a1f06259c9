import type { DueWebhook } from '@app/webhooks';
import type { DeliveryQueue, DrainRequest } from '../delivery-queue.service';
import type { DeliverySlots } from '../slots/delivery-slots';

/** A drain of tasks whose number is not known (the slot filler's, a retry's) starts with this many lanes. */
export const FIRST_LANES = 2;

/** A webhook with due tasks, and how many slots its drain starts with (it grows while claims come back full). */
export interface DrainStart extends DueWebhook {
  lanes: number;
}

/**
 * Takes free slots for each webhook (as many as asked, its cap and its workspace's allow) and
 * enqueues a drain with them; a webhook without free slots is being drained already. Answers how
 * many drains it started.
 */
export async function startDrains(slots: DeliverySlots, queue: DeliveryQueue, webhooks: DrainStart[]): Promise<number> {
  const drains = await Promise.all(
    webhooks.map(async ({ webhookId, workspaceId, lanes }): Promise<DrainRequest | null> => {
      const taken = await slots.take(workspaceId, webhookId, Math.min(lanes, slots.limits.perWebhook));
      return taken.length ? { webhookId, workspaceId, slots: taken } : null;
    }),
  );
  const started = drains.filter((d): d is DrainRequest => d !== null);
  await queue.enqueue(started);
  return started.length;
}
