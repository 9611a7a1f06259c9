import { QueueName } from '@app/common';
import { WebhookStore } from '@app/webhooks';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';
import { workerRegistry } from '../metrics/metrics-registry';
import { InFlightLimiter } from './in-flight-limiter';
import { summarizeWaiting } from './waiting-summary';

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

  constructor(webhooks: WebhookStore, @InjectQueue(QueueName.WebhookDelivery) queue: Queue, limiter: InFlightLimiter) {
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
      help: 'Delivery jobs in the queue by state',
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
        this.set(await webhooks.oldestDueTaskAgeSeconds());
      },
    });
    // One read of the limiter per scrape serves the three waiting gauges.
    let waiting: Promise<ReturnType<typeof summarizeWaiting>> | null = null;
    const readWaiting = () =>
      (waiting ??= limiter
        .waitingWebhooks()
        .then((hooks) => summarizeWaiting(hooks, Date.now()))
        .finally(() => setTimeout(() => (waiting = null), 100)));
    new Gauge({
      name: 'webhook_waiting_attempts',
      help: 'Delivery attempts waiting for an in-flight slot of their webhook or workspace, all webhooks together',
      registers: [workerRegistry],
      async collect() {
        this.set((await readWaiting()).total);
      },
    });
    new Gauge({
      name: 'webhook_waiting_attempts_by_webhook',
      help: 'Attempts waiting for an in-flight slot, for the ten webhooks with the most',
      labelNames: ['webhook_id'],
      registers: [workerRegistry],
      async collect() {
        this.reset();
        for (const h of (await readWaiting()).top) this.set({ webhook_id: h.webhookId }, h.waiting);
      },
    });
    new Gauge({
      name: 'webhook_oldest_waiting_age_seconds',
      help: 'Age of the oldest attempt waiting for an in-flight slot, for the ten webhooks with the most waiting',
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
