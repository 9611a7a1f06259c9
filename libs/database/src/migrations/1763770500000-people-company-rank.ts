import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `max_person_per_company` above 25,000 matches keeps a person while fewer than N colleagues who
 * match the same filters rank ahead in the default order. Those colleagues are read from this
 * index, in that order, a few rows per candidate: the first page of "one Director or VP per
 * company" no longer ranks all 130,000 matches (860 ms warm before). It replaces
 * people_company_idx, whose lookups by company it serves as well (same leading column).
 */
export class PeopleCompanyRank1763770500000 implements MigrationInterface {
  name = 'PeopleCompanyRank1763770500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX people_company_rank_idx ON people (company_id, followers DESC, id);
      DROP INDEX people_company_idx;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX people_company_idx ON people (company_id);
      DROP INDEX people_company_rank_idx;
    `);
  }
}
