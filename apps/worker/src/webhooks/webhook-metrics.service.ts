import { QueueName } from '@app/common';
import { DeliveryStore, WaitingTasks, WebhookStore } from '@app/webhooks';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';
import { workerRegistry } from '../metrics/metrics-registry';

/** Per-webhook series are published for at most this many webhooks, so /metrics keeps a bounded label count. */
export const TOP_WAITING_WEBHOOKS = 10;

/** Dispatcher metrics: outcomes, attempt latency, outbox lag and queue depth (read at scrape time). */
@Injectable()
export class WebhookMetrics {
  readonly deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Delivery attempts by outcome (succeeded, or the error: timeout, connection_error, redirect, http_status, blocked_target)',
    labelNames: ['outcome'],
    registers: [workerRegistry],
  });

  readonly attemptSeconds = new Histogram({
    name: 'webhook_delivery_attempt_duration_seconds',
    help: 'Duration of one delivery attempt, from connect to the end of the answer',
    labelNames: ['outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [workerRegistry],
  });

  constructor(webhooks: WebhookStore, store: DeliveryStore, @InjectQueue(QueueName.WebhookDelivery) queue: Queue) {
    new Gauge({
      name: 'webhook_outbox_lag_seconds',
      help: 'Age of the oldest event not yet relayed to the delivery queue (0 when none waits)',
      registers: [workerRegistry],
      async collect() {
        this.set(await webhooks.outboxLagSeconds());
      },
    });
    new Gauge({
      name: 'webhook_queue_depth',
      help: 'Drain jobs in the queue by state',
      labelNames: ['state'],
      registers: [workerRegistry],
      async collect() {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
      },
    });
    new Gauge({
      name: 'webhook_oldest_pending_task_age_seconds',
      help: 'How long the most overdue pending delivery task has been due (0 when none is due): grows without bound when delivery stalls',
      registers: [workerRegistry],
      async collect() {
        this.set(await store.oldestDueTaskAgeSeconds());
      },
    });
    // One read of the due tasks per scrape serves the three waiting gauges.
    let waiting: Promise<WaitingTasks> | null = null;
    const readWaiting = () =>
      (waiting ??= store.waitingTasks(TOP_WAITING_WEBHOOKS).finally(() => setTimeout(() => (waiting = null), 100)));
    new Gauge({
      name: 'webhook_waiting_attempts',
      help: 'Due delivery tasks that no drain holds yet (waiting for an in-flight slot of their webhook or workspace), all webhooks together',
      registers: [workerRegistry],
      async collect() {
        this.set((await readWaiting()).total);
      },
    });
    new Gauge({
      name: 'webhook_waiting_attempts_by_webhook',
      help: 'Due delivery tasks waiting for an in-flight slot, for the ten webhooks with the most',
      labelNames: ['webhook_id'],
      registers: [workerRegistry],
      async collect() {
        this.reset();
        for (const h of (await readWaiting()).top) this.set({ webhook_id: h.webhookId }, h.waiting);
      },
    });
    new Gauge({
      name: 'webhook_oldest_waiting_age_seconds',
      help: 'How long the oldest waiting due task has been due, for the ten webhooks with the most waiting',
      labelNames: ['webhook_id'],
      registers: [workerRegistry],
      async collect() {
        this.reset();
        for (const h of (await readWaiting()).top) this.set({ webhook_id: h.webhookId }, h.oldestAgeSeconds);
      },
    });
  }

  recordAttempt(outcome: string, durationMs: number): void {
    this.deliveries.inc({ outcome });
    this.attemptSeconds.observe({ outcome }, durationMs / 1000);
  }
}
