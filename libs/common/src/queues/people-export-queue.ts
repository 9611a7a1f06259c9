import type { JobsOptions, Queue } from 'bullmq';
import { JobName } from './queue-names';

export interface RunPeopleExportData {
  exportId: string;
}

/** Attempts of one BullMQ run before the export is marked failed; a completed export is never redone. */
export const PEOPLE_EXPORT_ATTEMPTS = 3;

/**
 * Enqueues a people export's run. The BullMQ job id is the export id, so the API's enqueue and the
 * sweeper's re-enqueue of the same export collapse into one.
 */
export function enqueuePeopleExport(queue: Queue, exportId: string): Promise<unknown> {
  const options: JobsOptions = {
    jobId: exportId,
    attempts: PEOPLE_EXPORT_ATTEMPTS,
    backoff: { type: 'exponential', delay: 1000 },
    // The database holds the outcome; finished BullMQ entries would only block a later re-enqueue.
    removeOnComplete: true,
    removeOnFail: true,
  };
  return queue.add(JobName.RunPeopleExport, { exportId } satisfies RunPeopleExportData, options);
}
