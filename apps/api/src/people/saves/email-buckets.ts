/**
 * How the credit preview and the people save count people (CONTRACTS.md section 5). Both call
 * these, so a preview predicts its save to the credit. Plain module, unit-tested beside it.
 */
import { SqlParams, type Statement } from '@app/search/compile/sql-params';
import type { PersonItem } from './selection-request';

/** Every person taken falls in exactly one, in this order of precedence. */
export const EMAIL_BUCKETS = ['edited', 'already_owned', 'to_charge', 'without_email'] as const;
export type EmailBucket = (typeof EMAIL_BUCKETS)[number];

/**
 * What a person's bucket needs, joined to each selected id `s.id` through two small partial
 * indexes, never the wide people rows: `v` is the person when the data set holds a valid email
 * (the best stored email, valid wins; people_valid_email_idx), `sp` the workspace's saved row
 * when it owns an email (saved_people_owned_idx). `ws` is the workspace id's placeholder.
 */
export const bucketJoins = (ws: string) => `
  LEFT JOIN people v ON v.id = s.id AND v.best_email_status = 'valid' AND v.best_email IS NOT NULL
  LEFT JOIN saved_people sp ON sp.workspace_id = ${ws} AND sp.person_id = s.id AND (sp.revealed_email IS NOT NULL OR sp.edited_email IS NOT NULL)`;

/** A person's bucket over `bucketJoins`, first match wins. */
export const EMAIL_BUCKET_SQL = `CASE
    WHEN sp.edited_email IS NOT NULL THEN 'edited'
    WHEN sp.revealed_email IS NOT NULL THEN 'already_owned'
    WHEN v.id IS NOT NULL THEN 'to_charge'
    ELSE 'without_email' END`;

export type BucketCounts = Record<EmailBucket, number>;

/**
 * Counts the buckets of a whole list (or all of a workspace's saves) with a few counts over
 * indexes rather than a bucket per person: `source` yields the people as distinct `id`s; the
 * answer row holds the total, how many have a valid email, and the owned ones by kind, which
 * `wholeSourceCounts` turns into buckets.
 */
export function wholeSourceCountSql(source: string, ws: string): string {
  return `WITH owned AS (
      SELECT sp.edited_email IS NOT NULL AS edited, v.id IS NOT NULL AS valid
        FROM (${source}) s
        JOIN saved_people sp ON sp.workspace_id = ${ws} AND sp.person_id = s.id AND (sp.revealed_email IS NOT NULL OR sp.edited_email IS NOT NULL)
        LEFT JOIN people v ON v.id = s.id AND v.best_email_status = 'valid' AND v.best_email IS NOT NULL)
    SELECT (SELECT count(*) FROM (${source}) s) AS total,
           (SELECT count(*) FROM (${source}) s JOIN people v ON v.id = s.id AND v.best_email_status = 'valid' AND v.best_email IS NOT NULL) AS valid,
           (SELECT count(*) FROM owned WHERE edited) AS edited,
           (SELECT count(*) FROM owned WHERE NOT edited) AS revealed,
           (SELECT count(*) FROM owned WHERE valid) AS owned_valid`;
}

/**
 * The whole-list shapes of SPEC.md 4.1 as a statement over where they live: one list's members,
 * or the workspace's saves (all, or those in no live list).
 * Saved people are always people of the data set (loads never delete one).
 */
export function wholeListCountStatement(workspaceId: string, lists: { include: readonly string[]; saved?: string }): Statement {
  const params = new SqlParams();
  const ws = params.add(workspaceId, 'text');
  if (lists.include.length === 1) {
    const members = `SELECT m.person_id AS id FROM people_list_members m WHERE m.list_id = ${params.add(lists.include[0], 'text')}`;
    return params.statement('whole list counts (members)', wholeSourceCountSql(members, ws));
  }
  const saved =
    lists.saved === 'any'
      ? `SELECT s.person_id AS id FROM saved_people s WHERE s.workspace_id = ${ws}`
      : `SELECT s.person_id AS id FROM saved_people s WHERE s.workspace_id = ${ws}
           AND NOT EXISTS (SELECT 1 FROM people_list_members m JOIN lists l ON l.id = m.list_id AND l.deleted_at IS NULL
                            WHERE m.workspace_id = ${ws} AND m.person_id = s.person_id)`;
  return params.statement('whole list counts (saves)', wholeSourceCountSql(saved, ws));
}

export interface WholeSourceRow {
  total: string | number;
  valid: string | number;
  edited: string | number;
  revealed: string | number;
  owned_valid: string | number;
}

export function wholeSourceCounts(row: WholeSourceRow): { total: number; emails: BucketCounts } {
  const [total, valid, edited, revealed, ownedValid] = [row.total, row.valid, row.edited, row.revealed, row.owned_valid].map(Number);
  const toCharge = valid - ownedValid;
  return { total, emails: { edited, already_owned: revealed, to_charge: toCharge, without_email: total - edited - revealed - toCharge } };
}

export const emptyBucketCounts = (): BucketCounts => ({ edited: 0, already_owned: 0, to_charge: 0, without_email: 0 });

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

/** The preview's `data` (SPEC.md 4.1 "Response 200"). */
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
export function peopleToCharge(order: readonly string[], buckets: ReadonlyMap<string, EmailBucket>, balance: number): string[] {
  const chargeable = order.filter((id) => buckets.get(id) === 'to_charge');
  return chargeable.slice(0, Math.max(0, balance));
}
