import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';

const SWEEP_EVERY_MS = 30_000;
const SWEEP_BATCH = 1000;

export interface SweptJobs {
  /** The table whose rows are the jobs (`id`, `status`, `created_at`). */
  table: 'email_verification_jobs' | 'people_exports';
  /** Enqueues one job under its row's id as the BullMQ job id. */
  enqueue(queue: Queue, id: string): Promise<unknown>;
  /** How the log names them. */
  what: string;
}

/**
 * Redis is volatile: the database is the record of which jobs still have to run. At start and
 * every 30 s, every queued or running row whose BullMQ entry is gone (or finished without
 * finishing the job) is enqueued again under the same BullMQ id, so duplicates collapse. Each
 * job feature (email verification, people export) has one, naming its table and queue.
 */
export abstract class JobRowSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;

  protected constructor(
    private readonly db: DataSource,
    private readonly queue: Queue,
    private readonly jobs: SweptJobs,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweepQuietly();
    this.timer = setInterval(() => void this.sweepQuietly(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Answers how many jobs were enqueued again. */
  async sweep(): Promise<number> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM ${this.jobs.table} WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT $1`,
      [SWEEP_BATCH],
    );
    let requeued = 0;
    for (const { id } of rows) {
      const state = await this.queue.getJobState(id);
      if (state === 'completed' || state === 'failed') await (await this.queue.getJob(id))?.remove();
      else if (state !== 'unknown') continue;
      await this.jobs.enqueue(this.queue, id);
      requeued += 1;
    }
    if (requeued > 0) this.logger.log({ requeued }, `${this.jobs.what} enqueued again`);
    return requeued;
  }

  private async sweepQuietly(): Promise<void> {
    await this.sweep().catch((error) => this.logger.warn({ err: error }, `${this.jobs.what} sweep failed`));
  }
}
