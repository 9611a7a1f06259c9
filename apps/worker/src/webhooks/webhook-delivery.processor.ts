import { QueueName } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Processor } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { deliveryJobId } from '@app/webhooks/delivery/delivery-policy';
import { DeliveryJobData, DeliveryQueue } from './delivery-queue.service';
import { InFlightLimiter } from './in-flight-limiter';
import { handedJob, limitedAttempt } from './limited-attempt';
import { AttemptEnd, WebhookDeliveryService } from './webhook-delivery.service';
import { LoggedWorkerHost } from '../jobs/logged-worker-host';

/**
 * Consumes delivery attempts with a high overall concurrency, while the in-flight limiter caps
 * each webhook and each workspace: a job that finds no room ends and its attempt waits in Redis;
 * a job that sends keeps its slot and sends the oldest waiting attempt next, until none waits
 * (docs/webhook-delivery.md, "In-flight limits").
 */
@Processor(QueueName.WebhookDelivery, {
  concurrency: 100,
  lockDuration: 15_000,
  stalledInterval: 5_000,
  maxStalledCount: 100,
})
export class WebhookDeliveryProcessor
  extends LoggedWorkerHost
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger('WebhookDeliveryProcessor');
  /** Set on SIGTERM: a finished attempt frees its slot instead of taking the next waiting one. */
  private closing = false;

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
    this.closing = true;
    await this.worker.close();
  }

  async process(job: Job<DeliveryJobData>, token?: string): Promise<void> {
    // A job enqueued again, or started again (stalled, put off), may find its attempt sent
    // meanwhile: then it must not wait for a slot again.
    const again = job.data.requeued || job.attemptsStarted > 1;
    if (again && !(await this.delivery.stillWaits(job.data))) return;
    // busy: another run sends this very attempt; waiting: a release will send it.
    if ((await this.limiter.acquire(limitedAttempt(job.data))) !== 'acquired') return;
    let own: { end?: AttemptEnd; error?: unknown } = {};
    let current: DeliveryJobData | null = job.data;
    while (current) {
      const sent = await this.attempt(current);
      if (current === job.data) own = sent;
      else if (sent.end?.kind === 'later') await this.queue.enqueue([{ ...current, at: sent.end.at }]);
      current = await this.releaseAndTakeNext(current);
    }
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the attempt's own failure, rethrown as caught
    if (own.error) throw own.error;
    if (own.end?.kind === 'later') {
      await job.moveToDelayed(own.end.at.getTime(), token);
      throw new DelayedError();
    }
  }

  private async attempt(data: DeliveryJobData): Promise<{ end?: AttemptEnd; error?: unknown }> {
    try {
      return { end: await this.delivery.attempt(data) };
    } catch (error) {
      // The task stays pending in PostgreSQL; the sweeper enqueues it again.
      this.logger.warn(
        `delivery attempt ${deliveryJobId(data.eventId, data.webhookId, data.attempt)} failed: ${(error as Error).message}`,
      );
      return { error };
    }
  }

  /** Frees the slot of a sent attempt and answers the waiting attempt it was handed to (null: none waits, or closing). */
  private async releaseAndTakeNext(sent: DeliveryJobData): Promise<DeliveryJobData | null> {
    const attempt = limitedAttempt(sent);
    try {
      const next = await this.limiter.release(attempt, !this.closing);
      return next && handedJob(next);
    } catch (error) {
      // The slot expires on its own; waiting attempts are then enqueued by the stranded check.
      this.logger.warn(`could not release the delivery slot of ${attempt.attemptId}: ${(error as Error).message}`);
      return null;
    }
  }
}
