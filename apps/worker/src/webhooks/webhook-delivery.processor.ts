import { QueueName } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { deliveryJobId } from '@app/webhooks/delivery/delivery-policy';
import { DeliveryJobData, DeliveryQueue } from './delivery-queue.service';
import { InFlightLimiter } from './in-flight-limiter';
import { WebhookDeliveryService } from './webhook-delivery.service';

/** A release looks this far down the parked list for a job that still waits. */
const MAX_STALE_SKIPS = 10;

/**
 * Consumes delivery attempts with a high overall concurrency, while the in-flight limiter keeps
 * a slow receiver to a few slots: a job that finds its webhook's slots full parks in the
 * delayed set until a slot frees (or, at the latest, a receiver timeout later).
 */
@Processor(QueueName.WebhookDelivery, { concurrency: 100, lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 100 })
export class WebhookDeliveryProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookDeliveryProcessor');

  constructor(
    private readonly delivery: WebhookDeliveryService,
    private readonly limiter: InFlightLimiter,
    private readonly queue: DeliveryQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.webhookConcurrency;
  }

  /** SIGTERM: take no new jobs and let the deliveries in flight finish before connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  async process(job: Job<DeliveryJobData>, token?: string): Promise<void> {
    const { eventId, webhookId, attempt } = job.data;
    const jobId = job.id!;
    const attemptId = deliveryJobId(eventId, webhookId, attempt);
    const slot = await this.limiter.acquire(webhookId, attemptId);
    if (slot === 'busy') {
      // Another run sends this very attempt; look again once it must have ended.
      await job.moveToDelayed(Date.now() + this.config.webhookTimeoutMs + 1000, token);
      throw new DelayedError();
    }
    if (slot === 'full') {
      // Park: delayed first, then listed for a release to wake (or promoted at once if room appeared).
      await job.moveToDelayed(Date.now() + this.config.webhookTimeoutMs + 1000, token);
      if (await this.limiter.parkUnlessRoom(webhookId, jobId, attemptId)) await job.promote().catch(() => undefined);
      throw new DelayedError();
    }
    let end;
    try {
      end = await this.delivery.attempt(job.data);
    } finally {
      await this.wakeParked(webhookId, attemptId);
    }
    if (end.kind === 'later') {
      await job.moveToDelayed(end.at.getTime(), token);
      throw new DelayedError();
    }
  }

  /** Frees the slot, handing it to the oldest parked job, and wakes that job; a stale one passes the slot on. */
  private async wakeParked(webhookId: string, attemptId: string): Promise<void> {
    try {
      let parked = await this.limiter.release(webhookId, attemptId);
      for (let tries = 0; parked && tries < MAX_STALE_SKIPS; tries++) {
        if (await this.queue.promote(parked.jobId)) return;
        parked = await this.limiter.passOn(webhookId, parked);
      }
    } catch (error) {
      this.logger.warn(`could not release the delivery slot of ${attemptId}: ${(error as Error).message}`);
    }
  }
}
