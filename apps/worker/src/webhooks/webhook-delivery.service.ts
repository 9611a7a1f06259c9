import { newId } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  checkTargetUrl,
  ClaimedDelivery,
  configKeyring,
  DeliveryStore,
  liveSecrets,
  ReceiverResolver,
  signatureHeaders,
  WebhookStore,
} from '@app/webhooks';
import { classifyAttempt, decideTask, disableReasonFor, DisableReason } from '@app/webhooks/delivery/delivery-policy';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AttemptRecorder } from './attempt-recorder';
import { BatchedLoader } from './batched-loader';
import { DeliveryJobData, DeliveryQueue } from './delivery-queue.service';
import { WebhookMetrics } from './webhook-metrics.service';
import { sendDelivery } from './webhook-sender';

/** What the processor does with the job after an attempt. */
export type AttemptEnd = { kind: 'done' } | { kind: 'later'; at: Date };

/**
 * Runs one delivery attempt: loads the task if it still waits for this attempt, signs and POSTs the stored event body, records the attempt,
 * schedules the retry or ends the task, and applies the disable rules.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly logger = new Logger('WebhookDelivery');
  /** c-ares with a TTL cache, off libuv's thread pool: one tenant's dead nameserver cannot stall the others. */
  private readonly resolver: ReceiverResolver;

  constructor(
    private readonly webhooks: WebhookStore,
    private readonly store: DeliveryStore,
    private readonly recorder: AttemptRecorder,
    private readonly queue: DeliveryQueue,
    private readonly metrics: WebhookMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.resolver = ReceiverResolver.fromConfig(config);
  }

  async attempt(job: DeliveryJobData): Promise<AttemptEnd> {
    const { eventId, webhookId, attempt } = job;
    const task = await this.claim(job);
    if (!task) return this.whyNotClaimed(job);
    if (task.status !== 'active') {
      await this.store.dropPendingTask(eventId, webhookId);
      return { kind: 'done' };
    }

    const startedAt = new Date();
    let secrets: string[];
    try {
      secrets = liveSecrets(task.secrets, webhookId, configKeyring(this.config));
    } catch {
      // A secret no key of SECRETS_KEY / SECRETS_KEY_PREVIOUS opens will not open on a retry either.
      await this.failUnsignable(job, task, startedAt);
      return { kind: 'done' };
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'ProspectingWorkspace-Webhooks/1.0',
      // Signed afresh on every attempt, with every live secret during a rotation's grace period.
      ...signatureHeaders(secrets, task.body, Math.floor(startedAt.getTime() / 1000), eventId),
      'X-Service-Event-Type': task.eventType,
      'X-Service-Delivery-Attempt': String(attempt),
    };
    const { webhookAllowPrivateTargets: allowPrivate, webhookAllowedPorts: allowedPorts } = this.config;
    const sent = await sendDelivery({
      url: task.url,
      body: task.body,
      headers,
      timeoutMs: this.config.webhookTimeoutMs,
      // The whole registration policy again, with today's settings: a URL stored while private
      // targets were allowed, or before its port was taken off WEBHOOK_ALLOWED_PORTS, is refused.
      checkTarget: (url) =>
        checkTargetUrl(url, {
          allowPrivate,
          allowedPorts,
          alwaysResolve: true,
          resolve: (host) => this.resolver.resolve(host),
        }),
    });
    const outcome = classifyAttempt(sent.result);
    this.metrics.recordAttempt(outcome.error ?? 'succeeded', sent.durationMs);
    const decision = decideTask(outcome, attempt, this.config.webhookRetryScheduleMs, new Date());

    const recorded = await this.recorder.record({
      eventId,
      webhookId,
      attempt,
      state: decision.state,
      nextAttemptAt: decision.nextAttemptAt,
      deliveryId: newId('delivery'),
      status: outcome.status,
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      durationMs: sent.durationMs,
      startedAt,
    });
    if (!recorded) return { kind: 'done' }; // another run recorded this attempt, or the task was dropped meanwhile
    // Only a failure can disable: a success recorded with failed attempts of the same webhook does not.
    const reason =
      outcome.status === 'failed' ? disableReasonFor(outcome, recorded.health, this.limits(), new Date()) : null;
    if (reason) {
      await this.disable(webhookId, reason, recorded.deliveryId);
      return { kind: 'done' };
    }
    if (decision.state === 'pending' && decision.nextAttemptAt) {
      await this.queue.enqueue([
        { eventId, webhookId, workspaceId: job.workspaceId, attempt: attempt + 1, at: decision.nextAttemptAt },
      ]);
    }
    return { kind: 'done' };
  }

  /**
   * Ends a task whose secret cannot be decrypted (SECRETS_KEY differs from the one that sealed
   * it): one failed delivery (`blocked_target`: the service refused to send), the task failed for
   * good, and a notification for the workspace admin unless an unread one already says so.
   */
  private async failUnsignable(
    { eventId, webhookId, attempt }: DeliveryJobData,
    task: ClaimedDelivery,
    startedAt: Date,
  ): Promise<void> {
    this.logger.error(
      `webhook ${webhookId}: its secret cannot be decrypted with this SECRETS_KEY; the delivery of ${eventId} fails`,
    );
    this.metrics.recordAttempt('blocked_target', 0);
    const recorded = await this.recorder.record({
      eventId,
      webhookId,
      attempt,
      state: 'failed',
      nextAttemptAt: null,
      deliveryId: newId('delivery'),
      status: 'failed',
      responseStatus: null,
      error: 'blocked_target',
      durationMs: 0,
      startedAt,
    });
    if (recorded) await this.webhooks.notifyUnreadableSecret({ webhookId, url: task.url });
  }

  /** Whether the task still waits for exactly this attempt (a re-enqueued job checks before it waits for a slot again). */
  async stillWaits(job: DeliveryJobData): Promise<boolean> {
    return this.store.stillWaits(job);
  }

  private limits() {
    return {
      disableAfterTimeouts: this.config.webhookDisableAfterTimeouts,
      disableAfterMs: this.config.webhookDisableAfterMs,
    };
  }

  /**
   * Loads what sending needs, only while the task still waits for exactly this attempt and is
   * due. A read, not a lease: PostgreSQL time is the dispatcher's bottleneck, and a duplicate
   * run (rare: a stalled job, a re-enqueue racing completion) is bounded by `record`, which only
   * the first run to finish can do, so an attempt is sent at most one extra time. Concurrent
   * jobs' claims go out together as one statement (DeliveryStore.claim).
   */
  private claim(job: DeliveryJobData): Promise<ClaimedDelivery | null> {
    return this.claims.load(job);
  }

  private readonly claims = new BatchedLoader<DeliveryJobData, ClaimedDelivery | null>(
    (jobs) => this.store.claim(jobs),
    100,
    2,
  );

  /** A job that could not claim: too early (come back when due), or stale (drop the job). */
  private async whyNotClaimed({ eventId, webhookId, attempt }: DeliveryJobData): Promise<AttemptEnd> {
    const task = await this.store.taskState(eventId, webhookId);
    if (!task || task.state !== 'pending' || task.attempts !== attempt - 1) return { kind: 'done' };
    if (!task.nextAttemptAt || task.nextAttemptAt.getTime() <= Date.now()) return { kind: 'done' };
    return { kind: 'later', at: new Date(task.nextAttemptAt.getTime() + 10) };
  }

  /** Disables the webhook (drops its pending tasks, notifies the admin); the attempt just recorded schedules nothing. */
  private async disable(webhookId: string, reason: DisableReason, deliveryId: string): Promise<void> {
    // The retry this attempt scheduled will not run: the history says so (docs/webhook-delivery.md "Delivery history").
    const disabled = await this.webhooks.disable(webhookId, reason, deliveryId);
    if (disabled) this.logger.warn(`webhook ${webhookId} disabled: ${reason}`);
  }

  /** Maintenance: disables active webhooks that have had only failures for WEBHOOK_DISABLE_AFTER, even without new attempts. */
  async disableFailingWebhooks(): Promise<number> {
    const ids = await this.webhooks.failingWebhookIds(this.config.webhookDisableAfterMs);
    let count = 0;
    for (const id of ids) {
      const done = await this.webhooks.disable(id, 'failing');
      if (done) {
        count += 1;
        this.logger.warn(`webhook ${id} disabled: failing`);
      }
    }
    return count;
  }
}
