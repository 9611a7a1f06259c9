import { isHex24, malformedIdError, notFoundError } from '@app/common';
import { CompanyRecord, CompanyRepository } from '@app/database';
import { Injectable } from '@nestjs/common';

/** Reads Company records (docs/api.md#companies) through the one shared serializer. */
@Injectable()
export class CompanyRecordsService {
  constructor(private readonly companies: CompanyRepository) {}

  /** GET /v2/companies/{id}: the full record with technologies and the workspace's saved block. */
  async get(workspaceId: string, id: string): Promise<CompanyRecord> {
    if (!isHex24(id)) throw malformedIdError('id', 'id must be 24 lowercase hexadecimal characters');
    const record = await this.companies.record(workspaceId, id);
    if (!record) throw notFoundError('company');
    return record;
  }
}
