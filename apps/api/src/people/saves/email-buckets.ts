/**
 * How the credit preview and the people save count people (docs/people-saves.md#counting). Both call
 * these, so a preview predicts its save to the credit. Plain module, unit-tested beside it.
 */
import {
  type BucketCounts,
  EMAIL_BUCKETS,
  type EmailBucket,
  emptyBucketCounts,
} from '@app/database/people/email-bucket-sql';
import type { PersonItem } from './selection-request';

export {
  bucketJoins,
  EMAIL_BUCKET_SQL,
  EMAIL_BUCKETS,
  emptyBucketCounts,
  wholeListCountStatement,
  wholeSourceCountSql,
  wholeSourceCounts,
} from '@app/database/people/email-bucket-sql';
export type { BucketCounts, EmailBucket, WholeSourceRow } from '@app/database/people/email-bucket-sql';
export function countBuckets(buckets: Iterable<EmailBucket>): BucketCounts {
  const counts = emptyBucketCounts();
  for (const bucket of buckets) counts[bucket]++;
  return counts;
}

/** What each `data` item comes to once its person is looked up. */
export type ItemOutcome = 'invalid' | 'not_matched' | 'person' | 'duplicate';

export interface ItemTally {
  requested: number;
  invalid: number;
  not_matched: number;
  /** Distinct people named, in the order first named. */
  personIds: string[];
  outcomes: ItemOutcome[];
}

/**
 * Counts `data` items: `resolved[i]` is the person item i names (null: nobody, or invalid). An
 * item repeating an earlier one (same id, same URL, or another way to name the same person)
 * counts in `requested` only, whatever bucket the first landed in.
 */
export function tallyItems(items: readonly PersonItem[], resolved: ReadonlyArray<string | null>): ItemTally {
  const tally: ItemTally = { requested: items.length, invalid: 0, not_matched: 0, personIds: [], outcomes: [] };
  const seenItems = new Set<string>();
  const seenPeople = new Set<string>();
  items.forEach((item, i) => {
    const itemKey = itemKeyOf(item);
    const personId = resolved[i];
    const repeated = (itemKey !== null && seenItems.has(itemKey)) || (personId !== null && seenPeople.has(personId));
    if (itemKey !== null) seenItems.add(itemKey);
    if (repeated) {
      tally.outcomes.push('duplicate');
    } else if (item.kind === 'invalid') {
      tally.invalid++;
      tally.outcomes.push('invalid');
    } else if (personId === null) {
      tally.not_matched++;
      tally.outcomes.push('not_matched');
    } else {
      seenPeople.add(personId);
      tally.personIds.push(personId);
      tally.outcomes.push('person');
    }
  });
  return tally;
}

/** Items naming the same thing share a key; an invalid item that is not a string has none (nothing to compare). */
function itemKeyOf(item: PersonItem): string | null {
  if (item.kind === 'id') return `id:${item.id}`;
  if (item.kind === 'url') return `url:${item.key}`;
  return item.identifier === null ? null : `invalid:${item.identifier}`;
}

export interface PreviewCounts {
  requested: number;
  not_matched: number;
  invalid: number;
  emails: BucketCounts;
  truncated: boolean;
}

/** The preview's `data` (docs/people-saves.md#counting). */
export function previewAnswer(counts: PreviewCounts, balance: number) {
  const savable = EMAIL_BUCKETS.reduce((sum, bucket) => sum + counts.emails[bucket], 0);
  const creditsNeeded = counts.emails.to_charge;
  return {
    requested: counts.requested,
    savable,
    not_matched: counts.not_matched,
    invalid: counts.invalid,
    emails: { ...counts.emails },
    credits_needed: creditsNeeded,
    credits_available: balance,
    enough_credits: balance > 0 && balance >= creditsNeeded,
    truncated: counts.truncated,
  };
}

/**
 * Which of the `to_charge` people a save charges and reveals: the first `balance` of them in the
 * save's order; the rest are saved unrevealed and a later save charges them.
 */
export function peopleToCharge(
  order: readonly string[],
  buckets: ReadonlyMap<string, EmailBucket>,
  balance: number,
): string[] {
  const chargeable = order.filter((id) => buckets.get(id) === 'to_charge');
  return chargeable.slice(0, Math.max(0, balance));
}
