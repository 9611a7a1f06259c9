import {
  countIdBuckets,
  countSelectionBuckets,
  countWholeListBuckets,
  Reader,
  readIdsByProNetworkKey,
  readOwnedSaves,
  readValidEmails,
} from '@app/database';
import { PeopleSearchEngine, SearchTimeoutError, Statement } from '@app/search';
import { Injectable } from '@nestjs/common';
import { toSearchApiError } from '../search-errors';
import { BucketCounts, EmailBucket, emptyBucketCounts } from './email-buckets';
import { DataSelection, FiltersSelection } from './selection-request';

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

/** `data` items looked up: the person each item names (null: nobody), and the distinct people's bucket counts. */
export interface ResolvedItems {
  resolved: Array<string | null>;
  emails: BucketCounts;
}

/**
 * Turns a preview or save body into people and counts them into email buckets, the same way for
 * both: the preview's figures are the save's, to the credit.
 */
@Injectable()
export class PeopleSelector {
  constructor(private readonly engine: PeopleSearchEngine) {}

  /**
   * Looks every `data` item up for a preview: the URLs (at most 50) in one statement, then the
   * named ids in another that answers only which are unknown and how the known ones count by bucket.
   */
  async resolve(db: Reader, workspaceId: string, selection: DataSelection): Promise<ResolvedItems> {
    const named = await this.namedIds(db, selection);
    const { unknown, emails } = await this.countIds(db, workspaceId, distinct(named));
    return { resolved: named.map((id) => (id !== null && !unknown.has(id) ? id : null)), emails };
  }

  /** For a save: the person each `data` item names (null: nobody), and each person's stored valid email. */
  async resolveForSave(
    db: Reader,
    selection: DataSelection,
  ): Promise<{ resolved: Array<string | null>; validEmails: Map<string, string | null> }> {
    const named = await this.namedIds(db, selection);
    const validEmails = await this.validEmails(db, distinct(named));
    return { resolved: named.map((id) => (id !== null && validEmails.has(id) ? id : null)), validEmails };
  }

  /**
   * Each known person's stored valid email (null when none), read before a save's transaction: only
   * a data load changes it, whereas what the workspace owns is read again after the lock.
   */
  async validEmails(db: Reader, ids: readonly string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    return this.guard(() => readValidEmails(db, ids));
  }

  /** The person each item names before checking it exists: ids as given, URLs looked up. */
  private async namedIds(db: Reader, selection: DataSelection): Promise<Array<string | null>> {
    const keys = [...new Set(selection.items.flatMap((i) => (i.kind === 'url' ? [i.key] : [])))];
    const byKey = keys.length === 0 ? new Map<string, string>() : await readIdsByProNetworkKey(db, keys);
    return selection.items.map((item) =>
      item.kind === 'id' ? item.id : item.kind === 'url' ? (byKey.get(item.key) ?? null) : null,
    );
  }

  /** The people a filters selection takes: the first `limit` in result order, as the save takes them. */
  async pick(workspaceId: string, selection: FiltersSelection): Promise<FiltersPick> {
    const picked = await this.engine
      .select(selection.filters, {
        workspaceId,
        limit: selection.limit,
        excludeIds: selection.excludeIds,
        ordered: true,
      })
      .catch((error) => {
        throw toSearchApiError(error);
      });
    return { personIds: picked.ids, truncated: picked.truncated };
  }

  /**
   * Bucket counts of a filters selection, without bringing its people to Node. A whole list (or
   * all of a workspace's saves) is counted where it lives, by index. Any other selection runs
   * unordered up to `limit + 1` people (who matches does not depend on order) and is counted by
   * bucket in the same statement when no more than `limit` match. Otherwise order decides who is
   * taken: the selection's own `ORDER BY … LIMIT` picks the first `limit`, as the save picks them.
   */
  async countSelection(
    db: Reader,
    workspaceId: string,
    selection: FiltersSelection,
  ): Promise<{ requested: number; emails: BucketCounts; truncated: boolean }> {
    if (selection.wholeList) {
      const whole = await this.countWholeList(db, workspaceId, selection);
      if (whole.total <= selection.limit) return { requested: whole.total, emails: whole.emails, truncated: false };
    }
    const unordered = await this.countBuckets(
      db,
      workspaceId,
      await this.selectionOf(workspaceId, selection, false),
      selection.limit,
    );
    if (unordered.total <= selection.limit)
      return { requested: unordered.total, emails: unordered.emails, truncated: false };
    const taken = await this.countBuckets(db, workspaceId, await this.selectionOf(workspaceId, selection, true));
    return { requested: taken.total, emails: taken.emails, truncated: true };
  }

  /** Unordered: up to `limit + 1` people of the selection (one more tells of truncation). Ordered: exactly the first `limit`. */
  private async selectionOf(workspaceId: string, selection: FiltersSelection, ordered: boolean): Promise<Statement> {
    // selectionStatement's LIMIT is its `limit` + 1.
    const limit = ordered ? selection.limit - 1 : selection.limit;
    const { statement } = await this.engine
      .selectionStatement(selection.filters, { workspaceId, limit, excludeIds: selection.excludeIds, ordered })
      .catch((error) => {
        throw toSearchApiError(error);
      });
    return statement;
  }

  /**
   * The statement's people: how many, and by bucket. With `upTo`, the buckets are counted only
   * when there are at most that many (a one-time filter in the plan skips the joins otherwise).
   */
  private async countBuckets(
    db: Reader,
    workspaceId: string,
    selection: Statement,
    upTo?: number,
  ): Promise<{ total: number; emails: BucketCounts }> {
    return this.guard(() => countSelectionBuckets(db, workspaceId, selection, upTo));
  }

  /**
   * Each person's bucket; inside a save, after the workspace row is locked, so what the workspace
   * owns cannot move meanwhile. Only the owned saves are read here (a small partial index); the
   * valid emails come from `validEmails`.
   */
  async classify(
    db: Reader,
    workspaceId: string,
    personIds: readonly string[],
    validEmails: ReadonlyMap<string, string | null>,
  ): Promise<Map<string, Classified>> {
    // true: the workspace edited the email; false: it revealed it.
    const owned = personIds.length > 0 ? await readOwnedSaves(db, workspaceId, personIds) : new Map<string, boolean>();
    return new Map(
      personIds.map((id) => {
        const email = validEmails.get(id) ?? null;
        return [
          id,
          { bucket: ownedBucket(owned.get(id)) ?? (email !== null ? 'to_charge' : 'without_email'), bestEmail: email },
        ] as const;
      }),
    );
  }

  /** Which of the ids name nobody in the data set, and how the others count by bucket. */
  private async countIds(
    db: Reader,
    workspaceId: string,
    ids: readonly string[],
  ): Promise<{ unknown: Set<string>; emails: BucketCounts }> {
    if (ids.length === 0) return { unknown: new Set<string>(), emails: emptyBucketCounts() };
    return this.guard(() => countIdBuckets(db, workspaceId, ids));
  }

  /**
   * The whole-list shapes, counted from the list's members or the workspace's saves. The engine
   * still checks the filters first: a list that is not a live people list of the workspace answers
   * 400 as in a search.
   */
  private async countWholeList(
    db: Reader,
    workspaceId: string,
    selection: FiltersSelection,
  ): Promise<{ total: number; emails: BucketCounts }> {
    const { filters } = await this.engine
      .selectionStatement(selection.filters, { workspaceId, limit: selection.limit })
      .catch((error) => {
        throw toSearchApiError(error);
      });
    return this.guard(() => countWholeListBuckets(db, workspaceId, filters.lists!));
  }

  /** A statement cancelled at the search pool's time limit answers like a search that ran too long. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    return work().catch((error) => {
      throw toSearchApiError(
        (error as { code?: string }).code === '57014'
          ? new SearchTimeoutError('the selection ran past its time limit')
          : error,
      );
    });
  }
}

const distinct = (ids: ReadonlyArray<string | null>): string[] => [
  ...new Set(ids.filter((id): id is string => id !== null)),
];

const ownedBucket = (edited: boolean | undefined): EmailBucket | undefined =>
  edited === undefined ? undefined : edited ? 'edited' : 'already_owned';
