import { newId } from '@app/common';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { List, ListType } from '../entities/list.entity';
import { lockSearchSets } from '../people/search-sets-lock';
import { PageOf, PageWindow } from './page';

/** A live list with how many members it has. */
export interface ListWithCount {
  id: string;
  name: string;
  type: ListType;
  /** People of a people list, companies of a company list. */
  count: number;
  createdAt: Date;
}

interface ListCountRow {
  id: string;
  name: string;
  type: ListType;
  count: string | number;
  created_at: Date;
}

const toListWithCount = (row: ListCountRow): ListWithCount => ({
  id: row.id,
  name: row.name,
  type: row.type,
  count: Number(row.count),
  createdAt: new Date(row.created_at),
});

/** Members are counted in the table of the list's type. */
const COUNT_SQL = `CASE l.type
  WHEN 'company' THEN (SELECT count(*) FROM company_list_members m WHERE m.list_id = l.id)
  ELSE (SELECT count(*) FROM people_list_members m WHERE m.list_id = l.id) END`;

/**
 * Typed lists of a workspace with their members (`lists`, `people_list_members`, `company_list_members`). A deleted
 * list keeps its rows for history but is no longer live: no save or removal may use it.
 *
 * Methods that may run inside a caller's transaction take its EntityManager last.
 */
@Injectable()
export class ListRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the workspace's live lists, oldest first, optionally of one type. */
  async page(workspaceId: string, type: ListType | undefined, page: PageWindow): Promise<PageOf<ListWithCount>> {
    const where = `l.workspace_id = $1 AND l.deleted_at IS NULL AND ($2::text IS NULL OR l.type = $2)`;
    const [rows, [{ total }]]: [ListCountRow[], Array<{ total: string }>] = await Promise.all([
      this.dataSource.query(
        `SELECT l.id, l.name, l.type, l.created_at, ${COUNT_SQL} AS count
           FROM lists l WHERE ${where}
          ORDER BY l.created_at, l.id LIMIT $3 OFFSET $4`,
        [workspaceId, type ?? null, page.perPage, page.offset],
      ),
      this.dataSource.query(`SELECT count(*) AS total FROM lists l WHERE ${where}`, [workspaceId, type ?? null]),
    ]);
    return { items: rows.map(toListWithCount), total: Number(total) };
  }

  /** A new, empty list. */
  async create(workspaceId: string, name: string, type: ListType): Promise<ListWithCount> {
    const id = newId('list');
    const inserted = await this.dataSource.getRepository(List).insert({ id, workspaceId, type, name });
    const createdAt = (inserted.generatedMaps[0] as Partial<List>).createdAt;
    if (!(createdAt instanceof Date)) throw new Error(`list ${id} was inserted without its created_at`);
    return { id, name, type, count: 0, createdAt };
  }

  /** Soft delete of a live list of the workspace; false when there is none. */
  async softDelete(workspaceId: string, id: string): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      await lockSearchSets(m, workspaceId);
      const result = await m
        .getRepository(List)
        .update({ id, workspaceId, deletedAt: IsNull() }, { deletedAt: () => 'now()' });
      return (result.affected ?? 0) > 0;
    });
  }

  /**
   * Which of `ids` are live lists of `type` in the workspace. Inside a transaction they stay share-locked until it
   * ends (in id order, so two callers never lock in opposite orders): a concurrent delete cannot retire one meanwhile.
   */
  async lockLive(
    workspaceId: string,
    ids: readonly string[],
    type: ListType,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT id FROM lists
        WHERE id = ANY($2::varchar[]) AND workspace_id = $1 AND type = $3 AND deleted_at IS NULL
        ORDER BY id
          FOR SHARE`,
      [workspaceId, ids, type],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Takes people out of one list; answers how many were in it. */
  async removePeople(
    workspaceId: string,
    listId: string,
    personIds: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<number> {
    // Primary key (list_id, person_id) probes; workspace_id keeps another workspace's rows out even by mistake.
    const [row]: Array<{ removed: number }> = await manager.query(
      `WITH gone AS (
         DELETE FROM people_list_members
          WHERE list_id = $1 AND workspace_id = $2 AND person_id = ANY($3::char(24)[])
          RETURNING 1
       )
       SELECT count(*)::int AS removed FROM gone`,
      [listId, workspaceId, personIds],
    );
    return row.removed;
  }

  /**
   * The live company lists holding each company, oldest membership first; companies in none are left out. Probes
   * company_list_members by (workspace_id, company_id) and reads the live lists once: a plan that stays good
   * without table statistics.
   */
  async liveListsHoldingCompanies(
    workspaceId: string,
    companyIds: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, string[]>> {
    const rows: Array<{ company_id: string; list_ids: string[] }> = await manager.query(
      `SELECT c.id AS company_id,
              ARRAY(SELECT m.list_id FROM company_list_members m
                     WHERE m.workspace_id = $1 AND m.company_id = c.id
                       AND m.list_id = ANY (ARRAY(SELECT l.id FROM lists l WHERE l.workspace_id = $1 AND l.type = 'company' AND l.deleted_at IS NULL))
                     ORDER BY m.added_at, m.list_id) AS list_ids
         FROM unnest($2::char(24)[]) AS c(id)`,
      [workspaceId, companyIds],
    );
    return new Map(rows.filter((r) => r.list_ids.length > 0).map((r) => [r.company_id, r.list_ids]));
  }

  /** Adds (list, company) memberships that are known to be new, in key order. */
  async addCompanies(
    workspaceId: string,
    pairs: ReadonlyArray<readonly [listId: string, companyId: string]>,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (pairs.length === 0) return;
    await manager.query(
      `INSERT INTO company_list_members (list_id, company_id, workspace_id)
       SELECT p.list_id, p.company_id, $1 FROM unnest($2::varchar[], $3::char(24)[]) AS p(list_id, company_id)
       ORDER BY p.list_id, p.company_id`,
      [workspaceId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
  }
}
