/**
 * How the credit preview and the people save count people (docs/people-saves.md#counting). Both call
 * these, so a preview predicts its save to the credit. Plain module, unit-tested beside it.
 */
import { SqlParams, type Statement } from '@app/search/compile/sql-params';
import type { PersonItem } from './selection-request';

/** Every person taken falls in exactly one, in this order of precedence. */
export const EMAIL_BUCKETS = ['edited', 'already_owned', 'to_charge', 'without_email'] as const;
export type EmailBucket = (typeof EMAIL_BUCKETS)[number];

/**
 * What a person's bucket needs, for each selected id `s.id`, through two small partial indexes,
 * never the wide people rows: `v` is the person when the data set holds a valid email (the best
 * stored email, valid wins; people_valid_email_idx), `sp` the workspace's saved row when it owns an
 * email (saved_people_owned_idx). `ws` is the workspace id's placeholder, opaque (SqlParams.addOpaque).
 *
 * The owned save is a LATERAL probe by key (`LIMIT 1` keeps it one): a join would be sized from the
 * saves' statistics, which a bulk save outdates, and planned from "one row" it rescanned all the
 * workspace's owned saves for each person selected.
 */
export const bucketJoins = (ws: string) => `
  LEFT JOIN people v ON v.id = s.id AND v.best_email_status = 'valid' AND v.best_email IS NOT NULL
  LEFT JOIN LATERAL (SELECT o.edited_email, o.revealed_email FROM saved_people o
                      WHERE o.workspace_id = ${ws} AND o.person_id = s.id AND (o.revealed_email IS NOT NULL OR o.edited_email IS NOT NULL)
                      LIMIT 1) sp ON true`;

/** A person's bucket over `bucketJoins`, first match wins. */
export const EMAIL_BUCKET_SQL = `CASE
    WHEN sp.edited_email IS NOT NULL THEN 'edited'
    WHEN sp.revealed_email IS NOT NULL THEN 'already_owned'
    WHEN v.id IS NOT NULL THEN 'to_charge'
    ELSE 'without_email' END`;

export type BucketCounts = Record<EmailBucket, number>;

const VALID_EMAIL = `v.best_email_status = 'valid' AND v.best_email IS NOT NULL`;

/**
 * Counts the buckets of a whole list (or all of a workspace's saves) with a few counts rather than
 * a bucket per person: `source` yields the people as distinct `id`s, counted with those who have a
 * valid email in one pass; the owned saves of the workspace (revealed or edited: the few it paid
 * for or typed) are counted from their own small index, each kept when `inSource` (over `o`) says
 * the person is in the source. `wholeSourceCounts` turns the row into buckets.
 */
export function wholeSourceCountSql(source: string, inSource: string, ws: string): string {
  return `SELECT listed.total, listed.valid, owned.edited, owned.revealed, owned.owned_valid
    FROM (SELECT count(*) AS total, count(v.id) AS valid
            FROM (${source}) s LEFT JOIN people v ON v.id = s.id AND ${VALID_EMAIL}) listed,
         (SELECT count(*) FILTER (WHERE o.edited_email IS NOT NULL) AS edited,
                 count(*) FILTER (WHERE o.edited_email IS NULL) AS revealed,
                 count(v.id) AS owned_valid
            FROM saved_people o LEFT JOIN people v ON v.id = o.person_id AND ${VALID_EMAIL}
           WHERE o.workspace_id = ${ws} AND (o.revealed_email IS NOT NULL OR o.edited_email IS NOT NULL) AND ${inSource}) owned`;
}

/**
 * The whole-list shapes (docs/people-saves.md, `limit`) as a statement over where they live: one list's members,
 * or the workspace's saves (all, or those in no live list). Saved people are always people of the
 * data set (loads never delete one).
 *
 * Every read of the workspace's rows is a scan by (opaque) workspace or list id, or a probe by key
 * for one person: `OFFSET 0` keeps an EXISTS a per-person subplan rather than a join, which stale
 * statistics could plan as a rescan of the whole set per person (the 503 of a `without_list`
 * preview right after a save of 27,000 people).
 */
export function wholeListCountStatement(
  workspaceId: string,
  lists: { include: readonly string[]; saved?: string },
): Statement {
  const params = new SqlParams();
  const ws = params.addOpaque(workspaceId, 'text');
  if (lists.include.length === 1) {
    const list = params.addOpaque(lists.include[0], 'text');
    const member = `EXISTS (SELECT 1 FROM people_list_members m WHERE m.list_id = ${list} AND m.person_id = o.person_id OFFSET 0)`;
    return params.statement(
      'whole list counts (members)',
      wholeSourceCountSql(`SELECT m.person_id AS id FROM people_list_members m WHERE m.list_id = ${list}`, member, ws),
    );
  }
  const saves = `SELECT s.person_id AS id FROM saved_people s WHERE s.workspace_id = ${ws}`;
  if (lists.saved === 'any')
    return params.statement('whole list counts (saves)', wholeSourceCountSql(saves, 'true', ws));
  // In a live list: a membership of the workspace whose list is not deleted (the few deleted lists, read once).
  const deleted = `ARRAY(SELECT l.id FROM lists l WHERE l.workspace_id = ${ws} AND l.deleted_at IS NOT NULL)`;
  const unlisted = (person: string) =>
    `NOT EXISTS (SELECT 1 FROM people_list_members m WHERE m.workspace_id = ${ws} AND m.person_id = ${person} AND m.list_id <> ALL (${deleted}) OFFSET 0)`;
  return params.statement(
    'whole list counts (saves in no list)',
    wholeSourceCountSql(`${saves} AND ${unlisted('s.person_id')}`, unlisted('o.person_id'), ws),
  );
}

export interface WholeSourceRow {
  total: string | number;
  valid: string | number;
  edited: string | number;
  revealed: string | number;
  owned_valid: string | number;
}

export function wholeSourceCounts(row: WholeSourceRow): { total: number; emails: BucketCounts } {
  const [total, valid, edited, revealed, ownedValid] = [
    row.total,
    row.valid,
    row.edited,
    row.revealed,
    row.owned_valid,
  ].map(Number);
  const toCharge = valid - ownedValid;
  return {
    total,
    emails: {
      edited,
      already_owned: revealed,
      to_charge: toCharge,
      without_email: total - edited - revealed - toCharge,
    },
  };
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
