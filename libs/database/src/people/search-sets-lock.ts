import type { EntityManager } from 'typeorm';

/**
 * Locks the workspace row for the rest of the caller's transaction, before it writes the workspace's saves, lists
 * or exports. Triggers bump `workspaces.search_sets_version` at the end of each statement that writes them
 * (docs/people-search.md "Counts"), and a people save locks that row first (its credits): a writer that took a list
 * or saved-row lock before the row could meet a save waiting for that lock, a deadlock. Taken first (the save takes
 * it before its lists too), the writers queue behind one another instead.
 */
export async function lockSearchSets(m: Pick<EntityManager, 'query'>, workspaceId: string): Promise<void> {
  await m.query(`SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, [workspaceId]);
}
