import { AuthContext, isHex24, malformedIdError, notFoundError } from '@app/common';
import { CompanyRecord, loadCompanyRecords, mutateReturning, noteWorkspaceWrite } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The workspace's own edits of a saved company (SPEC.md "Saved block": `edits.name`). */
@Injectable()
export class CompaniesEditService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Sets (a string) or removes (null) the workspace's name for a company it saved and answers
   * the record as GET /v2/companies/{id} does. A company the workspace has not saved is 404:
   * the edit lives on the workspace's saved record, which does not exist.
   */
  async setName(auth: AuthContext, id: string, name: string | null): Promise<CompanyRecord> {
    if (!isHex24(id)) throw malformedIdError('id', 'the company id must be 24 lowercase hexadecimal characters');
    const record = await this.dataSource.transaction(async (m) => {
      const rows = await mutateReturning(m, `UPDATE saved_companies SET name_edit = $3 WHERE workspace_id = $1 AND company_id = $2 RETURNING company_id`, [
        auth.workspaceId,
        id,
        name === null ? null : name.trim(),
      ]);
      if (rows.length === 0) throw notFoundError('saved company');
      const records = await loadCompanyRecords(m, auth.workspaceId, [id], { technologies: true });
      return records.get(id)!;
    });
    await noteWorkspaceWrite(auth.workspaceId);
    return record;
  }
}
