import { isOpaqueId, listAnswer, malformedIdError, newId, notFoundError, PageRequest, WithMetadata } from '@app/common';
import { ListType, mutateReturning, noteWorkspaceWrite } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListRecord } from './list-record';

interface ListRow {
  id: string;
  name: string;
  type: ListType;
  count: string | number;
  created_at: Date;
}

const toRecord = (row: ListRow): ListRecord => ({
  id: row.id,
  name: row.name,
  type: row.type,
  count: Number(row.count),
  created_at: new Date(row.created_at).toISOString(),
});

/** Members are counted in the table of the list's type. */
const COUNT_SQL = `CASE l.type
  WHEN 'company' THEN (SELECT count(*) FROM company_list_members m WHERE m.list_id = l.id)
  ELSE (SELECT count(*) FROM people_list_members m WHERE m.list_id = l.id) END`;

/** Typed people and company lists of a workspace (CONTRACTS.md section 5). */
@Injectable()
export class ListsService {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the workspace's live lists, oldest first, optionally of one type. */
  async list(workspaceId: string, type: ListType | undefined, page: PageRequest): Promise<WithMetadata<ListRecord[]>> {
    const where = `l.workspace_id = $1 AND l.deleted_at IS NULL AND ($2::text IS NULL OR l.type = $2)`;
    const [rows, [{ total }]]: [ListRow[], Array<{ total: string }>] = await Promise.all([
      this.dataSource.query(
        `SELECT l.id, l.name, l.type, l.created_at, ${COUNT_SQL} AS count
           FROM lists l WHERE ${where}
          ORDER BY l.created_at, l.id LIMIT $3 OFFSET $4`,
        [workspaceId, type ?? null, page.perPage, page.offset],
      ),
      this.dataSource.query(`SELECT count(*) AS total FROM lists l WHERE ${where}`, [workspaceId, type ?? null]),
    ]);
    return listAnswer(rows.map(toRecord), page, total);
  }

  async create(workspaceId: string, name: string, type: ListType): Promise<ListRecord> {
    const [row]: ListRow[] = await this.dataSource.query(
      `INSERT INTO lists (id, workspace_id, type, name) VALUES ($1, $2, $3, $4) RETURNING id, name, type, created_at, 0 AS count`,
      [newId('list'), workspaceId, type, name],
    );
    await noteWorkspaceWrite(workspaceId);
    return toRecord(row);
  }

  /** Soft delete: the list stops being live, so no save or removal may use it; its rows stay for history. */
  async delete(workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
    if (!isOpaqueId(id)) throw malformedIdError('id', 'the list id is malformed');
    const rows = await mutateReturning(this.dataSource, `UPDATE lists SET deleted_at = now() WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL RETURNING id`, [id, workspaceId]);
    if (rows.length === 0) throw notFoundError('list');
    await noteWorkspaceWrite(workspaceId);
    return { id, deleted: true };
  }
}
