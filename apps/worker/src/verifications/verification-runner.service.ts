import { countStatuses, DomainAnswer, DomainResolver, verifyAddresses, VerificationStatus } from '@app/common/email';
import { mutateReturning } from '@app/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OwnedAddresses } from './owned-addresses';
import { StoredEmailStatuses } from './stored-email-statuses';

/** null when VERIFICATION_DNS=off. */
export const DOMAIN_RESOLVER = Symbol('DOMAIN_RESOLVER');

/** Addresses verified and committed together. */
export const CHUNK_SIZE = 500;

interface Progress {
  processed: number;
  total: number;
  status: string;
}

interface Claimed extends Progress {
  workspace_id: string;
}

/**
 * Runs one verification job in chunks. Each chunk's statuses, `processed` and counts are committed
 * in one transaction guarded by the `processed` value the chunk started from, so a run that dies
 * resumes at the first unverified ordinal and two runs of the same job never count a chunk twice.
 */
@Injectable()
export class VerificationRunner {
  private readonly logger = new Logger(VerificationRunner.name);

  constructor(
    private readonly db: DataSource,
    private readonly stored: StoredEmailStatuses,
    private readonly owned: OwnedAddresses,
    @Inject(DOMAIN_RESOLVER) private readonly resolver: DomainResolver | null,
  ) {}

  /**
   * Runs the job until it is finished, or until `shouldStop` says so between chunks (worker
   * shutdown): answers 'paused' then, and the job resumes from its committed progress later.
   */
  async run(jobId: string, shouldStop: () => boolean = () => false): Promise<'finished' | 'paused'> {
    const [claimed] = await mutateReturning<Claimed>(
      this.db,
      `UPDATE email_verification_jobs SET status = 'running', started_at = coalesce(started_at, now())
       WHERE id = $1 AND status IN ('queued', 'running') RETURNING processed, total, status, workspace_id`,
      [jobId],
    );
    if (!claimed) return 'finished'; // finished, failed or deleted: nothing to do
    const domainCache = new Map<string, Promise<DomainAnswer>>();
    const workspaceId = claimed.workspace_id;
    let progress: Progress | undefined = claimed;
    while (progress && progress.status === 'running' && progress.processed < progress.total) {
      if (shouldStop()) return 'paused';
      const rows: { ordinal: number; email: string }[] = await this.db.query(
        `SELECT ordinal, email FROM email_verification_results WHERE job_id = $1 AND ordinal >= $2 ORDER BY ordinal LIMIT $3`,
        [jobId, progress.processed, CHUNK_SIZE],
      );
      // Ownership is read per chunk, when it runs: a reveal committed during the job counts from the next chunk.
      const statuses = await verifyAddresses(
        rows.map((r) => r.email),
        { ownedAddresses: (a) => this.owned.of(workspaceId, a), storedStatuses: (a) => this.stored.lookup(a), resolver: this.resolver, domainCache },
      );
      progress = (await this.commitChunk(jobId, progress.processed, rows, statuses)) ?? (await this.reload(jobId));
    }
    // A job whose last chunk was committed by a run that then died before finishing.
    await this.db.query(
      `UPDATE email_verification_jobs SET status = 'completed', completed_at = coalesce(completed_at, now())
       WHERE id = $1 AND status = 'running' AND processed >= total`,
      [jobId],
    );
    return 'finished';
  }

  /** Marks a job failed for good (its BullMQ attempts are spent). */
  async markFailed(jobId: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE email_verification_jobs SET status = 'failed', failure_reason = $2, completed_at = now()
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [jobId, reason.slice(0, 500)],
    );
  }

  /** Commits one chunk; answers the new progress, or undefined when another run got there first. */
  private async commitChunk(jobId: string, from: number, rows: { ordinal: number }[], statuses: VerificationStatus[]): Promise<Progress | undefined> {
    const counts = countStatuses(statuses);
    return this.db.transaction(async (m) => {
      const [progress] = await mutateReturning<Progress>(
        m,
        `UPDATE email_verification_jobs SET
           processed = processed + $3,
           count_valid = count_valid + $4, count_invalid = count_invalid + $5,
           count_accept_all = count_accept_all + $6, count_unknown = count_unknown + $7,
           status = CASE WHEN processed + $3 >= total THEN 'completed' ELSE status END,
           completed_at = CASE WHEN processed + $3 >= total THEN now() ELSE completed_at END
         WHERE id = $1 AND processed = $2 AND status = 'running'
         RETURNING processed, total, status`,
        [jobId, from, rows.length, counts.valid, counts.invalid, counts.accept_all, counts.unknown],
      );
      if (!progress) {
        this.logger.warn({ jobId, from }, 'another run advanced this job; continuing from its progress');
        return undefined;
      }
      await m.query(
        `UPDATE email_verification_results r SET status = u.status
         FROM unnest($2::int[], $3::text[]) AS u(ordinal, status)
         WHERE r.job_id = $1 AND r.ordinal = u.ordinal`,
        [jobId, rows.map((r) => r.ordinal), statuses],
      );
      return progress;
    });
  }

  private async reload(jobId: string): Promise<Progress | undefined> {
    const rows = await this.db.query(`SELECT processed, total, status FROM email_verification_jobs WHERE id = $1`, [jobId]);
    return rows[0];
  }
}
