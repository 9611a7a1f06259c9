import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { PeopleExport } from '../entities/people-export.entity';
import { lockSearchSets } from '../people/search-sets-lock';
import { mutateReturning } from '../sql';
import { expireExportsStatement } from './job-retention';

/** An export a run has claimed (set running): whose it is and the people it takes, in order. */
export interface ClaimedPeopleExport {
  workspaceId: string;
  personIds: string[];
}

/** The export with its file: the CSV only once completed (null before, and once expired). */
export type PeopleExportWithFile = PeopleExport & { csv: string | null };

/**
 * People exports and the record of who was exported (`exported_people`, read by
 * `duplicates.exclude_exported`): the API's creation and reads, the worker's runs, the sweeper's
 * and maintenance's reads (docs/people-export.md).
 */
@Injectable()
export class PeopleExportRepository {
  constructor(private readonly db: DataSource) {}

  /** The `ids` the workspace has saved, in the order given (trimmed: person ids are char(24)). */
  async savedInOrder(workspaceId: string, ids: string[]): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT s.id FROM unnest($2::char(24)[]) WITH ORDINALITY AS s(id, n)
        WHERE EXISTS (SELECT 1 FROM saved_people p WHERE p.workspace_id = $1 AND p.person_id = s.id)
        ORDER BY s.n`,
      [workspaceId, ids],
    );
    return rows.map((r) => r.id.trim());
  }

  /**
   * Creates a queued export of `personIds` (in order) in one transaction that first runs `before`
   * (the workspace's quota check, which may throw and so create nothing).
   */
  async create(
    row: { id: string; workspaceId: string; personIds: string[]; skipped: number },
    before: (manager: EntityManager) => Promise<void>,
  ): Promise<PeopleExport> {
    return this.db.transaction(async (m) => {
      await before(m);
      const exports = m.getRepository(PeopleExport);
      await exports.insert({
        id: row.id,
        workspaceId: row.workspaceId,
        personIds: row.personIds,
        total: row.personIds.length,
        skipped: row.skipped,
      });
      return exports.findOneByOrFail({ id: row.id });
    });
  }

  /** The workspace's export (never its CSV nor its ids), or null (another workspace's export is not found either). */
  async findInWorkspace(workspaceId: string, id: string): Promise<PeopleExport | null> {
    return this.db.getRepository(PeopleExport).findOneBy({ id, workspaceId });
  }

  /** The workspace's export with its file, or null. */
  async findWithFile(workspaceId: string, id: string): Promise<PeopleExportWithFile | null> {
    const row = await this.db
      .getRepository(PeopleExport)
      .createQueryBuilder('e')
      .addSelect('e.csv')
      .where('e.id = :id AND e.workspaceId = :workspaceId', { id, workspaceId })
      .getOne();
    if (!row) return null;
    return Object.assign(row, { csv: row.status === 'completed' ? (row.csv ?? null) : null });
  }

  /** Ids of queued and running exports, oldest first: what the worker's sweeper enqueues again. */
  async activeIds(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM people_exports WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /** Sets a queued or running export running from the start; null when it is finished, failed or gone. */
  async claim(exportId: string): Promise<ClaimedPeopleExport | null> {
    const [row] = await mutateReturning<{ workspace_id: string; person_ids: string[] }>(
      this.db,
      `UPDATE people_exports SET status = 'running', started_at = coalesce(started_at, now()), processed = 0
       WHERE id = $1 AND status IN ('queued', 'running') RETURNING workspace_id, person_ids`,
      [exportId],
    );
    return row ? { workspaceId: row.workspace_id, personIds: row.person_ids.map((id) => id.trim()) } : null;
  }

  /** Records how many people a running export has written. */
  async setProcessed(exportId: string, processed: number): Promise<void> {
    await this.db.query(`UPDATE people_exports SET processed = $2 WHERE id = $1 AND status = 'running'`, [
      exportId,
      processed,
    ]);
  }

  /**
   * Stores the CSV, completes the export and records its people in `exported_people`, in one
   * transaction. False when it recorded nobody: another run completed it first, or it found no one.
   */
  async complete(exportId: string, csv: string, workspaceId: string, exported: string[]): Promise<boolean> {
    return this.db.transaction(async (m) => {
      await lockSearchSets(m, workspaceId);
      const [done] = await mutateReturning<{ id: string }>(
        m,
        `UPDATE people_exports SET csv = $2, status = 'completed', processed = total, completed_at = now()
         WHERE id = $1 AND status = 'running' RETURNING id`,
        [exportId, csv],
      );
      if (!done || exported.length === 0) return false; // another run completed it first, or nobody to record
      await m.query(
        `INSERT INTO exported_people (workspace_id, person_id, exported_at)
         SELECT $1, p.id, now() FROM unnest($2::char(24)[]) AS p(id)
         ON CONFLICT (workspace_id, person_id) DO UPDATE SET exported_at = now()`,
        [workspaceId, [...new Set(exported)].sort()],
      );
      return true;
    });
  }

  /** Marks a queued or running export failed for good; the reason is cut to 500 characters. */
  async markFailed(exportId: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE people_exports SET status = 'failed', failure_reason = $2, completed_at = now()
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [exportId, reason.slice(0, 500)],
    );
  }

  /** Deletes the files and ids of at most `limit` finished exports older than `retentionMs`; answers how many. */
  async expireFiles(retentionMs: number, limit: number): Promise<number> {
    return (await mutateReturning(this.db.manager, expireExportsStatement(limit), [retentionMs])).length;
  }
}
