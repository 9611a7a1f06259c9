import { noteWorkspaceWrite } from '@app/database';
import { AuthContext } from '@app/common';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { resolveLiveLists } from '../lists/live-lists';
import { RemoveFromListDto } from './dto/remove-from-list.dto';
import { removalIds } from './list-removal';

export interface RemovalAnswer {
  removed: number;
}

/** POST /v2/people/lists/remove (SPEC.md 4.2 and "Person list membership"). */
@Injectable()
export class PeopleListsService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes the given people out of one live people list of the workspace and answers how many of
   * them were in it. Only membership rows go: the people stay saved, keep their emails and stay in
   * their other lists; a repeat finds nothing and answers 0. Free, not rate limited, no event
   * (SPEC.md "Events" names none for a removal).
   *
   * The list check share-locks the list for the transaction, so a concurrent DELETE /v2/lists/{id}
   * waits for the removal instead of the removal answering for a list that died under it.
   */
  async remove(auth: AuthContext, body: RemoveFromListDto): Promise<RemovalAnswer> {
    const ids = removalIds(body.ids);
    const answer = await this.dataSource.transaction(async (m) => {
      const [listId] = await resolveLiveLists(m, auth.workspaceId, [body.list_id], 'people', 'list_id');
      // Primary key (list_id, person_id) probes; workspace_id keeps another workspace's rows out even by mistake.
      const [row]: Array<{ removed: number }> = await m.query(
        `WITH gone AS (
           DELETE FROM people_list_members
            WHERE list_id = $1 AND workspace_id = $2 AND person_id = ANY($3::char(24)[])
           RETURNING 1
         )
         SELECT count(*)::int AS removed FROM gone`,
        [listId, auth.workspaceId, ids],
      );
      return { removed: row.removed };
    });
    await noteWorkspaceWrite(auth.workspaceId);
    return answer;
  }
}
