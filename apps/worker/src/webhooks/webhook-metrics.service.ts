import { QueueName } from '@app/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';
import { DataSource } from 'typeorm';
import { workerRegistry } from '../metrics/metrics-registry';

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

  constructor(dataSource: DataSource, @InjectQueue(QueueName.WebhookDelivery) queue: Queue) {
    new Gauge({
      name: 'webhook_outbox_lag_seconds',
      help: 'Age of the oldest event not yet relayed to the delivery queue (0 when none waits)',
      registers: [workerRegistry],
      async collect() {
        const [row] = await dataSource.query(`SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS lag FROM events WHERE relayed_at IS NULL`);
        this.set(Math.max(0, Number(row?.lag ?? 0)));
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
  }

  recordAttempt(outcome: string, durationMs: number): void {
    this.deliveries.inc({ outcome });
    this.attemptSeconds.observe({ outcome }, durationMs / 1000);
  }
}
