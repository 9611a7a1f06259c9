import { isHex24, malformedIdError, notFoundError } from '@app/common';
import { COMPANY_GET_SHAPE, CompanyRecord, loadCompanyRecords, ReplicaRouter } from '@app/database';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';

/** Reads Company records (SPEC.md "Company") through the one shared serializer. */
@Injectable()
export class CompanyRecordsService {
  /**
   * The hot read goes to TypeORM's pg pool directly as a named (prepared) statement: no query
   * runner per request, and PostgreSQL plans the record query once per connection, not per call.
   */
  private readonly pool: Pool;
  private readonly names = new Map<string, string>();

  constructor(
    dataSource: DataSource,
    private readonly replicas: ReplicaRouter,
  ) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
  }

  /** The record shows the workspace's saved block: a replica only once it has replayed the workspace's last write. */
  private async reader(workspaceId: string): Promise<Pick<EntityManager, 'query'>> {
    const routed = await this.replicas.reader({ kind: 'dependent', workspaceId }, this.pool);
    return {
      query: async <T>(text: string, values?: unknown[]) => {
        let name = this.names.get(text);
        if (!name) this.names.set(text, (name = `company_record_${this.names.size}`));
        return (await routed.query({ name, text, values })).rows as T;
      },
    };
  }

  /** GET /v2/companies/{id}: the full record with technologies and the workspace's saved block. */
  async get(workspaceId: string, id: string): Promise<CompanyRecord> {
    if (!isHex24(id)) throw malformedIdError('id', 'id must be 24 lowercase hexadecimal characters');
    const records = await loadCompanyRecords(await this.reader(workspaceId), workspaceId, [id], COMPANY_GET_SHAPE);
    const record = records.get(id);
    if (!record) throw notFoundError('company');
    return record;
  }
}
