import { MigrationInterface, QueryRunner } from 'typeorm';
import { COMPANY_ID_STATISTICS } from '../people/company-share';

/**
 * Keeps the most common companies ANALYZE lists for `people.company_id` to COMPANY_ID_STATISTICS, where each id of
 * a search's company list was looked up in 100 of them while planning (libs/database/src/people/company-share.ts).
 * Every load sets it on the tables it writes; this sets it for the data loaded before, and the migration runner's
 * ANALYZE that follows applies it.
 */
export class PeopleCompanyStatistics1796600000000 implements MigrationInterface {
  name = 'PeopleCompanyStatistics1796600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE people ALTER COLUMN company_id SET STATISTICS ${COMPANY_ID_STATISTICS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE people ALTER COLUMN company_id SET STATISTICS -1`);
  }
}
