import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows say which people belong to a workspace's own sets (saves, reveals, lists, exports). */
const SET_TABLES = ['saved_people', 'people_list_members', 'lists', 'exported_people'];

const EVENTS = [
  { event: 'INSERT', table: 'NEW', suffix: 'insert' },
  { event: 'UPDATE', table: 'NEW', suffix: 'update' },
  { event: 'DELETE', table: 'OLD', suffix: 'delete' },
];

/**
 * `workspaces.search_sets_version` counts the statements that changed a workspace's saves, reveals, lists or
 * exports, so that the count of a search that follows them can be cached under it (docs/people-search.md
 * "Counts"). Statement-level triggers bump it, so every path that writes those tables (saves, list edits,
 * exports, cascades of a deleted list or workspace) is covered without each remembering to. A transition table
 * may serve only one event, hence three triggers a table; a TRUNCATE (an operator's, a test's) bumps every
 * workspace.
 */
export class WorkspaceSearchSetsVersion1795900000000 implements MigrationInterface {
  name = 'WorkspaceSearchSetsVersion1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE workspaces ADD COLUMN search_sets_version bigint NOT NULL DEFAULT 0;
      CREATE FUNCTION bump_search_sets_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE workspaces SET search_sets_version = search_sets_version + 1
         WHERE id IN (SELECT DISTINCT workspace_id FROM changed);
        RETURN NULL;
      END $$;
      CREATE FUNCTION bump_every_search_sets_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE workspaces SET search_sets_version = search_sets_version + 1;
        RETURN NULL;
      END $$;
    `);
    for (const table of SET_TABLES) {
      for (const { event, table: transition, suffix } of EVENTS)
        await q.query(
          `CREATE TRIGGER ${table}_search_sets_${suffix} AFTER ${event} ON ${table}
             REFERENCING ${transition} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_search_sets_version()`,
        );
      await q.query(
        `CREATE TRIGGER ${table}_search_sets_truncate AFTER TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION bump_every_search_sets_version()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of SET_TABLES)
      for (const suffix of [...EVENTS.map((e) => e.suffix), 'truncate'])
        await q.query(`DROP TRIGGER ${table}_search_sets_${suffix} ON ${table}`);
    await q.query(`
      DROP FUNCTION bump_search_sets_version(), bump_every_search_sets_version();
      ALTER TABLE workspaces DROP COLUMN search_sets_version`);
  }
}
