/**
 * Every BullMQ queue and job name in one place. Renaming one strands the jobs already queued
 * under the old name: drain the queue first.
 */
export enum QueueName {
  WebhookDelivery = 'webhook-delivery',
  EmailVerification = 'email-verification',
  Maintenance = 'maintenance',
  PeopleExport = 'people-export',
}

export enum JobName {
  /** A job of the dispatcher from before drains (one attempt each): read as a drain of its webhook. */
  DeliverWebhook = 'deliver-webhook',
  DrainWebhook = 'drain-webhook',
  RunVerification = 'run-verification',
  PruneDeliveries = 'prune-deliveries',
  DisableFailingWebhooks = 'disable-failing-webhooks',
  ExpireJobData = 'expire-job-data',
  RefreshTableStatistics = 'refresh-table-statistics',
  SweepOutbox = 'sweep-outbox',
  SweepDeliveries = 'sweep-deliveries',
  SweepVerifications = 'sweep-verifications',
  RunPeopleExport = 'run-people-export',
}

/**
 * BullMQ key prefix, so several deployments can share one Redis. A hash tag: on a Redis Cluster every key of
 * every queue hashes to the one slot of `pws`, as BullMQ's scripts touch several keys of a queue together
 * (docs/operations.md#redis-cluster). The same on a single Redis, so both run one key layout.
 */
export const QUEUE_PREFIX = '{pws}';
