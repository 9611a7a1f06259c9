import { AuthContext, isHex24, malformedIdError, notFoundError } from '@app/common';
import { CompanyRecord, CompanyRepository, noteWorkspaceWrite } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The workspace's own edits of a saved company (the `saved.edits.name` of docs/api.md#companies). */
@Injectable()
export class CompaniesEditService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompanyRepository,
  ) {}

  /**
   * Sets (a string) or removes (null) the workspace's name for a company it saved and answers
   * the record as GET /v2/companies/{id} does. A company the workspace has not saved is 404:
   * the edit lives on the workspace's saved record, which does not exist.
   */
  async setName(auth: AuthContext, id: string, name: string | null): Promise<CompanyRecord> {
    if (!isHex24(id)) throw malformedIdError('id', 'the company id must be 24 lowercase hexadecimal characters');
    const record = await this.dataSource.transaction(async (m) => {
      if (!(await this.companies.editName(auth.workspaceId, id, name === null ? null : name.trim(), m))) {
        throw notFoundError('saved company');
      }
      return (await this.companies.record(auth.workspaceId, id, m))!;
    });
    await noteWorkspaceWrite(auth.workspaceId);
    return record;
  }
}
