import { AuthContext, isHex24, malformedIdError, notFoundError } from '@app/common';
import { loadPersonRecords, mutateReturning, noteWorkspaceWrite, PersonRecord, ReplicaRouter } from '@app/database';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { editedEmail } from './person-email';

/** The person record of a workspace: GET and PATCH /v2/people/{id} (docs/people-records.md). */
@Injectable()
export class PeopleRecordsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly replicas: ReplicaRouter,
  ) {}

  /** The person in search shape plus the workspace's `saved` block (null while never saved). Free. */
  async get(auth: AuthContext, id: string): Promise<PersonRecord> {
    assertPersonId(id);
    // With the saved block: a replica only once it has replayed the workspace's last write.
    const primary = (this.dataSource.driver as unknown as { master: Pool }).master;
    const reader = await this.replicas.reader({ kind: 'dependent', workspaceId: auth.workspaceId }, primary);
    const [record] = await loadPersonRecords(reader.rows, auth.workspaceId, [id], { savedBlock: true });
    if (!record) throw notFoundError('person');
    return record;
  }

  /**
   * Sets (a string) or removes (null) the workspace's email for a person it saved and answers the
   * record. A person the workspace has not saved (or no such person) is 404: the edit lives on the
   * workspace's saved row, which does not exist. An edited person falls in the `edited` credit
   * bucket from then on (the preview and the save read `saved_people.edited_email`).
   */
  async setEmail(auth: AuthContext, id: string, email: string | null): Promise<PersonRecord> {
    assertPersonId(id);
    const stored = email === null ? null : editedEmail(email);
    const answer = await this.dataSource.transaction(async (m) => {
      const rows = await mutateReturning(m, `UPDATE saved_people SET edited_email = $3 WHERE workspace_id = $1 AND person_id = $2 RETURNING person_id`, [
        auth.workspaceId,
        id,
        stored,
      ]);
      if (rows.length === 0) throw notFoundError('saved person');
      const [record] = await loadPersonRecords(m, auth.workspaceId, [id], { savedBlock: true });
      if (!record) throw notFoundError('person');
      return record;
    });
    await noteWorkspaceWrite(auth.workspaceId);
    return answer;
  }
}

function assertPersonId(id: string): void {
  if (!isHex24(id)) throw malformedIdError('id', 'the person id must be 24 lowercase hexadecimal characters');
}
