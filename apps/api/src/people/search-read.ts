import type { ReadSpec } from '@app/database';
import { countFollowsWorkspace, parsePeopleFilters } from '@app/search';

/**
 * A search whose filters follow the workspace's own saves, lists, reveals or exports is a dependent read
 * (read-your-writes, docs/replicas.md); any other search reads the data set alone. Invalid filters are
 * refused by the engine whichever way this goes.
 */
export function searchRead(rawFilters: unknown, workspaceId: string): ReadSpec {
  try {
    if (!countFollowsWorkspace(parsePeopleFilters(rawFilters))) return { kind: 'plain' };
  } catch {
    return { kind: 'plain' };
  }
  return { kind: 'dependent', workspaceId };
}
