import { JobName, QueueName } from '@app/common';
import { RunVerificationData } from '@app/common/email';
import { Processor } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { VerificationRunner } from './verification-runner.service';
import { LoggedWorkerHost } from '../jobs/logged-worker-host';

/**
 * Consumes `email-verification`. A short lock lets another worker take over a job within seconds
 * when the one running it is killed; the runner resumes from the committed progress.
 */
@Processor(QueueName.EmailVerification, {
  concurrency: 4,
  lockDuration: 10_000,
  stalledInterval: 5_000,
  maxStalledCount: 10,
})
export class VerificationProcessor extends LoggedWorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger(VerificationProcessor.name);
  private stopping = false;

  constructor(private readonly runner: VerificationRunner) {
    super();
  }

  /** On SIGTERM, runs stop after their current chunk instead of holding the shutdown for a whole job. */
  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  async process(job: Job<RunVerificationData>, token?: string): Promise<void> {
    if ((job.name as JobName) !== JobName.RunVerification) return;
    const { jobId } = job.data;
    let outcome: 'finished' | 'paused';
    try {
      outcome = await this.runner.run(jobId, () => this.stopping);
    } catch (error) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.logger.error({ err: error, jobId, attempt: job.attemptsMade + 1, lastAttempt }, 'verification run failed');
      // The reason is shown to API clients: the details stay in the log.
      if (lastAttempt)
        await this.runner.markFailed(jobId, `verification stopped after ${job.attemptsMade + 1} failed attempts`);
      throw error;
    }
    if (outcome === 'paused' && token) {
      // Back in the queue at once, without spending an attempt: another worker (or this one's
      // successor) resumes from the committed progress.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
  }
}
