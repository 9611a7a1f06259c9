import type { JobsOptions, Queue } from 'bullmq';
import { JobName } from '../queues/queue-names';

export interface RunVerificationData {
  jobId: string;
}

/** Attempts of one BullMQ run before the job is marked failed; each attempt resumes where the last stopped. */
export const VERIFICATION_ATTEMPTS = 5;

/**
 * Enqueues a verification job's run. The BullMQ job id is the verification job id, so the API's
 * enqueue and the sweeper's re-enqueue of the same job collapse into one.
 */
export function enqueueVerification(queue: Queue, jobId: string): Promise<unknown> {
  const options: JobsOptions = {
    jobId,
    attempts: VERIFICATION_ATTEMPTS,
    backoff: { type: 'exponential', delay: 1000 },
    // The database holds the outcome; finished BullMQ entries would only block a later re-enqueue.
    removeOnComplete: true,
    removeOnFail: true,
  };
  return queue.add(JobName.RunVerification, { jobId } satisfies RunVerificationData, options);
}
