import {
  AuthContext,
  enqueueAfterCommit,
  listAnswer,
  newJobId,
  notFoundError,
  PageRequest,
  paginationOf,
  QueueName,
  received,
  validationError,
  WithMetadata,
} from '@app/common';
import { enqueueVerification, normaliseBatch } from '@app/common/email';
import { InjectQueue } from '@nestjs/bullmq';
import { APP_CONFIG, AppConfig } from '@app/config';
import { EmailVerificationJobRepository } from '@app/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { GenericJob } from '../jobs/job-progress';
import { MAX_EMAIL_LENGTH } from '../people/person-email';
import { enforceQuota, VERIFICATION_ADDRESSES_QUOTA } from '../quotas/workspace-quota';
import { RESULTS_PER_PAGE } from './dto/verification-query.dto';
import { toGenericJob, toVerificationJob, VerificationJob } from './verification-job.presenter';

export interface VerificationResult {
  email: string;
  /** null only before the address's chunk is verified: the API lists verified ordinals only. */
  status: string | null;
}

@Injectable()
export class VerificationsService {
  private readonly logger = new Logger(VerificationsService.name);

  constructor(
    private readonly jobs: EmailVerificationJobRepository,
    @InjectQueue(QueueName.EmailVerification) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Creates a queued job for the normalised, de-duplicated addresses and hands it to the worker.
   * Over the workspace's VERIFICATION_ADDRESSES_PER_DAY (distinct addresses, counted in the same
   * transaction under the workspace's quota lock): 429 RATE_LIMIT, nothing created.
   */
  async create(auth: AuthContext, emails: unknown[]): Promise<WithMetadata<VerificationJob>> {
    emails.forEach((item, i) => {
      if (typeof item !== 'string')
        throw validationError(`emails[${i}]`, 'invalid_value', `emails[${i}] must be a string`, received(item));
      // RFC 5321's longest address; anything longer is no address and only costs storage and work.
      if (item.trim().length > MAX_EMAIL_LENGTH) {
        throw validationError(
          `emails[${i}]`,
          'out_of_range',
          `emails[${i}] must be at most ${MAX_EMAIL_LENGTH} characters`,
          { received_type: 'string' },
        );
      }
    });
    const { addresses, duplicates } = normaliseBatch(emails as string[]);
    const id = newJobId();
    const quota = { limit: this.config.verificationAddressesPerDay, windowMs: this.config.quotaWindowMs };
    const row = await this.jobs.create({ id, workspaceId: auth.workspaceId, addresses }, (m) =>
      enforceQuota(m, VERIFICATION_ADDRESSES_QUOTA, quota, auth.workspaceId, addresses.length),
    );
    // The job is committed: if Redis is away now, the answer is still given and the worker's sweeper
    // enqueues the job later; failing here would make a retrying client create the job twice.
    await enqueueAfterCommit(
      () => enqueueVerification(this.queue, id),
      this.config.redisCommandTimeoutMs,
      this.logger,
      { jobId: id },
    );
    return new WithMetadata(toVerificationJob(row), { received: emails.length, duplicates });
  }

  /** One job of the workspace with a page of its verified results (in input order). */
  async get(
    workspaceId: string,
    id: string,
    page: number,
  ): Promise<WithMetadata<VerificationJob & { results: VerificationResult[] }>> {
    const row = await this.jobs.findInWorkspace(workspaceId, id);
    if (!row) throw notFoundError('email verification job');
    const from = (page - 1) * RESULTS_PER_PAGE;
    // Once expired the results are gone (or going: maintenance deletes them in the transaction that stamps the job).
    const listed = row.resultsExpiredAt ? 0 : row.processed;
    // Only ordinals below `processed` are verified; they were committed together with `processed`.
    const results: VerificationResult[] =
      listed === 0 ? [] : await this.jobs.results(id, from, Math.min(listed, from + RESULTS_PER_PAGE));
    return new WithMetadata(
      { ...toVerificationJob(row), results },
      { pagination: paginationOf({ page, perPage: RESULTS_PER_PAGE }, listed) },
    );
  }

  /** The workspace's jobs, newest first, without results. */
  async list(workspaceId: string, page: PageRequest): Promise<WithMetadata<VerificationJob[]>> {
    const [rows, count] = await this.jobs.listInWorkspace(workspaceId, { limit: page.perPage, offset: page.offset });
    return listAnswer(rows.map(toVerificationJob), page, count);
  }

  /** The job in the generic shape of GET /v2/jobs/{id}, or null. */
  async readGeneric(workspaceId: string, id: string): Promise<GenericJob | null> {
    const row = await this.jobs.findInWorkspace(workspaceId, id);
    return row ? toGenericJob(row) : null;
  }
}
