import { JobName, QueueName } from '@app/common';
import { RunPeopleExportData } from '@app/common/queues/people-export-queue';
import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { PeopleExportRunner } from './people-export-runner.service';
import { LoggedWorkerHost } from '../jobs/logged-worker-host';

/** Consumes `people-export`: one run per export; a failed run is retried by BullMQ, then the export is marked failed. */
@Processor(QueueName.PeopleExport, { concurrency: 2 })
export class PeopleExportProcessor extends LoggedWorkerHost {
  private readonly logger = new Logger(PeopleExportProcessor.name);

  constructor(private readonly runner: PeopleExportRunner) {
    super();
  }

  async process(job: Job<RunPeopleExportData>): Promise<void> {
    if ((job.name as JobName) !== JobName.RunPeopleExport) return;
    const { exportId } = job.data;
    try {
      await this.runner.run(exportId);
    } catch (error) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.logger.error(
        { err: error, exportId, attempt: job.attemptsMade + 1, lastAttempt },
        'people export run failed',
      );
      // The reason is shown to API clients: the details stay in the log.
      if (lastAttempt)
        await this.runner.markFailed(exportId, `export stopped after ${job.attemptsMade + 1} failed attempts`);
      throw error;
    }
  }
}
