import { JobName, QueueName } from '@app/common';
import { RunVerificationData } from '@app/common/email';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { VerificationRunner } from './verification-runner.service';

/**
 * Consumes `email-verification`. A short lock lets another worker take over a job within seconds
 * when the one running it is killed; the runner resumes from the committed progress.
 */
@Processor(QueueName.EmailVerification, { concurrency: 4, lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 10 })
export class VerificationProcessor extends WorkerHost {
  private readonly logger = new Logger(VerificationProcessor.name);

  constructor(private readonly runner: VerificationRunner) {
    super();
  }

  async process(job: Job<RunVerificationData>): Promise<void> {
    if (job.name !== JobName.RunVerification) return;
    const { jobId } = job.data;
    try {
      await this.runner.run(jobId);
    } catch (error) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.logger.error({ err: error, jobId, attempt: job.attemptsMade + 1, lastAttempt }, 'verification run failed');
      if (lastAttempt) await this.runner.markFailed(jobId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}
