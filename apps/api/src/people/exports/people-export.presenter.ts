/** Rows of people_exports as the API answers them. Plain module, unit-tested. */
import { GenericJob, JobStatus, jobProgress } from '../../jobs/job-progress';

export const EXPORT_JOB_TYPE = 'people_export';

/** Columns every read of an export selects (never the CSV nor the ids). */
export const EXPORT_COLUMNS = `id, status, total, skipped, processed, failure_reason, created_at, started_at, completed_at, expired_at`;

export interface PeopleExportRow {
  id: string;
  status: JobStatus;
  total: number;
  skipped: number;
  processed: number;
  failure_reason: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  expired_at: Date | null;
}

/**
 * The export as its own routes answer it: the generic job of GET /v2/jobs/{id} (with `progress`)
 * plus the export's own members.
 */
export interface PeopleExport extends GenericJob {
  type: typeof EXPORT_JOB_TYPE;
  /** People the export takes. */
  total: number;
  /** Ids of the request the workspace had not saved (0 for a filters export). */
  skipped: number;
  /** People written so far (as `progress.processed`; kept beside `total` as email verification jobs have it). */
  processed: number;
  /** Why a `failed` export failed; null otherwise. */
  failure_reason: string | null;
  /** Where to fetch the CSV once `completed`; null before, and once the file expired. */
  download_url: string | null;
  /** When maintenance deleted the file (EXPORT_RETENTION after completion); null while it is kept. */
  expired_at: string | null;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export const downloadPath = (id: string): string => `/v2/people/exports/${id}/download`;

export function toPeopleExport(row: PeopleExportRow): PeopleExport {
  return {
    id: row.id,
    type: EXPORT_JOB_TYPE,
    status: row.status,
    total: row.total,
    skipped: row.skipped,
    processed: row.processed,
    progress: jobProgress(row.processed, row.total),
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    failure_reason: row.failure_reason,
    download_url: row.status === 'completed' && !row.expired_at ? downloadPath(row.id) : null,
    expired_at: iso(row.expired_at),
  };
}

export function toGenericExportJob(row: PeopleExportRow): GenericJob {
  return {
    id: row.id,
    type: EXPORT_JOB_TYPE,
    status: row.status,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    progress: jobProgress(row.processed, row.total),
  };
}
