import { isOpaqueId, listAnswer, malformedIdError, notFoundError, PageRequest, WithMetadata } from '@app/common';
import { ListRepository, ListType, ListWithCount, noteWorkspaceWrite } from '@app/database';
import { Injectable } from '@nestjs/common';
import { ListRecord } from './list-record';

const toRecord = (list: ListWithCount): ListRecord => ({
  id: list.id,
  name: list.name,
  type: list.type,
  count: list.count,
  created_at: list.createdAt.toISOString(),
});

/** Typed people and company lists of a workspace (docs/api.md#lists). */
@Injectable()
export class ListsService {
  constructor(private readonly lists: ListRepository) {}

  /** A page of the workspace's live lists, oldest first, optionally of one type. */
  async list(workspaceId: string, type: ListType | undefined, page: PageRequest): Promise<WithMetadata<ListRecord[]>> {
    const found = await this.lists.page(workspaceId, type, page);
    return listAnswer(found.items.map(toRecord), page, found.total);
  }

  async create(workspaceId: string, name: string, type: ListType): Promise<ListRecord> {
    const list = await this.lists.create(workspaceId, name, type);
    await noteWorkspaceWrite(workspaceId);
    return toRecord(list);
  }

  /** Soft delete: the list stops being live, so no save or removal may use it; its rows stay for history. */
  async delete(workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
    if (!isOpaqueId(id)) throw malformedIdError('id', 'the list id is malformed');
    if (!(await this.lists.softDelete(workspaceId, id))) throw notFoundError('list');
    await noteWorkspaceWrite(workspaceId);
    return { id, deleted: true };
  }
}
