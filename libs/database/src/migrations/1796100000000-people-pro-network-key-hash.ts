import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pro network key (a person's URL in canonical form) is only ever looked up by equality: `= ANY(…)` for the
 * `person.pro_network_url` filter and for people by URL. Its B-tree held the whole key, 61 bytes a person (578 MiB
 * at 10M); a hash index holds a 4-byte hash of it, 27 bytes a person (256 MiB), and answers the same lookups
 * through a bitmap scan (docs/people-search.md "Which index serves which key").
 */
export class PeopleProNetworkKeyHash1796100000000 implements MigrationInterface {
  name = 'PeopleProNetworkKeyHash1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX people_pro_network_key_idx;
      CREATE INDEX people_pro_network_key_idx ON people USING hash (pro_network_key);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX people_pro_network_key_idx;
      CREATE INDEX people_pro_network_key_idx ON people (pro_network_key);
    `);
  }
}
