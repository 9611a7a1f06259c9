import { QueueName } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Processor } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { LoggedWorkerHost } from '../jobs/logged-worker-host';
import { DrainJobData } from './delivery-queue.service';
import { DeliveryDrains } from './drain/delivery-drains.service';

/**
 * Runs drain jobs: each drains one webhook's due tasks with the slots it holds (docs/webhook-delivery.md,
 * "In-flight limits"). WEBHOOK_CONCURRENCY bounds the lanes (attempts in flight) of this process, not
 * the jobs: a job that finds every lane busy hands its slots back and comes again shortly.
 */
@Processor(QueueName.WebhookDelivery, {
  concurrency: 100,
  lockDuration: 30_000,
  stalledInterval: 10_000,
  maxStalledCount: 100,
})
export class WebhookDeliveryProcessor
  extends LoggedWorkerHost
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  constructor(
    private readonly drains: DeliveryDrains,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** As many drains at once as lanes: a drain with no lane free here hands its slots back at once. */
  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.webhookConcurrency;
  }

  /** SIGTERM: take no new jobs; lanes stop after their current attempt and give their slots back. */
  async beforeApplicationShutdown(): Promise<void> {
    this.drains.stop();
    await this.worker.close();
  }

  async process(job: Job<DrainJobData>): Promise<void> {
    await this.drains.run(job.data);
  }
}
