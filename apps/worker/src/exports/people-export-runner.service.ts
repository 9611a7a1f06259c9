import { loadPersonRecords, mutateReturning, noteWorkspaceWrite } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { csvHeader, personLines } from './people-csv';

/** People loaded, written and counted in `processed` together. */
export const EXPORT_CHUNK_SIZE = 1000;

interface Claimed {
  workspace_id: string;
  person_ids: string[];
}

/**
 * Runs one people export: builds the CSV in chunks through the one Person serializer (with the
 * workspace's `saved` block), then stores it, completes the export and records its people in
 * `exported_people` in one transaction. A completed (or failed) export is never run again; a run
 * that dies before completing starts over on retry (the CSV lives in memory until it is stored).
 */
@Injectable()
export class PeopleExportRunner {
  constructor(private readonly db: DataSource) {}

  async run(exportId: string): Promise<void> {
    const [claimed] = await mutateReturning<Claimed>(
      this.db,
      `UPDATE people_exports SET status = 'running', started_at = coalesce(started_at, now()), processed = 0
       WHERE id = $1 AND status IN ('queued', 'running') RETURNING workspace_id, person_ids`,
      [exportId],
    );
    if (!claimed) return; // completed, failed or deleted: nothing to do
    const ids = claimed.person_ids.map((id) => id.trim());
    const exported: string[] = [];
    let csv = csvHeader();
    for (let from = 0; from < ids.length; from += EXPORT_CHUNK_SIZE) {
      const chunk = ids.slice(from, from + EXPORT_CHUNK_SIZE);
      // People gone from the data set since the export was asked for are left out.
      const people = await loadPersonRecords(this.db, claimed.workspace_id, chunk, { savedBlock: true });
      csv += personLines(people);
      exported.push(...people.map((p) => p.id));
      await this.db.query(`UPDATE people_exports SET processed = $2 WHERE id = $1 AND status = 'running'`, [exportId, from + chunk.length]);
    }
    const recorded = await this.db.transaction(async (m) => {
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
        [claimed.workspace_id, [...new Set(exported)].sort()],
      );
      return true;
    });
    // Searches with exclude_exported must see these people as exported at once (docs/replicas.md).
    if (recorded) await noteWorkspaceWrite(claimed.workspace_id);
  }

  /** Marks an export failed for good (its BullMQ attempts are spent). */
  async markFailed(exportId: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE people_exports SET status = 'failed', failure_reason = $2, completed_at = now()
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [exportId, reason.slice(0, 500)],
    );
  }
}
