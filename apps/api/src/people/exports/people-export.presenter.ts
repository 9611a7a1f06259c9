/** Rows of people_exports as the API answers them. Plain module, unit-tested. */
import type { PeopleExport as PeopleExportEntity } from '@app/database';
import { GenericJob, jobProgress } from '../../jobs/job-progress';

export const EXPORT_JOB_TYPE = 'people_export';

/** What the API answers of an export: every column but the workspace, the CSV and the ids. */
export type PeopleExportRow = Omit<PeopleExportEntity, 'workspaceId' | 'workspace' | 'csv' | 'personIds'>;

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
    created_at: iso(row.createdAt)!,
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    failure_reason: row.failureReason,
    download_url: row.status === 'completed' && !row.expiredAt ? downloadPath(row.id) : null,
    expired_at: iso(row.expiredAt),
  };
}

export function toGenericExportJob(row: PeopleExportRow): GenericJob {
  return {
    id: row.id,
    type: EXPORT_JOB_TYPE,
    status: row.status,
    created_at: iso(row.createdAt)!,
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    progress: jobProgress(row.processed, row.total),
  };
}
