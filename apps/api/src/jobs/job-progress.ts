/** The generic job view (docs/email-verification.md) and polling advice. Plain module, unit-tested. */

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface JobProgress {
  processed: number;
  total: number;
  /** Whole percent, 100 only when everything is processed. */
  percent: number;
}

/** What GET /v2/jobs/{id} answers for any job type. */
export interface GenericJob {
  id: string;
  type: string;
  status: JobStatus;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  progress: JobProgress;
}

export function jobProgress(processed: number, total: number): JobProgress {
  const percent = total > 0 ? Math.floor((processed * 100) / total) : 100;
  return { processed, total, percent };
}

export const isActive = (status: JobStatus): boolean => status === 'queued' || status === 'running';

const MIN_WAIT_S = 1;
const MAX_WAIT_S = 5;
const QUEUED_WAIT_S = 2;

/**
 * Seconds a poller should wait before asking again (the `Retry-After` header), or null once the job
 * is finished: the estimated time left at the rate seen so far, kept within 1-5 s.
 */
export function retryAfterSeconds(
  job: { status: JobStatus; processed: number; total: number; started_at: Date | string | null },
  now = Date.now(),
): number | null {
  if (!isActive(job.status)) return null;
  if (job.status === 'queued' || job.processed <= 0 || !job.started_at) return QUEUED_WAIT_S;
  const elapsedS = Math.max((now - new Date(job.started_at).getTime()) / 1000, 0.001);
  const leftS = ((job.total - job.processed) * elapsedS) / job.processed;
  return Math.min(MAX_WAIT_S, Math.max(MIN_WAIT_S, Math.ceil(leftS)));
}
