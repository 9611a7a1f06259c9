/** Rows of email_verification_jobs as the API answers them. Plain module, unit-tested. */
import type { EmailVerificationJob } from '@app/database';
import { GenericJob, JobStatus, jobProgress } from '../jobs/job-progress';

export const JOB_TYPE = 'email_verification';

/** What the API answers of a job: every column but the workspace. */
export type VerificationJobRow = Omit<EmailVerificationJob, 'workspaceId' | 'workspace'>;

export interface VerificationJob {
  id: string;
  type: typeof JOB_TYPE;
  status: JobStatus;
  total: number;
  processed: number;
  counts: { valid: number; invalid: number; accept_all: number; unknown: number };
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** Why a `failed` job failed; null otherwise. */
  failure_reason: string | null;
  /** When maintenance deleted the per-address results (VERIFICATION_RETENTION after the job ended); null while kept. */
  results_expired_at: string | null;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function toVerificationJob(row: VerificationJobRow): VerificationJob {
  return {
    id: row.id,
    type: JOB_TYPE,
    status: row.status,
    total: row.total,
    processed: row.processed,
    counts: {
      valid: row.countValid,
      invalid: row.countInvalid,
      accept_all: row.countAcceptAll,
      unknown: row.countUnknown,
    },
    created_at: iso(row.createdAt)!,
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    failure_reason: row.failureReason,
    results_expired_at: iso(row.resultsExpiredAt),
  };
}

export function toGenericJob(row: VerificationJobRow): GenericJob {
  return {
    id: row.id,
    type: JOB_TYPE,
    status: row.status,
    created_at: iso(row.createdAt)!,
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    progress: jobProgress(row.processed, row.total),
  };
}
