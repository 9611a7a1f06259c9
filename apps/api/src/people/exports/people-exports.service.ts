import { ApiError, AuthContext, enqueueAfterCommit, goneError, newJobId, notFoundError, QueueName } from '@app/common';
import { enqueuePeopleExport } from '@app/common/queues/people-export-queue';
import { InjectQueue } from '@nestjs/bullmq';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PeopleSearchEngine } from '@app/search';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { GenericJob, retryAfterSeconds } from '../../jobs/job-progress';
import { checkQuota, enforceQuota, EXPORTS_QUOTA, QuotaSetting } from '../../quotas/workspace-quota';
import { toSearchApiError } from '../search-errors';
import { ExportBody, parseExportRequest } from './export-request';
import { EXPORT_COLUMNS, PeopleExport, PeopleExportRow, toGenericExportJob, toPeopleExport } from './people-export.presenter';

export interface ExportFile {
  filename: string;
  csv: string;
}

@Injectable()
export class PeopleExportsService {
  private readonly logger = new Logger(PeopleExportsService.name);

  constructor(
    private readonly db: DataSource,
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
      const rows: { id: string }[] = await this.db.query(
        `SELECT s.id FROM unnest($2::char(24)[]) WITH ORDINALITY AS s(id, n)
          WHERE EXISTS (SELECT 1 FROM saved_people p WHERE p.workspace_id = $1 AND p.person_id = s.id)
          ORDER BY s.n`,
        [auth.workspaceId, request.ids],
      );
      personIds = rows.map((r) => r.id.trim());
      skipped = request.ids.length - personIds.length;
    } else {
      const picked = await this.engine
        .select(request.filters, { workspaceId: auth.workspaceId, limit: request.limit, excludeIds: request.excludeIds, ordered: true })
        .catch((error) => {
          throw toSearchApiError(error);
        });
      personIds = picked.ids;
    }
    const row = await this.db.transaction(async (m) => {
      await enforceQuota(m, EXPORTS_QUOTA, quota, auth.workspaceId, 1);
      const [inserted]: PeopleExportRow[] = await m.query(
        `INSERT INTO people_exports (id, workspace_id, person_ids, total, skipped) VALUES ($1, $2, $3::char(24)[], $4, $5) RETURNING ${EXPORT_COLUMNS}`,
        [newJobId(), auth.workspaceId, personIds, personIds.length, skipped],
      );
      return inserted;
    });
    // The export is committed: if Redis is away now, the answer is still given and the worker's sweeper enqueues it later.
    await enqueueAfterCommit(() => enqueuePeopleExport(this.queue, row.id), this.config.redisCommandTimeoutMs, this.logger, { exportId: row.id });
    return toPeopleExport(row);
  }

  async get(workspaceId: string, id: string): Promise<PeopleExport> {
    const row = await this.findRow(workspaceId, id);
    if (!row) throw notFoundError('people export');
    return toPeopleExport(row);
  }

  /**
   * The CSV of a completed export; 409 NOT_READY (with Retry-After while it may still finish) before;
   * 410 GONE once maintenance deleted it (EXPORT_RETENTION).
   */
  async download(workspaceId: string, id: string): Promise<ExportFile> {
    const rows: Array<PeopleExportRow & { csv: string | null }> = await this.db.query(
      `SELECT ${EXPORT_COLUMNS}, CASE WHEN status = 'completed' THEN csv END AS csv FROM people_exports WHERE id = $1 AND workspace_id = $2`,
      [id, workspaceId],
    );
    const row = rows[0];
    if (!row) throw notFoundError('people export');
    if (row.status === 'completed' && row.expired_at) {
      const expiredAt = new Date(row.expired_at).toISOString();
      throw goneError(`the export's file was deleted at ${expiredAt}, after the retention period; ask for a new export`, { expired_at: expiredAt });
    }
    if (row.status !== 'completed' || row.csv === null) {
      const wait = retryAfterSeconds(row);
      const message = row.status === 'failed' ? `the export failed and has no file: ${row.failure_reason ?? 'unknown reason'}` : `the export is ${row.status}; download it once completed`;
      throw new ApiError(409, 'NOT_READY', message, { status: row.status }, wait === null ? {} : { 'Retry-After': String(wait) });
    }
    return { filename: `people-export-${row.id}.csv`, csv: row.csv };
  }

  /** The export in the generic shape of GET /v2/jobs/{id}, or null. */
  async readGeneric(workspaceId: string, id: string): Promise<GenericJob | null> {
    const row = await this.findRow(workspaceId, id);
    return row ? toGenericExportJob(row) : null;
  }

  private async findRow(workspaceId: string, id: string): Promise<PeopleExportRow | null> {
    const rows = await this.db.query(`SELECT ${EXPORT_COLUMNS} FROM people_exports WHERE id = $1 AND workspace_id = $2`, [id, workspaceId]);
    return rows[0] ?? null;
  }
}
