/**
 * The answer of POST /v2/people/save: buckets like the company save (every item in exactly one,
 * in request order, with its `index`), plus what each saved person's email came to and
 * `metadata.credits`. Plain module so the rules are unit-tested.
 */
import type { BucketCounts, EmailBucket } from './email-buckets';
import type { PersonItem } from './selection-request';

export type MatchedBy = 'id' | 'pro_network_url' | 'filters';

/** What saving one person did, read back after the writes. */
export interface PersonSaveOutcome {
  saved_at: string;
  /** Lists this call added the person to. */
  list_ids: string[];
  /** Every live people list that now holds the person. */
  all_list_ids: string[];
  /** The bucket the person was in when the save began. */
  bucket: EmailBucket;
  /** This save charged a credit and revealed the email. */
  charged: boolean;
  /** The workspace's email for the person now (edited › revealed), null when it has none. */
  email: string | null;
}

export interface PersonSavedEntry {
  index: number;
  identifier: string;
  id: string;
  matched_by: MatchedBy;
  list_ids: string[];
  all_list_ids: string[];
  saved_at: string;
  email: { bucket: EmailBucket; charged: boolean; address: string | null };
}

export interface PeopleSaveBuckets {
  saved: PersonSavedEntry[];
  not_matched: Array<{ index: number; identifier: string; attempted: MatchedBy[] }>;
  invalid: Array<{ index: number; identifier: string | null; reason: string }>;
  /** Always empty: a people save stores every person or, failing, nothing (the request answers 500). Kept for parity with the company save. */
  failed: never[];
}

export interface PeopleSaveMetadata {
  total: number;
  saved_count: number;
  not_matched_count: number;
  invalid_count: number;
  failed_count: 0;
  /** Distinct people taken, by the bucket each was in when the save began (the preview's figures). */
  emails: BucketCounts;
  truncated: boolean;
  credits: { charged: number; balance: number };
}

const entry = (
  index: number,
  identifier: string,
  id: string,
  matchedBy: MatchedBy,
  outcome: PersonSaveOutcome,
): PersonSavedEntry => ({
  index,
  identifier,
  id,
  matched_by: matchedBy,
  list_ids: outcome.list_ids,
  all_list_ids: outcome.all_list_ids,
  saved_at: outcome.saved_at,
  email: { bucket: outcome.bucket, charged: outcome.charged, address: outcome.email },
});

/**
 * Buckets of a `data` save. `resolved[i]` is the person item i names; `outcomes` holds every
 * stored person. A repeated item lands in `saved` with its person's outcome, or where its first
 * occurrence landed.
 */
export function dataSaveBuckets(
  items: readonly PersonItem[],
  resolved: ReadonlyArray<string | null>,
  outcomes: ReadonlyMap<string, PersonSaveOutcome>,
): PeopleSaveBuckets {
  const buckets: PeopleSaveBuckets = { saved: [], not_matched: [], invalid: [], failed: [] };
  items.forEach((item, index) => {
    if (item.kind === 'invalid') {
      buckets.invalid.push({ index, identifier: item.identifier, reason: item.reason });
      return;
    }
    const matchedBy: MatchedBy = item.kind === 'id' ? 'id' : 'pro_network_url';
    const id = resolved[index];
    const outcome = id == null ? undefined : outcomes.get(id);
    if (id == null || !outcome) {
      buckets.not_matched.push({ index, identifier: item.identifier, attempted: [matchedBy] });
      return;
    }
    buckets.saved.push(entry(index, item.identifier, id, matchedBy, outcome));
  });
  return buckets;
}

/** Buckets of a filters save: every person taken is saved, identified by id, in result order. */
export function filtersSaveBuckets(
  personIds: readonly string[],
  outcomes: ReadonlyMap<string, PersonSaveOutcome>,
): PeopleSaveBuckets {
  return {
    saved: personIds.map((id, index) => entry(index, id, id, 'filters', outcomes.get(id)!)),
    not_matched: [],
    invalid: [],
    failed: [],
  };
}

export function saveMetadata(
  buckets: PeopleSaveBuckets,
  total: number,
  emails: BucketCounts,
  truncated: boolean,
  credits: { charged: number; balance: number },
): PeopleSaveMetadata {
  return {
    total,
    saved_count: buckets.saved.length,
    not_matched_count: buckets.not_matched.length,
    invalid_count: buckets.invalid.length,
    failed_count: 0,
    emails,
    truncated,
    credits,
  };
}
