import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyzedTable, analyzeStatement } from './table-activity';

/** A table's activity in pg_stat_user_tables. */
export interface TableActivityRow {
  table: string;
  /** n_mod_since_analyze: rows inserted, updated or deleted since the last ANALYZE. */
  changed: number;
  /** n_live_tup. */
  live: number;
}

/** The planner statistics of the workspace tables maintenance keeps fresh (apps/worker table-statistics.ts). */
@Injectable()
export class TableStatisticsRepository {
  constructor(private readonly db: DataSource) {}

  /** Each table's activity (the tables pg_stat_user_tables does not list yet are left out). */
  async activity(tables: readonly AnalyzedTable[]): Promise<TableActivityRow[]> {
    const rows: { table: string; changed: number; live: number }[] = await this.db.query(
      `SELECT relname AS table, n_mod_since_analyze::float8 AS changed, n_live_tup::float8 AS live
         FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = ANY($1::text[])`,
      [tables],
    );
    return rows.map((r) => ({ table: r.table, changed: Number(r.changed), live: Number(r.live) }));
  }

  async analyze(table: AnalyzedTable): Promise<void> {
    await this.db.query(analyzeStatement(table));
  }
}
