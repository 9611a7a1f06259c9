/**
 * The answer of POST /v2/companies/save (docs/company-save.md): every item in exactly one bucket, in
 * request order. Plain module so the bucket rules are unit-tested.
 */
import { Identifier, LookupKey, SaveItem } from './save-items';

/** What saving one company did: from the database, after its writes. */
export interface CompanySaveOutcome {
  saved_at: string;
  /** Lists this call added the company to. */
  list_ids: string[];
  /** Every live list that now holds the company. */
  all_list_ids: string[];
}

/** Every entry carries `index`: the item's position in the request's `data`. */
export interface SavedEntry {
  index: number;
  identifier: Identifier;
  id: string;
  matched_by: LookupKey;
  list_ids: string[];
  all_list_ids: string[];
  saved_at: string;
}
export interface NotMatchedEntry {
  index: number;
  identifier: Identifier;
  attempted: LookupKey[];
}
export interface InvalidEntry {
  index: number;
  identifier: Identifier;
  reason: string;
  skipped: string[];
}
export interface FailedEntry {
  index: number;
  identifier: Identifier;
  id: string;
  reason: string;
  retryable: true;
}

export interface SaveBuckets {
  saved: SavedEntry[];
  not_matched: NotMatchedEntry[];
  invalid: InvalidEntry[];
  failed: FailedEntry[];
}

export interface SaveMetadata {
  total: number;
  saved_count: number;
  not_matched_count: number;
  invalid_count: number;
  failed_count: number;
  credits: null;
}

export const FAILED_REASON = 'the company could not be stored; nothing of it changed; retry this item';

/**
 * Sorts items into buckets. `resolved[i]` is the company id item i names (null: none, or not a
 * lookup item); `outcomes` holds each stored company, and a resolved id missing from it failed.
 * Duplicate items naming one company all land in `saved` with the same outcome.
 */
export function toSaveAnswer(
  items: readonly SaveItem[],
  resolved: ReadonlyArray<string | null>,
  outcomes: ReadonlyMap<string, CompanySaveOutcome>,
): { data: SaveBuckets; metadata: SaveMetadata } {
  const data: SaveBuckets = { saved: [], not_matched: [], invalid: [], failed: [] };
  items.forEach((item, index) => {
    if (item.kind === 'invalid') {
      data.invalid.push({ index, identifier: item.identifier, reason: item.reason, skipped: item.skipped });
      return;
    }
    const id = resolved[index];
    if (id == null) {
      data.not_matched.push({ index, identifier: item.identifier, attempted: [item.by] });
      return;
    }
    const outcome = outcomes.get(id);
    if (!outcome) {
      data.failed.push({ index, identifier: item.identifier, id, reason: FAILED_REASON, retryable: true });
      return;
    }
    data.saved.push({
      index,
      identifier: item.identifier,
      id,
      matched_by: item.by,
      list_ids: outcome.list_ids,
      all_list_ids: outcome.all_list_ids,
      saved_at: outcome.saved_at,
    });
  });
  const metadata: SaveMetadata = {
    total: items.length,
    saved_count: data.saved.length,
    not_matched_count: data.not_matched.length,
    invalid_count: data.invalid.length,
    failed_count: data.failed.length,
    credits: null,
  };
  return { data, metadata };
}
