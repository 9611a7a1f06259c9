import { MigrationInterface, QueryRunner } from 'typeorm';
import { pinPeopleCompanyShare } from '../people/company-share';

/**
 * Tells the planner how many companies the people rows have (`n_distinct` of `people.company_id`): ANALYZE's sample
 * of 30,000 rows saw a ninth of them at 10,000,000 people, so PostgreSQL priced a company's people nine times too
 * high (libs/database/src/people/company-share.ts). Every load sets it again; this sets it for the data loaded
 * before, and the migration runner's ANALYZE that follows reads it.
 */
export class PeopleCompanyShare1796400000000 implements MigrationInterface {
  name = 'PeopleCompanyShare1796400000000';

  async up(q: QueryRunner): Promise<void> {
    // A QueryRunner answers a statement's rows themselves.
    await pinPeopleCompanyShare({ query: async (text) => ({ rows: await q.query(text) }) });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE people ALTER COLUMN company_id RESET (n_distinct)`);
  }
}
