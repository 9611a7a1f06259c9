import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The index diet (docs/people-search.md "Which index serves which key"). The four sort indexes carried the
 * person filter columns (INCLUDE, 337-357 bytes a person each, 1.4 KB of the 3.6 KB a person cost) so that a
 * walk in sort order could test filters without reading rows. Measured on 300 random filter mixes over
 * 1,000,000 people, the walks read rows instead at no loss (the mixes' warm medians summed 26.0 s with the
 * INCLUDE columns, 22.8 s without); the indexes are 50-62 bytes a person now. `people_location_idx` (country,
 * state, city) and `people_title_idx` (a text vector of the title) served no filter and no sort: person locations
 * are searched through `people_location_keys_idx`, titles through `people_title_terms_idx` and
 * `people_title_key_idx`.
 */
export class PeopleIndexDiet1795800000000 implements MigrationInterface {
  name = 'PeopleIndexDiet1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX people_followers_idx, people_first_name_sort_idx, people_last_name_sort_idx, people_headcount_sort_idx,
        people_location_idx, people_title_idx;
      CREATE INDEX people_followers_idx ON people (followers DESC, id);
      CREATE INDEX people_first_name_sort_idx ON people (lower(first_name), followers DESC, id);
      CREATE INDEX people_last_name_sort_idx ON people (lower(last_name), followers DESC, id);
      CREATE INDEX people_headcount_sort_idx ON people (company_employee_count DESC NULLS LAST, followers DESC, id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    const cover = `seniority, departments, company_id, best_email_status, role_started_at, company_started_at, job_change, location_keys`;
    await q.query(`
      DROP INDEX people_followers_idx, people_first_name_sort_idx, people_last_name_sort_idx, people_headcount_sort_idx;
      CREATE INDEX people_followers_idx ON people (followers DESC, id) INCLUDE (${cover});
      CREATE INDEX people_first_name_sort_idx ON people (lower(first_name), followers DESC, id) INCLUDE (first_name, ${cover});
      CREATE INDEX people_last_name_sort_idx ON people (lower(last_name), followers DESC, id) INCLUDE (last_name, ${cover});
      CREATE INDEX people_headcount_sort_idx ON people (company_employee_count DESC NULLS LAST, followers DESC, id)
        INCLUDE (${cover});
      CREATE INDEX people_location_idx ON people (country_code, state, city);
      CREATE INDEX people_title_idx ON people USING gin (to_tsvector('simple', coalesce(title, '')));
    `);
  }
}
