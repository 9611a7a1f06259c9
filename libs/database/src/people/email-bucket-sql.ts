/**
 * The email buckets' SQL (docs/people-saves.md#counting): the joins and CASE that give each person its bucket, and
 * the whole-list count statement, with the row mapper of that statement. The people save and the credit preview run
 * them through people-selection-store.ts. Plain module, unit-tested in apps/api/src/people/saves/email-buckets.spec.ts.
 */
import { SqlParams, type Statement } from '@app/search/compile/sql-params';

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
