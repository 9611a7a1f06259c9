/**
 * What maintenance deletes of finished jobs once they are older than their retention ($1, in ms,
 * counted from `completed_at`): a people export's CSV and stored person ids (EXPORT_RETENTION) and an
 * email verification job's per-address results (VERIFICATION_RETENTION). The rows stay, stamped
 * (`expired_at`, `results_expired_at`), so the API still answers them with their status and counts.
 * Queued and running jobs never expire. Plain module: unit-testable.
 */
const CUTOFF = `now() - make_interval(secs => $1::float8 / 1000)`;

/** Exports whose file is due, at most `limit` per statement (a CSV is up to a few MB of TOAST). */
export function expireExportsStatement(limit: number): string {
  return `UPDATE people_exports SET csv = NULL, person_ids = NULL, expired_at = now()
           WHERE id = ANY (ARRAY(
                   SELECT id FROM people_exports
                    WHERE expired_at IS NULL AND status IN ('completed', 'failed') AND completed_at < ${CUTOFF}
                    ORDER BY completed_at LIMIT ${limit}))
             AND expired_at IS NULL
          RETURNING 1`;
}

/** Verification jobs whose results are due, oldest first, at most `$2`. */
export const DUE_VERIFICATION_JOBS = `SELECT id FROM email_verification_jobs
  WHERE results_expired_at IS NULL AND status IN ('completed', 'failed') AND completed_at < ${CUTOFF}
  ORDER BY completed_at LIMIT $2`;

/**
 * One job per transaction: the stamp and the deletion of its results (at most 10,000 rows, the
 * largest job) commit together, so a reader sees either every result or the stamp, never a part,
 * and a run that dies leaves nothing half done.
 */
export const STAMP_VERIFICATION_JOB = `UPDATE email_verification_jobs SET results_expired_at = now() WHERE id = $1 AND results_expired_at IS NULL RETURNING 1`;
export const DELETE_VERIFICATION_RESULTS = `DELETE FROM email_verification_results WHERE job_id = $1`;
