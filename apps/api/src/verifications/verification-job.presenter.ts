/** Rows of email_verification_jobs as the API answers them. Plain module, unit-tested. */
import { GenericJob, JobStatus, jobProgress } from '../jobs/job-progress';

export const JOB_TYPE = 'email_verification';

/** Columns every read of a job selects. */
export const JOB_COLUMNS = `id, status, total, processed, count_valid, count_invalid, count_accept_all, count_unknown,
  failure_reason, created_at, started_at, completed_at, results_expired_at`;

export interface VerificationJobRow {
  id: string;
  status: JobStatus;
  total: number;
  processed: number;
  count_valid: number;
  count_invalid: number;
  count_accept_all: number;
  count_unknown: number;
  failure_reason: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  results_expired_at: Date | null;
}

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
    counts: { valid: row.count_valid, invalid: row.count_invalid, accept_all: row.count_accept_all, unknown: row.count_unknown },
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    failure_reason: row.failure_reason,
    results_expired_at: iso(row.results_expired_at),
  };
}

export function toGenericJob(row: VerificationJobRow): GenericJob {
  return {
    id: row.id,
    type: JOB_TYPE,
    status: row.status,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    progress: jobProgress(row.processed, row.total),
  };
}
