import { QueueName } from '@app/common';
import { enqueuePeopleExport } from '@app/common/queues/people-export-queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';

const SWEEP_EVERY_MS = 30_000;
const SWEEP_BATCH = 1000;

/**
 * The database is the record of which exports still have to run: at start and every 30 s, every
 * queued or running export whose BullMQ entry is gone (or finished without finishing the export)
 * is enqueued again under the same BullMQ id, so duplicates collapse.
 */
@Injectable()
export class PeopleExportSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PeopleExportSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    @InjectQueue(QueueName.PeopleExport) private readonly queue: Queue,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweepQuietly();
    this.timer = setInterval(() => void this.sweepQuietly(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Answers how many exports were enqueued again. */
  async sweep(): Promise<number> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM people_exports WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT $1`,
      [SWEEP_BATCH],
    );
    let requeued = 0;
    for (const { id } of rows) {
      const state = await this.queue.getJobState(id);
      if (state === 'completed' || state === 'failed') await (await this.queue.getJob(id))?.remove();
      else if (state !== 'unknown') continue;
      await enqueuePeopleExport(this.queue, id);
      requeued += 1;
    }
    if (requeued > 0) this.logger.log({ requeued }, 'people exports enqueued again');
    return requeued;
  }

  private async sweepQuietly(): Promise<void> {
    await this.sweep().catch((error) => this.logger.warn({ err: error }, 'people export sweep failed'));
  }
}
