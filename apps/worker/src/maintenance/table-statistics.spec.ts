import { analyzeStatement } from '@app/database/repositories/table-activity';
import { ANALYZED_TABLES, tablesToAnalyze } from './table-statistics';

describe('tablesToAnalyze', () => {
  it('picks the tables a bulk write changed by at least 1,000 rows and a tenth of their live rows', () => {
    expect(
      tablesToAnalyze([
        { table: 'saved_people', changed: 20_000, live: 20_036 }, // a save of 20,000 into an almost empty table
        { table: 'people_list_members', changed: 999, live: 999 }, // too few rows to matter
        { table: 'exported_people', changed: 50_000, live: 600_000 }, // under a tenth of a large table
      ]),
    ).toEqual(['saved_people']);
    expect(tablesToAnalyze([{ table: 'exported_people', changed: 60_000, live: 600_000 }])).toEqual([
      'exported_people',
    ]);
    expect(tablesToAnalyze([{ table: 'people_list_members', changed: 1_000, live: 0 }])).toEqual([
      'people_list_members',
    ]);
  });

  it('never names a table outside the watched list, and keeps their order', () => {
    expect(tablesToAnalyze([{ table: 'people; DROP TABLE people', changed: 1e9, live: 0 }])).toEqual([]);
    const all = ANALYZED_TABLES.map((table) => ({ table, changed: 5_000, live: 5_000 })).reverse();
    expect(tablesToAnalyze(all)).toEqual([...ANALYZED_TABLES]);
  });

  it('analyzes without waiting for another worker that holds the table', () => {
    expect(analyzeStatement('saved_people')).toBe('ANALYZE (SKIP_LOCKED) saved_people');
  });
});
