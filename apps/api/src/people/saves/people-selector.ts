import { SearchTimeoutError } from '@app/search';
import { Injectable } from '@nestjs/common';
import { PeopleSearchService } from '../people-search.service';
import { toSearchApiError } from '../search-errors';
import { BucketCounts, EMAIL_BUCKET_SQL, EmailBucket, emptyBucketCounts } from './email-buckets';
import { DataSelection, FiltersSelection, PersonItem } from './selection-request';

/** Anything with TypeORM's `query` shape: the search pool's reader or a transaction's manager. */
export interface Reader {
  query<T = any>(text: string, values?: unknown[]): Promise<T>;
}

export interface FiltersPick {
  /** The people taken, in result order. */
  personIds: string[];
  truncated: boolean;
}

/** Each person's bucket for the workspace, and the stored email a charge would reveal. */
export interface Classified {
  bucket: EmailBucket;
  bestEmail: string | null;
}

/**
 * Turns a preview or save body into people and counts them into email buckets, the same way for
 * both: the preview's figures are the save's, to the credit.
 */
@Injectable()
export class PeopleSelector {
  constructor(private readonly searches: PeopleSearchService) {}

  /** The person each `data` item names, or null: one statement for ids, one for URLs. */
  async resolve(db: Reader, selection: DataSelection): Promise<Array<string | null>> {
    return this.resolveItems(db, selection.items);
  }

  /** The people a filters selection takes: the first `limit` in result order, as the save takes them. */
  async pick(workspaceId: string, selection: FiltersSelection): Promise<FiltersPick> {
    const picked = await this.engine()
      .select(selection.filters, { workspaceId, limit: selection.limit, excludeIds: selection.excludeIds, ordered: true })
      .catch((error) => {
        throw toSearchApiError(error);
      });
    return { personIds: picked.ids, truncated: picked.truncated };
  }

  /**
   * Bucket counts of a filters selection without bringing its people to Node: the selection runs
   * unordered inside one counting statement (which people match does not depend on their order).
   * Only when more match than `limit` does the order decide who is taken; then the first `limit`
   * in result order are picked and counted.
   */
  async countSelection(db: Reader, workspaceId: string, selection: FiltersSelection): Promise<{ requested: number; emails: BucketCounts; truncated: boolean }> {
    const { statement } = await this.engine()
      .selectionStatement(selection.filters, { workspaceId, limit: selection.limit, excludeIds: selection.excludeIds, ordered: false })
      .catch((error) => {
        throw toSearchApiError(error);
      });
    const ws = `$${statement.values.length + 1}`;
    const rows: Array<{ bucket: EmailBucket; n: string }> = await this.guard(() =>
      db.query(
        `WITH selection AS (${statement.text})
         SELECT ${EMAIL_BUCKET_SQL} AS bucket, count(*) AS n
           FROM selection s JOIN people p ON p.id = s.id
           LEFT JOIN saved_people sp ON sp.workspace_id = ${ws} AND sp.person_id = s.id
          GROUP BY 1`,
        [...statement.values, workspaceId],
      ),
    );
    const emails = toCounts(rows);
    const matched = Object.values(emails).reduce((a, b) => a + b, 0);
    if (matched <= selection.limit) return { requested: matched, emails, truncated: false };
    const picked = await this.pick(workspaceId, selection);
    return { requested: picked.personIds.length, emails: await this.countBuckets(db, workspaceId, picked.personIds), truncated: true };
  }

  async countBuckets(db: Reader, workspaceId: string, personIds: readonly string[]): Promise<BucketCounts> {
    if (personIds.length === 0) return emptyBucketCounts();
    const rows: Array<{ bucket: EmailBucket; n: string }> = await db.query(
      `SELECT ${EMAIL_BUCKET_SQL} AS bucket, count(*) AS n
         FROM unnest($2::char(24)[]) AS s(id) JOIN people p ON p.id = s.id
         LEFT JOIN saved_people sp ON sp.workspace_id = $1 AND sp.person_id = s.id
        GROUP BY 1`,
      [workspaceId, personIds],
    );
    return toCounts(rows);
  }

  /** Each person's bucket; inside a save, after the workspace row is locked, so nothing moves meanwhile. */
  async classify(db: Reader, workspaceId: string, personIds: readonly string[]): Promise<Map<string, Classified>> {
    if (personIds.length === 0) return new Map();
    const rows: Array<{ id: string; bucket: EmailBucket; best_email: string | null }> = await db.query(
      `SELECT s.id, ${EMAIL_BUCKET_SQL} AS bucket, p.best_email
         FROM unnest($2::char(24)[]) AS s(id) JOIN people p ON p.id = s.id
         LEFT JOIN saved_people sp ON sp.workspace_id = $1 AND sp.person_id = s.id`,
      [workspaceId, personIds],
    );
    return new Map(rows.map((r) => [r.id, { bucket: r.bucket, bestEmail: r.best_email }]));
  }

  private async resolveItems(db: Reader, items: readonly PersonItem[]): Promise<Array<string | null>> {
    const ids = [...new Set(items.flatMap((i) => (i.kind === 'id' ? [i.id] : [])))];
    const keys = [...new Set(items.flatMap((i) => (i.kind === 'url' ? [i.key] : [])))];
    const [known, byKey] = await Promise.all([
      ids.length === 0 ? new Set<string>() : db.query<Array<{ id: string }>>(`SELECT id FROM people WHERE id = ANY($1::char(24)[])`, [ids]).then((rows) => new Set(rows.map((r) => r.id))),
      keys.length === 0
        ? new Map<string, string>()
        : db
            .query<Array<{ key: string; id: string }>>(`SELECT pro_network_key AS key, min(id) AS id FROM people WHERE pro_network_key = ANY($1::text[]) GROUP BY 1`, [keys])
            .then((rows) => new Map(rows.map((r) => [r.key, r.id]))),
    ]);
    return items.map((item) => {
      if (item.kind === 'id') return known.has(item.id) ? item.id : null;
      if (item.kind === 'url') return byKey.get(item.key) ?? null;
      return null;
    });
  }

  private engine() {
    return this.searches.engine;
  }

  /** A statement cancelled at the search pool's time limit answers like a search that ran too long. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    return work().catch((error) => {
      throw toSearchApiError((error as { code?: string }).code === '57014' ? new SearchTimeoutError('the selection ran past its time limit') : error);
    });
  }
}

function toCounts(rows: ReadonlyArray<{ bucket: EmailBucket; n: string }>): BucketCounts {
  const counts = emptyBucketCounts();
  for (const row of rows) counts[row.bucket] = Number(row.n);
  return counts;
}
