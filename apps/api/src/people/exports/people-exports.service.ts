import { ApiError, AuthContext, enqueueAfterCommit, goneError, newJobId, notFoundError, QueueName } from '@app/common';
import { enqueuePeopleExport } from '@app/common/queues/people-export-queue';
import { InjectQueue } from '@nestjs/bullmq';
import { APP_CONFIG, AppConfig } from '@app/config';
import { PeopleExportRepository } from '@app/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PeopleSearchEngine } from '@app/search';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { GenericJob, retryAfterSeconds } from '../../jobs/job-progress';
import { checkQuota, enforceQuota, EXPORTS_QUOTA, QuotaSetting } from '../../quotas/workspace-quota';
import { toSearchApiError } from '../search-errors';
import { ExportBody, parseExportRequest } from './export-request';
import { PeopleExport, toGenericExportJob, toPeopleExport } from './people-export.presenter';

export interface ExportFile {
  filename: string;
  csv: string;
}

@Injectable()
export class PeopleExportsService {
  private readonly logger = new Logger(PeopleExportsService.name);

  constructor(
    private readonly db: DataSource,
    private readonly exports: PeopleExportRepository,
    private readonly engine: PeopleSearchEngine,
    @InjectQueue(QueueName.PeopleExport) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Resolves the saved people now, stores them in order in a queued export and hands it to the worker.
   * Over the workspace's EXPORTS_PER_DAY: 429 RATE_LIMIT, nothing created.
   */
  async create(auth: AuthContext, body: ExportBody): Promise<PeopleExport> {
    const request = parseExportRequest(body);
    const quota: QuotaSetting = { limit: this.config.exportsPerDay, windowMs: this.config.quotaWindowMs };
    // Refused before the selection, which may be a search over 25,000 people; the insert checks again under the lock.
    await checkQuota(this.db, EXPORTS_QUOTA, quota, auth.workspaceId, 1);
    let personIds: string[];
    let skipped = 0;
    if (request.kind === 'ids') {
      personIds = await this.exports.savedInOrder(auth.workspaceId, request.ids);
      skipped = request.ids.length - personIds.length;
    } else {
      const picked = await this.engine
        .select(request.filters, {
          workspaceId: auth.workspaceId,
          limit: request.limit,
          excludeIds: request.excludeIds,
          ordered: true,
        })
        .catch((error) => {
          throw toSearchApiError(error);
        });
      personIds = picked.ids;
    }
    const row = await this.exports.create({ id: newJobId(), workspaceId: auth.workspaceId, personIds, skipped }, (m) =>
      enforceQuota(m, EXPORTS_QUOTA, quota, auth.workspaceId, 1),
    );
    // The export is committed: if Redis is away now, the answer is still given and the worker's sweeper enqueues it later.
    await enqueueAfterCommit(
      () => enqueuePeopleExport(this.queue, row.id),
      this.config.redisCommandTimeoutMs,
      this.logger,
      { exportId: row.id },
    );
    return toPeopleExport(row);
  }

  async get(workspaceId: string, id: string): Promise<PeopleExport> {
    const row = await this.exports.findInWorkspace(workspaceId, id);
    if (!row) throw notFoundError('people export');
    return toPeopleExport(row);
  }

  /**
   * The CSV of a completed export; 409 NOT_READY (with Retry-After while it may still finish) before;
   * 410 GONE once maintenance deleted it (EXPORT_RETENTION).
   */
  async download(workspaceId: string, id: string): Promise<ExportFile> {
    const row = await this.exports.findWithFile(workspaceId, id);
    if (!row) throw notFoundError('people export');
    if (row.status === 'completed' && row.expiredAt) {
      const expiredAt = new Date(row.expiredAt).toISOString();
      throw goneError(
        `the export's file was deleted at ${expiredAt}, after the retention period; ask for a new export`,
        { expired_at: expiredAt },
      );
    }
    if (row.status !== 'completed' || row.csv === null) {
      const wait = retryAfterSeconds({
        status: row.status,
        processed: row.processed,
        total: row.total,
        started_at: row.startedAt,
      });
      const message =
        row.status === 'failed'
          ? `the export failed and has no file: ${row.failureReason ?? 'unknown reason'}`
          : `the export is ${row.status}; download it once completed`;
      throw new ApiError(
        409,
        'NOT_READY',
        message,
        { status: row.status },
        wait === null ? {} : { 'Retry-After': String(wait) },
      );
    }
    return { filename: `people-export-${row.id}.csv`, csv: row.csv };
  }

  /** The export in the generic shape of GET /v2/jobs/{id}, or null. */
  async readGeneric(workspaceId: string, id: string): Promise<GenericJob | null> {
    const row = await this.exports.findInWorkspace(workspaceId, id);
    return row ? toGenericExportJob(row) : null;
  }
}
