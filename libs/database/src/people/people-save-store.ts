import { EntityManager } from 'typeorm';
import { mutateReturning } from '../sql';

/**
 * The people save's writes (docs/people-saves.md#the-save), hand-written for the hot path. Each runs on the save's
 * transaction manager, after the workspace row is locked; rows are written in the order given (id order), so
 * concurrent writers to the same rows wait, not deadlock.
 */

/**
 * Inserts the saves that do not exist yet (`ordered`: person ids in id order), with the revealed email of those
 * charged (`emails`: person id -> email); answers who was new.
 */
export async function insertSavedPeople(
  m: Pick<EntityManager, 'query'>,
  workspaceId: string,
  ordered: readonly string[],
  emails: ReadonlyMap<string, string>,
): Promise<Set<string>> {
  const rows: Array<{ person_id: string }> = await mutateReturning(
    m,
    `INSERT INTO saved_people (workspace_id, person_id, revealed_email, revealed_at)
       SELECT $1, s.id, r.email, CASE WHEN r.email IS NOT NULL THEN now() END
         FROM unnest($2::char(24)[]) AS s(id)
         LEFT JOIN unnest($3::char(24)[], $4::text[]) AS r(id, email) ON r.id = s.id
        ORDER BY s.id
       ON CONFLICT (workspace_id, person_id) DO NOTHING
       RETURNING person_id`,
    [workspaceId, ordered, [...emails.keys()], [...emails.values()]],
  );
  return new Set(rows.map((r) => r.person_id));
}

/** Sets the revealed email (and its time) of saves that exist; `emails[i]` is the email of `ids[i]`. */
export async function revealSavedEmails(
  m: Pick<EntityManager, 'query'>,
  workspaceId: string,
  ids: readonly string[],
  emails: readonly string[],
): Promise<void> {
  await m.query(
    `UPDATE saved_people sp SET revealed_email = r.email, revealed_at = now()
         FROM unnest($2::char(24)[], $3::text[]) AS r(id, email)
        WHERE sp.workspace_id = $1 AND sp.person_id = r.id`,
    [workspaceId, ids, emails],
  );
}

/**
 * Puts every person (`ordered`, in id order) in every list (`sortedListIds`, in id order); answers, for each person,
 * the lists it was added to now.
 */
export async function insertListMemberships(
  m: Pick<EntityManager, 'query'>,
  workspaceId: string,
  sortedListIds: readonly string[],
  ordered: readonly string[],
): Promise<Map<string, Set<string>>> {
  const rows: Array<{ list_id: string; person_id: string }> = await mutateReturning(
    m,
    `INSERT INTO people_list_members (list_id, person_id, workspace_id)
       SELECT l.id, s.id, $1 FROM unnest($2::varchar[]) AS l(id) CROSS JOIN unnest($3::char(24)[]) AS s(id)
        ORDER BY l.id, s.id
       ON CONFLICT (list_id, person_id) DO NOTHING
       RETURNING list_id, person_id`,
    [workspaceId, sortedListIds, ordered],
  );
  const added = new Map<string, Set<string>>();
  for (const r of rows) added.set(r.person_id, (added.get(r.person_id) ?? new Set<string>()).add(r.list_id));
  return added;
}
