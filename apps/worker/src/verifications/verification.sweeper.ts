import { QueueName } from '@app/common';
import { enqueueVerification } from '@app/common/email';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';

const SWEEP_EVERY_MS = 30_000;
const SWEEP_BATCH = 1000;

/**
 * Redis is volatile: the database is the record of which jobs still have to run. At start and
 * every 30 s, every queued or running job whose BullMQ entry is gone (or finished without
 * finishing the job) is enqueued again under the same BullMQ id, so duplicates collapse.
 */
@Injectable()
export class VerificationSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(VerificationSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    @InjectQueue(QueueName.EmailVerification) private readonly queue: Queue,
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
      `SELECT id FROM email_verification_jobs WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT $1`,
      [SWEEP_BATCH],
    );
    let requeued = 0;
    for (const { id } of rows) {
      const state = await this.queue.getJobState(id);
      if (state === 'completed' || state === 'failed') await (await this.queue.getJob(id))?.remove();
      else if (state !== 'unknown') continue;
      await enqueueVerification(this.queue, id);
      requeued += 1;
    }
    if (requeued > 0) this.logger.log({ requeued }, 'verification jobs enqueued again');
    return requeued;
  }

  private async sweepQuietly(): Promise<void> {
    await this.sweep().catch((error) => this.logger.warn({ err: error }, 'verification sweep failed'));
  }
}
