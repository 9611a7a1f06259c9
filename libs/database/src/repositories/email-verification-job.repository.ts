import { Injectable } from '@nestjs/common';
import { And, DataSource, EntityManager, LessThan, MoreThanOrEqual } from 'typeorm';
import { EmailVerificationJob, JobRowStatus } from '../entities/email-verification-job.entity';
import { EmailVerificationResult, EmailVerificationStatus } from '../entities/email-verification-result.entity';
import { mutateReturning } from '../sql';
import { DELETE_VERIFICATION_RESULTS, DUE_VERIFICATION_JOBS, STAMP_VERIFICATION_JOB } from './job-retention';

/** Where a job stands: what a run reads before and after each chunk. */
export interface VerificationProgress {
  processed: number;
  total: number;
  status: JobRowStatus;
}

/** A job a run has claimed (set running). */
export interface ClaimedVerificationJob extends VerificationProgress {
  workspaceId: string;
}

/** One address of a chunk, by its place in the job's input. */
export interface PendingAddress {
  ordinal: number;
  email: string;
}

/** The statuses of one chunk's addresses, counted, with the ordinals they belong to. */
export interface VerifiedChunk {
  ordinals: number[];
  statuses: EmailVerificationStatus[];
  counts: Record<EmailVerificationStatus, number>;
}

/** A status the dataset import stored in `person_emails` for a lower-cased address. */
export interface StoredStatusRow {
  address: string;
  status: string;
}

interface ProgressRow {
  processed: number;
  total: number;
  status: JobRowStatus;
}

const toProgress = (row: ProgressRow): VerificationProgress => ({
  processed: row.processed,
  total: row.total,
  status: row.status,
});

/**
 * Email verification jobs and their per-address results (docs/email-verification.md): the API's
 * creation and reads, the worker's claims and chunk commits, the sweeper's and maintenance's reads.
 */
@Injectable()
export class EmailVerificationJobRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Creates a queued job with one result row per address (in input order), in one transaction that
   * first runs `before` (the workspace's quota check, which may throw and so create nothing).
   */
  async create(
    job: { id: string; workspaceId: string; addresses: string[] },
    before: (manager: EntityManager) => Promise<void>,
  ): Promise<EmailVerificationJob> {
    return this.db.transaction(async (m) => {
      await before(m);
      const jobs = m.getRepository(EmailVerificationJob);
      await jobs.insert({ id: job.id, workspaceId: job.workspaceId, total: job.addresses.length });
      await m.query(
        `INSERT INTO email_verification_results (job_id, ordinal, email)
         SELECT $1, t.ordinal - 1, t.email FROM unnest($2::text[]) WITH ORDINALITY AS t(email, ordinal)`,
        [job.id, job.addresses],
      );
      return jobs.findOneByOrFail({ id: job.id });
    });
  }

  /** The workspace's job, or null (another workspace's job is not found either). */
  async findInWorkspace(workspaceId: string, id: string): Promise<EmailVerificationJob | null> {
    return this.db.getRepository(EmailVerificationJob).findOneBy({ id, workspaceId });
  }

  /** A page of the workspace's jobs, newest first, and how many it has. */
  async listInWorkspace(
    workspaceId: string,
    page: { limit: number; offset: number },
  ): Promise<[EmailVerificationJob[], number]> {
    const jobs = this.db.getRepository(EmailVerificationJob);
    return Promise.all([
      jobs.find({
        where: { workspaceId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: page.limit,
        skip: page.offset,
      }),
      jobs.countBy({ workspaceId }),
    ]);
  }

  /** The results of ordinals `from` (inclusive) to `to` (exclusive), in input order. */
  async results(
    jobId: string,
    from: number,
    to: number,
  ): Promise<{ email: string; status: EmailVerificationStatus | null }[]> {
    if (to <= from) return [];
    const rows = await this.db.getRepository(EmailVerificationResult).find({
      select: { email: true, status: true },
      where: { jobId, ordinal: And(MoreThanOrEqual(from), LessThan(to)) },
      order: { ordinal: 'ASC' },
    });
    return rows.map((r) => ({ email: r.email, status: r.status }));
  }

  /** Ids of queued and running jobs, oldest first: what the worker's sweeper enqueues again. */
  async activeIds(limit: number): Promise<string[]> {
    const rows = await this.db.query(
      `SELECT id FROM email_verification_jobs WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return (rows as { id: string }[]).map((r) => r.id);
  }

  /** Sets a queued or running job running; null when it is finished, failed or gone. */
  async claim(jobId: string): Promise<ClaimedVerificationJob | null> {
    const [row] = await mutateReturning<ProgressRow & { workspace_id: string }>(
      this.db,
      `UPDATE email_verification_jobs SET status = 'running', started_at = coalesce(started_at, now())
       WHERE id = $1 AND status IN ('queued', 'running') RETURNING processed, total, status, workspace_id`,
      [jobId],
    );
    return row ? { ...toProgress(row), workspaceId: row.workspace_id } : null;
  }

  /** The next `limit` addresses from ordinal `from` on. */
  async pendingAddresses(jobId: string, from: number, limit: number): Promise<PendingAddress[]> {
    const rows = await this.db.getRepository(EmailVerificationResult).find({
      select: { ordinal: true, email: true },
      where: { jobId, ordinal: MoreThanOrEqual(from) },
      order: { ordinal: 'ASC' },
      take: limit,
    });
    return rows.map((r) => ({ ordinal: r.ordinal, email: r.email }));
  }

  /**
   * Commits one chunk's statuses, `processed` and counts in one transaction, guarded by the
   * `processed` value the chunk started from; answers the new progress, or null when another run
   * advanced the job first (nothing is written then).
   */
  async commitChunk(jobId: string, from: number, chunk: VerifiedChunk): Promise<VerificationProgress | null> {
    const { counts } = chunk;
    return this.db.transaction(async (m) => {
      const [row] = await mutateReturning<ProgressRow>(
        m,
        `UPDATE email_verification_jobs SET
           processed = processed + $3,
           count_valid = count_valid + $4, count_invalid = count_invalid + $5,
           count_accept_all = count_accept_all + $6, count_unknown = count_unknown + $7,
           status = CASE WHEN processed + $3 >= total THEN 'completed' ELSE status END,
           completed_at = CASE WHEN processed + $3 >= total THEN now() ELSE completed_at END
         WHERE id = $1 AND processed = $2 AND status = 'running'
         RETURNING processed, total, status`,
        [jobId, from, chunk.ordinals.length, counts.valid, counts.invalid, counts.accept_all, counts.unknown],
      );
      if (!row) return null;
      await m.query(
        `UPDATE email_verification_results r SET status = u.status
         FROM unnest($2::int[], $3::text[]) AS u(ordinal, status)
         WHERE r.job_id = $1 AND r.ordinal = u.ordinal`,
        [jobId, chunk.ordinals, chunk.statuses],
      );
      return toProgress(row);
    });
  }

  /** The job's progress, or null when it is gone. */
  async progress(jobId: string): Promise<VerificationProgress | null> {
    const row = await this.db
      .getRepository(EmailVerificationJob)
      .findOne({ select: { processed: true, total: true, status: true }, where: { id: jobId } });
    return row ? toProgress(row) : null;
  }

  /** Completes a running job whose every address is verified (its last chunk's run died before finishing). */
  async completeIfDone(jobId: string): Promise<void> {
    await this.db.query(
      `UPDATE email_verification_jobs SET status = 'completed', completed_at = coalesce(completed_at, now())
       WHERE id = $1 AND status = 'running' AND processed >= total`,
      [jobId],
    );
  }

  /** Marks a queued or running job failed for good; the reason is cut to 500 characters. */
  async markFailed(jobId: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE email_verification_jobs SET status = 'failed', failure_reason = $2, completed_at = now()
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [jobId, reason.slice(0, 500)],
    );
  }

  /**
   * Which of the lower-cased `addresses` the workspace owns: the emails its saves revealed to it
   * (`saved_people.revealed_email`), matched without case; one probe of
   * `saved_people_revealed_address_idx` per address.
   */
  async ownedAddresses(workspaceId: string, addresses: string[]): Promise<Set<string>> {
    const rows: { address: string }[] = await this.db.query(
      `SELECT DISTINCT lower(revealed_email) AS address FROM saved_people
        WHERE workspace_id = $1 AND lower(revealed_email) = ANY($2::text[]) AND revealed_email IS NOT NULL`,
      [workspaceId, addresses],
    );
    return new Set(rows.map((r) => r.address));
  }

  /** Every status `person_emails` stores for the lower-cased `addresses` (an address may appear on several people). */
  async storedStatuses(addresses: string[]): Promise<StoredStatusRow[]> {
    const rows: StoredStatusRow[] = await this.db.query(
      `SELECT lower(address) AS address, status FROM person_emails WHERE lower(address) = ANY($1::text[])`,
      [addresses],
    );
    return rows.map((r) => ({ address: r.address, status: r.status }));
  }

  /** Finished jobs whose results are older than `retentionMs` and not yet deleted, oldest first. */
  async dueForResultsExpiry(retentionMs: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(DUE_VERIFICATION_JOBS, [retentionMs, limit]);
    return rows.map((r) => r.id);
  }

  /** Stamps the job and deletes its results in one transaction; false when another run did it first. */
  async expireResults(jobId: string): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const [row] = await mutateReturning(m, STAMP_VERIFICATION_JOB, [jobId]);
      if (row) await m.query(DELETE_VERIFICATION_RESULTS, [jobId]);
      return !!row;
    });
  }
}
