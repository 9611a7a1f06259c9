import { JobName, QueueName } from '@app/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';

/**
 * A drain of one webhook's due tasks (docs/webhook-delivery.md, "In-flight limits"), with the
 * slots taken for it when it was enqueued. A job of the dispatcher from before drains
 * (`eventId`, `attempt`, maybe no `workspaceId`) is read as a drain of its webhook.
 */
export interface DrainJobData {
  webhookId: string;
  workspaceId?: string;
  slots?: string[];
}

/** A drain to start: now with slots already taken, or later (a retry's due time) taking its own. */
export interface DrainRequest {
  webhookId: string;
  workspaceId: string;
  slots?: string[];
  at?: Date;
}

/** Delayed drains of one webhook due within this window share one job. */
const LATER_WINDOW_MS = 100;

// Finished jobs leave Redis at once: PostgreSQL keeps the state.
const JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true, attempts: 1 };

/** Enqueues drains. Waiting work is never here: a lost job costs at most one pass of the slot filler (1 s). */
@Injectable()
export class DeliveryQueue {
  constructor(@InjectQueue(QueueName.WebhookDelivery) readonly queue: Queue<DrainJobData>) {}

  async enqueue(drains: DrainRequest[]): Promise<void> {
    if (drains.length === 0) return;
    const now = Date.now();
    await this.queue.addBulk(
      drains.map(({ webhookId, workspaceId, slots, at }) => {
        // A retry's drain: one job per webhook and window, run at the window's end, however many of
        // its tasks fall due in it.
        const window = at && at.getTime() > now ? Math.ceil(at.getTime() / LATER_WINDOW_MS) : null;
        const delay = window === null ? 0 : window * LATER_WINDOW_MS - now;
        const jobId = window === null ? undefined : `later.${webhookId}.${window}`;
        return {
          name: JobName.DrainWebhook,
          data: { webhookId, workspaceId, ...(slots?.length ? { slots } : {}) },
          opts: { ...JOB_OPTIONS, delay, ...(jobId ? { jobId } : {}) },
        };
      }),
    );
  }
}
