import { isHex24, malformedIdError, notFoundError } from '@app/common';
import { CompanyRecord, CompanyRepository, ReplicaRouter } from '@app/database';
import { Injectable } from '@nestjs/common';

/** Reads Company records (docs/api.md#companies) through the one shared serializer. */
@Injectable()
export class CompanyRecordsService {
  constructor(
    private readonly companies: CompanyRepository,
    private readonly replicas: ReplicaRouter,
  ) {}

  /** GET /v2/companies/{id}: the full record with technologies and the workspace's saved block. */
  async get(workspaceId: string, id: string): Promise<CompanyRecord> {
    if (!isHex24(id)) throw malformedIdError('id', 'id must be 24 lowercase hexadecimal characters');
    // The record shows the workspace's saved block: a replica only once it has replayed the workspace's last write.
    const routed = await this.replicas.reader({ kind: 'dependent', workspaceId });
    const record = await this.companies.record(workspaceId, id, routed);
    if (!record) throw notFoundError('company');
    return record;
  }
}
