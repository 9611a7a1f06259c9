import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `people_seniority_cover_idx`: the people search's narrow copy of the person columns most filters read, keyed by
 * seniority in the default order (followers DESC, id) and carrying the company and the scalar person filters. A
 * search that reads no other person column (departments, locations, titles and names have indexes of their own) is
 * answered from it without reading the 800-byte people rows: a seniority's people in result order, or every
 * person's filters at a sixth of the rows' size. 125 bytes a person; `people_seniority_idx` (7 bytes) stays for
 * the bitmaps that AND a seniority with another index (docs/people-search.md "Which index serves which key";
 * figures in BENCHMARKS.md).
 */
export class PeopleSeniorityCover1796200000000 implements MigrationInterface {
  name = 'PeopleSeniorityCover1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX people_seniority_cover_idx ON people (seniority, followers DESC, id)
        INCLUDE (company_id, best_email_status, phone_status, role_started_at, company_started_at, job_change)
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX people_seniority_cover_idx`);
  }
}
