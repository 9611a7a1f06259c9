import { countStatuses, DomainAnswer, DomainResolver, verifyAddresses, VerificationStatus } from '@app/common/email';
import { EmailVerificationJobRepository, VerificationProgress } from '@app/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { OwnedAddresses } from './owned-addresses';
import { StoredEmailStatuses } from './stored-email-statuses';

/** null when VERIFICATION_DNS=off. */
export const DOMAIN_RESOLVER = Symbol('DOMAIN_RESOLVER');

/** Addresses verified and committed together. */
export const CHUNK_SIZE = 500;

/**
 * Runs one verification job in chunks. Each chunk's statuses, `processed` and counts are committed
 * in one transaction guarded by the `processed` value the chunk started from, so a run that dies
 * resumes at the first unverified ordinal and two runs of the same job never count a chunk twice.
 */
@Injectable()
export class VerificationRunner {
  private readonly logger = new Logger(VerificationRunner.name);

  constructor(
    private readonly jobs: EmailVerificationJobRepository,
    private readonly stored: StoredEmailStatuses,
    private readonly owned: OwnedAddresses,
    @Inject(DOMAIN_RESOLVER) private readonly resolver: DomainResolver | null,
  ) {}

  /**
   * Runs the job until it is finished, or until `shouldStop` says so between chunks (worker
   * shutdown): answers 'paused' then, and the job resumes from its committed progress later.
   */
  async run(jobId: string, shouldStop: () => boolean = () => false): Promise<'finished' | 'paused'> {
    const claimed = await this.jobs.claim(jobId);
    if (!claimed) return 'finished'; // finished, failed or deleted: nothing to do
    const domainCache = new Map<string, Promise<DomainAnswer>>();
    const workspaceId = claimed.workspaceId;
    let progress: VerificationProgress | null = claimed;
    while (progress && progress.status === 'running' && progress.processed < progress.total) {
      if (shouldStop()) return 'paused';
      const rows = await this.jobs.pendingAddresses(jobId, progress.processed, CHUNK_SIZE);
      // Ownership is read per chunk, when it runs: a reveal committed during the job counts from the next chunk.
      const statuses = await verifyAddresses(
        rows.map((r) => r.email),
        {
          ownedAddresses: (a) => this.owned.of(workspaceId, a),
          storedStatuses: (a) => this.stored.lookup(a),
          resolver: this.resolver,
          domainCache,
        },
      );
      progress =
        (await this.commitChunk(jobId, progress.processed, rows, statuses)) ?? (await this.jobs.progress(jobId));
    }
    // A job whose last chunk was committed by a run that then died before finishing.
    await this.jobs.completeIfDone(jobId);
    return 'finished';
  }

  /** Marks a job failed for good (its BullMQ attempts are spent). */
  async markFailed(jobId: string, reason: string): Promise<void> {
    await this.jobs.markFailed(jobId, reason);
  }

  /** Commits one chunk; answers the new progress, or null when another run got there first. */
  private async commitChunk(
    jobId: string,
    from: number,
    rows: { ordinal: number }[],
    statuses: VerificationStatus[],
  ): Promise<VerificationProgress | null> {
    const progress = await this.jobs.commitChunk(jobId, from, {
      ordinals: rows.map((r) => r.ordinal),
      statuses,
      counts: countStatuses(statuses),
    });
    if (!progress) this.logger.warn({ jobId, from }, 'another run advanced this job; continuing from its progress');
    return progress;
  }
}
