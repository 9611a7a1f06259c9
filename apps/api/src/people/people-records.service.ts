import { AuthContext, isHex24, malformedIdError, notFoundError } from '@app/common';
import { lockSearchSets, noteWorkspaceWrite, PersonRecord, PersonRepository, ReplicaRouter } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { editedEmail } from './person-email';

/** The person record of a workspace: GET and PATCH /v2/people/{id} (docs/people-records.md). */
@Injectable()
export class PeopleRecordsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly people: PersonRepository,
    private readonly replicas: ReplicaRouter,
  ) {}

  /** The person in search shape plus the workspace's `saved` block (null while never saved). Free. */
  async get(auth: AuthContext, id: string): Promise<PersonRecord> {
    assertPersonId(id);
    // With the saved block: a replica only once it has replayed the workspace's last write.
    const routed = await this.replicas.reader({ kind: 'dependent', workspaceId: auth.workspaceId });
    const record = await this.people.record(auth.workspaceId, id, routed.rows);
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
      await lockSearchSets(m, auth.workspaceId);
      if (!(await this.people.editEmail(auth.workspaceId, id, stored, m))) throw notFoundError('saved person');
      const record = await this.people.record(auth.workspaceId, id, m);
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
