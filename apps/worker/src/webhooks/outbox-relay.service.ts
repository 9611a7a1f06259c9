import { DeliveryStore } from '@app/webhooks';
import { Injectable } from '@nestjs/common';
import { DeliveryQueue, DueAttempt } from './delivery-queue.service';
import { interleaveByWebhook } from './fair-order';
import { InFlightLimiter } from './in-flight-limiter';
import { limitedAttempt } from './limited-attempt';

const BATCH = 500;

/**
 * Moves outbox events into delivery tasks and queued jobs (or waiting attempts). Events, tasks
 * and the relayed mark change in one transaction (DeliveryStore.relayBatch); attempts are
 * dispatched after commit. A crash in between leaves pending tasks that the
 * sweeper enqueues.
 */
@Injectable()
export class OutboxRelay {
  constructor(
    private readonly store: DeliveryStore,
    private readonly queue: DeliveryQueue,
    private readonly limiter: InFlightLimiter,
  ) {}

  /** Relays every unrelayed event; answers how many events it took. */
  async relayAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const { events, tasks } = await this.relayBatch();
      await this.dispatch(tasks);
      total += events;
      if (events < BATCH) return total;
    }
  }

  /**
   * New attempts of a webhook (or workspace) without room wait in the limiter at once, as their
   * jobs would after finding no room: one script call instead of a BullMQ job each, which is what
   * lets one busy webhook's backlog drain at the receiver's pace. The others get jobs.
   */
  private async dispatch(attempts: DueAttempt[]): Promise<void> {
    const needJobs = new Set((await this.limiter.admit(attempts.map(limitedAttempt))).map((a) => a.attemptId));
    await this.queue.enqueue(attempts.filter((a) => needJobs.has(limitedAttempt(a).attemptId)));
  }

  private async relayBatch(): Promise<{ events: number; tasks: DueAttempt[] }> {
    const { events, tasks } = await this.store.relayBatch(BATCH);
    // Tasks come in event order: queue them so, webhooks taking turns.
    return { events, tasks: interleaveByWebhook(tasks.map((t) => ({ ...t, attempt: 1 }))) };
  }
}
