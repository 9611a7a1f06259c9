/**
 * ANALYZE of the workspace tables that bulk writes grow (a save of 25,000 people, a list filled by
 * a save, an export): the planner sizes their rows from the statistics of the last ANALYZE, and
 * autovacuum, which would refresh them, is off on development and CI databases and lags a minute
 * anywhere. The search statements no longer depend on those statistics for their shape
 * (docs/people-search.md, "Counts"), but fresh ones still give them better plans.
 *
 * Plain module: which tables are due is unit-tested; the maintenance processor runs the statements
 * (TableStatisticsRepository).
 */
import type { AnalyzedTable } from '@app/database';

/** The tables a workspace's bulk writes change; a fixed list, so their names are never input. */
export const ANALYZED_TABLES: readonly AnalyzedTable[] = ['saved_people', 'people_list_members', 'exported_people'];

/** Rows changed since the last ANALYZE before another is worth it: at least this many… */
export const MIN_CHANGED_ROWS = 1_000;
/** …and at least this share of the live rows (autovacuum's default scale factor). */
export const MIN_CHANGED_SHARE = 0.1;

/** Checked this often at most (or at the maintenance interval when shorter): one cheap read of pg_stat_user_tables. */
export const STATISTICS_CHECK_MS = 10_000;

export interface TableActivity {
  table: string;
  /** pg_stat_user_tables.n_mod_since_analyze: rows inserted, updated or deleted since the last ANALYZE. */
  changed: number;
  /** pg_stat_user_tables.n_live_tup. */
  live: number;
}

/** The tables whose change since their last ANALYZE is large, in ANALYZED_TABLES order. */
export function tablesToAnalyze(activity: readonly TableActivity[]): AnalyzedTable[] {
  const due = new Set(
    activity
      .filter((a) => a.changed >= MIN_CHANGED_ROWS && a.changed >= MIN_CHANGED_SHARE * a.live)
      .map((a) => a.table),
  );
  return ANALYZED_TABLES.filter((table) => due.has(table));
}
