import { DeliveryStore } from '@app/webhooks';
import { Injectable } from '@nestjs/common';
import { DeliveryQueue } from './delivery-queue.service';
import { FIRST_LANES, startDrains } from './drain/start-drains';
import { DeliverySlots } from './slots/delivery-slots';

/** Webhooks looked at per pass; more wait for the next pass (a second later). */
const WEBHOOKS_PER_PASS = 1000;

/**
 * The one periodic pass of the dispatcher (every second, at start and when the API makes tasks due):
 * every webhook with due tasks that has free slots gets a drain. It is what starts delivery again
 * after a worker died (its slots expired, its claims' leases ran out), after Redis lost its data
 * or a drain job was lost, and for retries whose delayed drain did not run. Several workers running
 * it at once only compete for the same slots.
 */
@Injectable()
export class SlotFiller {
  constructor(
    private readonly store: DeliveryStore,
    private readonly slots: DeliverySlots,
    private readonly queue: DeliveryQueue,
  ) {}

  /** Answers how many drains it started. */
  async fill(): Promise<number> {
    const due = await this.store.webhooksWithDueTasks(WEBHOOKS_PER_PASS);
    return startDrains(
      this.slots,
      this.queue,
      due.map((webhook) => ({ ...webhook, lanes: FIRST_LANES })),
    );
  }
}
