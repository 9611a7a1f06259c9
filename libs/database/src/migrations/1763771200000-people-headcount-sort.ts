import { MigrationInterface, QueryRunner } from 'typeorm';
import { refreshCompanySortCopies } from '../people/company-sort-copies';

/**
 * `sort_by: company_employee_count` joined every match to its company and sorted them all (55,085
 * Chief Officers and Owners: 400 to 750 ms for the first page). People now carry their company's
 * headcount, refreshed by every dataset load, and an index in the sort's order carries the filter
 * columns as people_followers_idx does, so a page walks it index-only.
 */
export class PeopleHeadcountSort1763771200000 implements MigrationInterface {
  name = 'PeopleHeadcountSort1763771200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE people ADD COLUMN company_employee_count integer`);
    await refreshCompanySortCopies(q);
    await q.query(`
      CREATE INDEX people_headcount_sort_idx ON people (company_employee_count DESC NULLS LAST, followers DESC, id)
        INCLUDE (seniority, departments, company_id, best_email_status, role_started_at, company_started_at, job_change, location_keys)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE people DROP COLUMN company_employee_count`);
  }
}
