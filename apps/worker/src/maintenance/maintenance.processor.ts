import { JobName, QueueName } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  deleteInBatches,
  EmailVerificationJobRepository,
  IdempotencyKeyRepository,
  PeopleExportRepository,
  TableStatisticsRepository,
} from '@app/database';
import { PrunedTable, WebhookStore } from '@app/webhooks';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { WebhookDeliveryService } from '../webhooks/webhook-delivery.service';
import { maintenanceIntervalMs } from './maintenance-interval';
import { ANALYZED_TABLES, STATISTICS_CHECK_MS, tablesToAnalyze } from './table-statistics';
import { LoggedWorkerHost } from '../jobs/logged-worker-host';

const PRUNE_BATCH = 5000;
/** Exports expired per statement: each may free a CSV of several MB. */
const EXPORT_EXPIRY_BATCH = 20;
/** Verification jobs read per query; each is then expired in its own transaction. */
const VERIFICATION_EXPIRY_BATCH = 100;
/** Idempotency keys deleted per statement. */
const IDEMPOTENCY_EXPIRY_BATCH = 5000;
/** Job schedulers live in Redis, which may lose them: they are upserted again this often. */
const RESCHEDULE_MS = 30_000;

/**
 * Repeatable housekeeping: prune delivery history, finished tasks and relayed outbox events
 * older than WEBHOOK_HISTORY_RETENTION (job `prune-deliveries`, name kept for existing schedulers) and
 * disable webhooks that have had only failures for WEBHOOK_DISABLE_AFTER even when no new
 * attempt happens; delete the files of exports older than EXPORT_RETENTION and the results of verification
 * jobs older than VERIFICATION_RETENTION, and Idempotency-Keys older than 24 hours (job `expire-job-data`); and ANALYZE the workspace tables a bulk write
 * changed a lot (job `refresh-table-statistics`, table-statistics.ts). A job scheduler runs each job once per
 * interval whichever worker replica takes it.
 */
@Processor(QueueName.Maintenance, { concurrency: 1 })
export class MaintenanceProcessor
  extends LoggedWorkerHost
  implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Maintenance');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly statistics: TableStatisticsRepository,
    private readonly webhooks: WebhookDeliveryService,
    private readonly webhookStore: WebhookStore,
    private readonly verificationJobs: EmailVerificationJobRepository,
    private readonly peopleExports: PeopleExportRepository,
    private readonly idempotencyKeys: IdempotencyKeyRepository,
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule();
    this.timer = setInterval(() => void this.schedule(), RESCHEDULE_MS);
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  private async schedule(): Promise<void> {
    const { webhookDisableAfterMs, webhookHistoryRetentionMs, exportRetentionMs, verificationRetentionMs } =
      this.config;
    const every = maintenanceIntervalMs(
      webhookDisableAfterMs,
      webhookHistoryRetentionMs,
      exportRetentionMs,
      verificationRetentionMs,
    );
    try {
      for (const name of [JobName.PruneDeliveries, JobName.DisableFailingWebhooks, JobName.ExpireJobData]) {
        await this.queue.upsertJobScheduler(
          name,
          { every },
          { name, opts: { removeOnComplete: true, removeOnFail: true } },
        );
      }
      const statistics = JobName.RefreshTableStatistics;
      await this.queue.upsertJobScheduler(
        statistics,
        { every: Math.min(every, STATISTICS_CHECK_MS) },
        { name: statistics, opts: { removeOnComplete: true, removeOnFail: true } },
      );
    } catch (error) {
      this.logger.error(`could not schedule maintenance: ${(error as Error).message}`);
    }
  }

  async process(job: Job): Promise<unknown> {
    const name = job.name as JobName;
    if (name === JobName.PruneDeliveries) return { pruned: await this.pruneHistory() };
    if (name === JobName.DisableFailingWebhooks) return { disabled: await this.webhooks.disableFailingWebhooks() };
    if (name === JobName.ExpireJobData) return await this.expireJobData();
    if (name === JobName.RefreshTableStatistics) return { analyzed: await this.refreshTableStatistics() };
    return null;
  }

  /** ANALYZE of the watched tables whose rows changed a lot since their last one; answers their names. */
  async refreshTableStatistics(): Promise<string[]> {
    const rows = await this.statistics.activity(ANALYZED_TABLES);
    const due = tablesToAnalyze(rows);
    for (const table of due) {
      const started = Date.now();
      await this.statistics.analyze(table);
      const changed = rows.find((r) => r.table === table)?.changed;
      this.logger.log(
        `analyzed ${table} (${Number(changed)} rows changed since its last ANALYZE) in ${Date.now() - started} ms`,
      );
    }
    return due;
  }

  /**
   * Deletes what finished jobs keep past their retention: export files and person ids (a few exports
   * per statement), verification results (one job per transaction, at most 10,000 rows). The rows stay.
   */
  async expireJobData(): Promise<{ exports: number; verificationJobs: number; idempotencyKeys: number }> {
    const { exportRetentionMs, verificationRetentionMs } = this.config;
    const exports = await deleteInBatches(
      () => this.peopleExports.expireFiles(exportRetentionMs, EXPORT_EXPIRY_BATCH),
      EXPORT_EXPIRY_BATCH,
    );
    let verificationJobs = 0;
    for (;;) {
      const due = await this.verificationJobs.dueForResultsExpiry(verificationRetentionMs, VERIFICATION_EXPIRY_BATCH);
      for (const id of due) {
        if (await this.verificationJobs.expireResults(id)) verificationJobs += 1;
      }
      if (due.length < VERIFICATION_EXPIRY_BATCH) break;
    }
    const idempotencyKeys = await deleteInBatches(
      () => this.idempotencyKeys.deleteExpired(IDEMPOTENCY_EXPIRY_BATCH),
      IDEMPOTENCY_EXPIRY_BATCH,
    );
    if (exports + verificationJobs + idempotencyKeys > 0) {
      this.logger.log(
        `expired ${exports} export files, the results of ${verificationJobs} verification jobs and ${idempotencyKeys} idempotency keys`,
      );
    }
    return { exports, verificationJobs, idempotencyKeys };
  }

  /**
   * Deletes delivery records, finished tasks and relayed events older than the retention, in
   * small batches, so a table is never locked for long.
   */
  async pruneHistory(): Promise<Record<PrunedTable, number>> {
    const pruned = await this.webhookStore.pruneHistory(this.config.webhookHistoryRetentionMs, PRUNE_BATCH);
    if (pruned.deliveries + pruned.tasks + pruned.events > 0) {
      this.logger.log(
        `pruned ${pruned.deliveries} delivery records, ${pruned.tasks} finished tasks, ${pruned.events} events`,
      );
    }
    return pruned;
  }
}
