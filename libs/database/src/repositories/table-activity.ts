/** Plain module (no Nest): the statements of TableStatisticsRepository that unit specs read. */

/** The workspace tables that bulk writes grow; a fixed set, so their names are never input. */
export type AnalyzedTable = 'saved_people' | 'people_list_members' | 'exported_people';

/** SKIP_LOCKED: when another worker is analyzing the table right now, this one leaves it to it. */
export const analyzeStatement = (table: AnalyzedTable) => `ANALYZE (SKIP_LOCKED) ${table}`;
