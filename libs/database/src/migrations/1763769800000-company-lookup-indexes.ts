import { MigrationInterface, QueryRunner } from 'typeorm';

/** Company saves by domain match the staff email domain as well as the website. */
export class CompanyLookupIndexes1763769800000 implements MigrationInterface {
  name = 'CompanyLookupIndexes1763769800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS companies_email_domain_idx ON companies (lower(email_domain))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS companies_email_domain_idx`);
  }
}
