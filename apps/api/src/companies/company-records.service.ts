import { isHex24, malformedIdError, notFoundError } from '@app/common';
import { COMPANY_GET_SHAPE, CompanyRecord, loadCompanyRecords } from '@app/database';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';

/** Reads Company records (docs/api.md#companies) through the one shared serializer. */
@Injectable()
export class CompanyRecordsService {
  /**
   * The hot read goes to TypeORM's pg pool directly as a named (prepared) statement: no query
   * runner per request, and PostgreSQL plans the record query once per connection, not per call.
   */
  private readonly reader: Pick<EntityManager, 'query'>;

  constructor(dataSource: DataSource) {
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    const names = new Map<string, string>();
    this.reader = {
      query: async <T>(text: string, values?: unknown[]) => {
        let name = names.get(text);
        if (!name) names.set(text, (name = `company_record_${names.size}`));
        return (await pool.query({ name, text, values })).rows as T;
      },
    };
  }

  /** GET /v2/companies/{id}: the full record with technologies and the workspace's saved block. */
  async get(workspaceId: string, id: string): Promise<CompanyRecord> {
    if (!isHex24(id)) throw malformedIdError('id', 'id must be 24 lowercase hexadecimal characters');
    const records = await loadCompanyRecords(this.reader, workspaceId, [id], COMPANY_GET_SHAPE);
    const record = records.get(id);
    if (!record) throw notFoundError('company');
    return record;
  }
}
