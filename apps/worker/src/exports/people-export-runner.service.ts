import { loadPersonRecords, noteWorkspaceWrite, PeopleExportRepository } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { csvHeader, personLines } from './people-csv';

/** People loaded, written and counted in `processed` together. */
export const EXPORT_CHUNK_SIZE = 1000;

/**
 * Runs one people export: builds the CSV in chunks through the one Person serializer (with the
 * workspace's `saved` block), then stores it, completes the export and records its people in
 * `exported_people` in one transaction. A completed (or failed) export is never run again; a run
 * that dies before completing starts over on retry (the CSV lives in memory until it is stored).
 */
@Injectable()
export class PeopleExportRunner {
  constructor(
    private readonly db: DataSource,
    private readonly exports: PeopleExportRepository,
  ) {}

  async run(exportId: string): Promise<void> {
    const claimed = await this.exports.claim(exportId);
    if (!claimed) return; // completed, failed or deleted: nothing to do
    const ids = claimed.personIds;
    const exported: string[] = [];
    let csv = csvHeader();
    for (let from = 0; from < ids.length; from += EXPORT_CHUNK_SIZE) {
      const chunk = ids.slice(from, from + EXPORT_CHUNK_SIZE);
      // People gone from the data set since the export was asked for are left out.
      const people = await loadPersonRecords(this.db, claimed.workspaceId, chunk, { savedBlock: true });
      csv += personLines(people);
      exported.push(...people.map((p) => p.id));
      await this.exports.setProcessed(exportId, from + chunk.length);
    }
    const recorded = await this.exports.complete(exportId, csv, claimed.workspaceId, exported);
    // Searches with exclude_exported must see these people as exported at once (docs/replicas.md).
    if (recorded) await noteWorkspaceWrite(claimed.workspaceId);
  }

  /** Marks an export failed for good (its BullMQ attempts are spent). */
  async markFailed(exportId: string, reason: string): Promise<void> {
    await this.exports.markFailed(exportId, reason);
  }
}
