import { DeliveryStore } from '@app/webhooks';
import { Injectable } from '@nestjs/common';
import { DeliveryQueue } from './delivery-queue.service';
import { DrainStart, startDrains } from './drain/start-drains';
import { DeliverySlots } from './slots/delivery-slots';

const BATCH = 500;

/**
 * Moves outbox events into delivery tasks. Events, tasks and the relayed mark change in one
 * transaction (DeliveryStore.relayBatch); after commit, each webhook with new tasks gets a drain
 * if it has free slots. One without free slots is being drained: that drain claims the new tasks,
 * or looks again once it has given its slots back. A crash in between leaves due tasks that the
 * slot filler starts a drain for within a second.
 */
@Injectable()
export class OutboxRelay {
  constructor(
    private readonly store: DeliveryStore,
    private readonly slots: DeliverySlots,
    private readonly queue: DeliveryQueue,
  ) {}

  /** Relays every unrelayed event; answers how many events it took. */
  async relayAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const { events, tasks } = await this.store.relayBatch(BATCH);
      // A lane per new task, up to the webhook's cap.
      const webhooks = new Map<string, DrainStart>();
      for (const { webhookId, workspaceId } of tasks) {
        const start = webhooks.get(webhookId);
        if (start) start.lanes += 1;
        else webhooks.set(webhookId, { webhookId, workspaceId, lanes: 1 });
      }
      await startDrains(this.slots, this.queue, [...webhooks.values()]);
      total += events;
      if (events < BATCH) return total;
    }
  }
}
