import { QueueName, JobName } from '@app/common';
import { deliveryJobId } from '@app/webhooks/delivery/delivery-policy';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Job, Queue } from 'bullmq';

/** One attempt of one (event, webhook) delivery task. */
export interface DeliveryJobData {
  eventId: string;
  webhookId: string;
  attempt: number;
  /** For the per-workspace in-flight cap; jobs enqueued before it existed lack it. */
  workspaceId?: string;
  /**
   * Enqueued again by the sweeper or the stranded check: its attempt may have been sent meanwhile
   * (it waited in the limiter, not lost), so the job checks the task before it can wait again.
   */
  requeued?: boolean;
}

export interface DueAttempt extends DeliveryJobData {
  /** When the attempt may run; earlier jobs wait in BullMQ's delayed set. */
  at?: Date | null;
}

// Finished jobs leave Redis at once: PostgreSQL keeps the state, and a job id that lingered
// would make a later re-enqueue of the same attempt a silent no-op.
const JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true, attempts: 1 };

/** Enqueues delivery attempts; the job id makes enqueuing the same attempt twice collapse. */
@Injectable()
export class DeliveryQueue {
  constructor(@InjectQueue(QueueName.WebhookDelivery) readonly queue: Queue<DeliveryJobData>) {}

  async enqueue(attempts: DueAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const now = Date.now();
    await this.queue.addBulk(
      attempts.map(({ eventId, webhookId, attempt, workspaceId, requeued, at }) => ({
        name: JobName.DeliverWebhook,
        data: { eventId, webhookId, attempt, workspaceId, ...(requeued ? { requeued } : {}) },
        opts: {
          ...JOB_OPTIONS,
          jobId: deliveryJobId(eventId, webhookId, attempt),
          delay: at ? Math.max(0, at.getTime() - now) : 0,
        },
      })),
    );
  }

  /**
   * Makes an already delayed job run now (a parked job woken, or a resend that made its attempt
   * due early); false when the job is not delayed. Promoting needs only the id, so the job is not
   * read first: one Redis call, not two.
   */
  async promote(jobId: string): Promise<boolean> {
    try {
      await new Job(this.queue, JobName.DeliverWebhook, {} as DeliveryJobData, {}, jobId).promote();
      return true;
    } catch {
      return false;
    }
  }
}
