import { QueueName } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { DeliveryJobData, DeliveryQueue } from './delivery-queue.service';
import { InFlightLimiter } from './in-flight-limiter';
import { WebhookDeliveryService } from './webhook-delivery.service';

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
    const { webhookId } = job.data;
    const jobId = job.id!;
    if (!(await this.limiter.acquire(webhookId, jobId))) {
      await job.moveToDelayed(Date.now() + this.config.webhookTimeoutMs + 1000, token);
      // A slot may have freed between parking and moving to the delayed set: then go again now.
      if (await this.limiter.hasRoom(webhookId)) await job.promote().catch(() => undefined);
      throw new DelayedError();
    }
    let end;
    try {
      end = await this.delivery.attempt(job.data);
    } finally {
      await this.wakeParked(webhookId, jobId);
    }
    if (end.kind === 'later') {
      await job.moveToDelayed(end.at.getTime(), token);
      throw new DelayedError();
    }
  }

  private async wakeParked(webhookId: string, jobId: string): Promise<void> {
    try {
      for (const parked of await this.limiter.release(webhookId, jobId)) {
        if (await this.queue.promote(parked)) return;
      }
    } catch (error) {
      this.logger.warn(`could not release the delivery slot of ${jobId}: ${(error as Error).message}`);
    }
  }
}
