import { isOpaqueId, received, validationError } from '@app/common';
import type { ListRepository, ListType } from '@app/database';
import type { EntityManager } from 'typeorm';

/**
 * Checks that every id names a live list of `type` in the workspace and answers the ids without
 * repeats, in the caller's order. Anything else (unknown, another workspace's, deleted, or of the
 * other type) answers 400 `invalid_value` on `field`, as list removal and the company save document (docs/people-records.md, docs/company-save.md).
 *
 * Inside a transaction the lists stay share-locked until it ends, so a concurrent DELETE cannot
 * retire a list between this check and the rows the caller adds to it.
 */
export async function resolveLiveLists(
  lists: ListRepository,
  manager: EntityManager,
  workspaceId: string,
  ids: readonly string[],
  type: ListType,
  field: 'list_ids' | 'list_id' = 'list_ids',
): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  // Cannot be one of ours (docs/api.md#ids: ids are at most 64 characters): refused before any query, value cut short.
  const malformed = wanted.find((id) => !isOpaqueId(id));
  if (malformed !== undefined)
    throw validationError(field, 'invalid_value', 'a list id is 1-64 letters, digits, "_" or "-"', received(malformed));
  const live = await lists.lockLive(workspaceId, wanted, type, manager);
  const missing = wanted.find((id) => !live.has(id));
  if (missing !== undefined) {
    throw validationError(field, 'invalid_value', `${missing} is not a live ${type} list of this workspace`, {
      received_value: missing,
      received_type: 'string',
    });
  }
  return wanted;
}
