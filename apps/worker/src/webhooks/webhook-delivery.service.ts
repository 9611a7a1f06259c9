import { newId } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  checkTargetUrl,
  ClaimedTask,
  configKeyring,
  DeliveryStore,
  liveSecrets,
  ReceiverResolver,
  SecretOpener,
  signatureHeaders,
  WebhookStore,
} from '@app/webhooks';
import {
  AttemptOutcome,
  classifyAttempt,
  decideTask,
  disableReasonFor,
  DisableReason,
} from '@app/webhooks/delivery/delivery-policy';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AttemptRecorder } from './attempt-recorder';
import { DeliveryQueue } from './delivery-queue.service';
import { WebhookMetrics } from './webhook-metrics.service';
import { failUnsignableTask, UnsignablePorts } from './unsignable-task';
import { sendDelivery } from './webhook-sender';

/**
 * Runs one delivery attempt of a task a drain claimed: signs and POSTs the stored event body,
 * records the attempt, schedules the retry's drain or ends the task, and applies the disable rules.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly logger = new Logger('WebhookDelivery');
  /** c-ares with a TTL cache, off libuv's thread pool: one tenant's dead nameserver cannot stall the others. */
  private readonly resolver: ReceiverResolver;
  /** Secrets opened once and kept across deliveries; made at first use (without SECRETS_KEY every task fails instead). */
  private secretOpener: SecretOpener | null = null;

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

  /**
   * Sends one attempt and answers its recording. A success's recording may run on while the lane
   * sends the next task (recording is what PostgreSQL time goes to); any other outcome is recorded
   * before this answers, since it may disable the webhook or schedule a retry.
   */
  async attempt(task: ClaimedTask): Promise<{ recording: Promise<void> }> {
    const { eventId, webhookId, attempt } = task;
    if (task.status !== 'active') {
      await this.store.dropPendingTask(eventId, webhookId);
      return { recording: Promise.resolve() };
    }

    const startedAt = new Date();
    let secrets: string[];
    try {
      secrets = liveSecrets(
        task.secrets,
        webhookId,
        (this.secretOpener ??= new SecretOpener(configKeyring(this.config))),
      );
    } catch {
      // A secret no key of SECRETS_KEY / SECRETS_KEY_PREVIOUS opens will not open on a retry either.
      await this.failUnsignable(task, startedAt);
      return { recording: Promise.resolve() };
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
    const recording = this.recordOutcome(task, outcome, sent.durationMs, startedAt);
    if (outcome.status === 'succeeded') return { recording };
    await recording;
    return { recording: Promise.resolve() };
  }

  /** Records the attempt, then disables the webhook or schedules the retry's drain as the outcome asks. */
  private async recordOutcome(
    task: ClaimedTask,
    outcome: AttemptOutcome,
    durationMs: number,
    startedAt: Date,
  ): Promise<void> {
    const { eventId, webhookId, workspaceId, attempt } = task;
    const decision = decideTask(outcome, attempt, this.config.webhookRetryScheduleMs, new Date());
    const recorded = await this.recorder.record(
      {
        eventId,
        webhookId,
        attempt,
        state: decision.state,
        nextAttemptAt: decision.nextAttemptAt,
        deliveryId: newId('delivery'),
        status: outcome.status,
        responseStatus: outcome.responseStatus,
        error: outcome.error,
        durationMs,
        startedAt,
      },
      this.recordDeadline(task),
    );
    if (!recorded) return; // another run recorded this attempt, or the task was dropped meanwhile
    // Only a failure can disable: a success recorded with failed attempts of the same webhook does not.
    const reason =
      outcome.status === 'failed' ? disableReasonFor(outcome, recorded.health, this.limits(), new Date()) : null;
    if (reason) {
      await this.disable(webhookId, reason, recorded.deliveryId);
      return;
    }
    // The retry waits as its task's due time; a delayed drain starts on time (the slot filler would within a second).
    if (decision.state === 'pending' && decision.nextAttemptAt)
      await this.queue.enqueue([{ webhookId, workspaceId, at: decision.nextAttemptAt }]);
  }

  /** Ends a task whose secret cannot be decrypted: logged, counted, the admin told, the attempt recorded failed. */
  private async failUnsignable(task: ClaimedTask, startedAt: Date): Promise<void> {
    this.logger.error(
      `webhook ${task.webhookId}: its secret cannot be decrypted with this SECRETS_KEY; the delivery of ${task.eventId} fails`,
    );
    this.metrics.recordAttempt('blocked_target', 0);
    const ports = {
      notify: (webhook) => this.webhooks.notifyUnreadableSecret(webhook),
      record: (attempt, retryUntil) => this.recorder.record(attempt, retryUntil),
    } satisfies UnsignablePorts;
    await failUnsignableTask(ports, task, startedAt, this.recordDeadline(task));
  }

  /**
   * While PostgreSQL is away, recording is tried again until shortly before the claim's lease ends
   * (clocks of worker and database may differ a little): after that another drain may send it anyway.
   */
  private recordDeadline(task: ClaimedTask): number {
    return task.leaseEndsAt - 5000;
  }

  private limits() {
    return {
      disableAfterTimeouts: this.config.webhookDisableAfterTimeouts,
      disableAfterMs: this.config.webhookDisableAfterMs,
    };
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
