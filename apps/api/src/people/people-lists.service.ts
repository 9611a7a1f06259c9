import { AuthContext } from '@app/common';
import { ListRepository, lockSearchSets, noteWorkspaceWrite } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { resolveLiveLists } from '../lists/live-lists';
import { RemoveFromListDto } from './dto/remove-from-list.dto';
import { removalIds } from './list-removal';

export interface RemovalAnswer {
  removed: number;
}

/** POST /v2/people/lists/remove (docs/people-records.md: repeating it is safe). */
@Injectable()
export class PeopleListsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lists: ListRepository,
  ) {}

  /**
   * Takes the given people out of one live people list of the workspace and answers how many of
   * them were in it. Only membership rows go: the people stay saved, keep their emails and stay in
   * their other lists; a repeat finds nothing and answers 0. Free, not rate limited, no event
   * (docs/api.md#events names none for a removal).
   *
   * The list check share-locks the list for the transaction, so a concurrent DELETE /v2/lists/{id}
   * waits for the removal instead of the removal answering for a list that died under it.
   */
  async remove(auth: AuthContext, body: RemoveFromListDto): Promise<RemovalAnswer> {
    const ids = removalIds(body.ids);
    const answer = await this.dataSource.transaction(async (m) => {
      await lockSearchSets(m, auth.workspaceId);
      const [listId] = await resolveLiveLists(this.lists, m, auth.workspaceId, [body.list_id], 'people', 'list_id');
      return { removed: await this.lists.removePeople(auth.workspaceId, listId, ids, m) };
    });
    await noteWorkspaceWrite(auth.workspaceId);
    return answer;
  }
}
