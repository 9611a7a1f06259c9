import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { loadPersonRecords, PersonRecord } from '../people/person-record';
import { mutateReturning } from '../sql';

/**
 * People of the data set as a workspace sees them: the person record with the workspace's saved block, and the
 * workspace's edits of the people it saved (`saved_people`). Saves themselves keep their hand-written SQL in the
 * people save path; searches go through libs/search.
 *
 * Methods that may run inside a caller's transaction take its EntityManager last.
 */
@Injectable()
export class PersonRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The person in search shape plus the workspace's `saved` block (null while never saved), or undefined; read through
   * `reader` (a transaction's manager, or a replica router's reader) when given.
   */
  async record(
    workspaceId: string,
    id: string,
    reader: Pick<EntityManager, 'query'> = this.dataSource.manager,
  ): Promise<PersonRecord | undefined> {
    const [record] = await loadPersonRecords(reader, workspaceId, [id], { savedBlock: true });
    return record;
  }

  /** Sets (a string) or removes (null) the workspace's email for a person it saved; false when not saved. */
  async editEmail(
    workspaceId: string,
    personId: string,
    email: string | null,
    manager: EntityManager,
  ): Promise<boolean> {
    const rows = await mutateReturning(
      manager,
      `UPDATE saved_people SET edited_email = $3 WHERE workspace_id = $1 AND person_id = $2 RETURNING person_id`,
      [workspaceId, personId, email],
    );
    return rows.length > 0;
  }
}
