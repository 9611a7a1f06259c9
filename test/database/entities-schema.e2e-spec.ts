import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions } from '../../libs/database/src/data-source';
import { ENTITIES } from '../../libs/database/src/entities';
import { createTestDatabase, TestDatabase } from '../support/database';
import { recordGeneratedColumns, schemaDifferences, tablesWithoutEntity } from '../support/entity-schema';

/**
 * The entities are the model and the migrations the only way the schema changes: this keeps the two
 * equal. A fresh database is migrated as operators do it, and the entities are compared with it.
 */

/** search_suggestion_words has no primary key (see its entity). */
const KEYLESS_TABLES = ['search_suggestion_words'];

describe('entities and the migrated schema', () => {
  let db: TestDatabase;
  let options: DataSourceOptions;

  /** Runs `fn` on a data source over the migrated database, its metadata first altered by `alter`. */
  async function withDataSource<T>(
    fn: (ds: DataSource) => Promise<T>,
    alter?: (ds: DataSource) => void,
    entities?: DataSourceOptions['entities'],
  ): Promise<T> {
    const ds = new DataSource({ ...options, ...(entities ? { entities } : {}) });
    await ds.initialize();
    try {
      alter?.(ds);
      return await fn(ds);
    } finally {
      await ds.destroy();
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    // The apps' own options (their entity list), without the pool limits.
    options = dataSourceOptions(db.url, { extra: { max: 2 } });
    await withDataSource(recordGeneratedColumns);
  });
  afterAll(() => db?.drop());

  it('maps every table the migrations create', async () => {
    const missing = await withDataSource(tablesWithoutEntity);
    expect(missing).toEqual([]);
  });

  it('finds no difference between the entities and the schema', async () => {
    // On failure the list shows each difference: TypeORM's statements, or which index or check differs.
    expect(await withDataSource((ds) => schemaDifferences(ds, KEYLESS_TABLES))).toEqual([]);
  });

  describe('the comparison fails when an entity differs', () => {
    const entity = (ds: DataSource, table: string) => {
      const found = ds.entityMetadatas.find((m) => m.tableName === table);
      if (!found) throw new Error(`no entity of ${table}`);
      return found;
    };
    const column = (ds: DataSource, table: string, name: string) => {
      const found = entity(ds, table).findColumnWithDatabaseName(name);
      if (!found) throw new Error(`no column ${table}.${name}`);
      return found;
    };
    const index = (ds: DataSource, table: string, name: string) => {
      const found = entity(ds, table).indices.find((i) => i.name === name);
      if (!found) throw new Error(`no index ${name}`);
      return found;
    };

    const cases: Array<[string, (ds: DataSource) => void, RegExp]> = [
      [
        'a nullable column',
        (ds) => (column(ds, 'members', 'removed_at').isNullable = false),
        /"members" ALTER COLUMN "removed_at" SET NOT NULL/,
      ],
      [
        'a column type',
        (ds) => (column(ds, 'webhook_deliveries', 'duration_ms').type = 'bigint'),
        /ADD "duration_ms" bigint NOT NULL/,
      ],
      ['a varchar length', (ds) => (column(ds, 'api_keys', 'id').length = '32'), /ADD "id" character varying\(32\)/],
      [
        'a timestamp precision',
        (ds) => (column(ds, 'notifications', 'created_at').precision = undefined),
        /"notifications" ALTER COLUMN "created_at" TYPE TIMESTAMP WITH TIME ZONE$/,
      ],
      ['a default', (ds) => (column(ds, 'webhooks', 'status').default = 'disabled'), /SET DEFAULT 'disabled'/],
      [
        'a generated expression',
        (ds) => (column(ds, 'companies', 'website_tsv').asExpression = `to_tsvector('simple', website_text)`),
        /"website_tsv"/,
      ],
      [
        'a column missing from the entity',
        (ds) => {
          const metadata = entity(ds, 'companies');
          metadata.columns = metadata.columns.filter((c) => c.databaseName !== 'logo');
        },
        /DROP COLUMN "logo"/,
      ],
      ['a primary key', (ds) => (column(ds, 'positions', 'position_no').isPrimary = false), /"positions".*PRIMARY KEY/],
      ['a unique constraint', (ds) => (entity(ds, 'api_keys').uniques = []), /"api_keys_key_hash_key"/],
      [
        'a foreign key',
        (ds) => {
          const metadata = entity(ds, 'api_keys');
          metadata.foreignKeys = metadata.foreignKeys.filter((fk) => fk.name !== 'api_keys_member_id_fkey');
        },
        /DROP CONSTRAINT "api_keys_member_id_fkey"/,
      ],
      [
        'an ON DELETE rule',
        (ds) => (entity(ds, 'lists').foreignKeys[0].onDelete = 'RESTRICT'),
        /"lists_workspace_id_fkey".*ON DELETE RESTRICT/,
      ],
      ['a missing check', (ds) => (entity(ds, 'members').checks = []), /DROP CONSTRAINT "members_role_check"/],
      [
        'a check expression',
        (ds) => (entity(ds, 'members').checks[0].expression = `role IN ('owner')`),
        /check members_role_check is/,
      ],
      [
        'a missing index',
        (ds) => {
          const metadata = entity(ds, 'webhooks');
          metadata.indices = metadata.indices.filter((i) => i.name !== 'webhooks_workspace_status_idx');
        },
        /DROP INDEX .*"webhooks_workspace_status_idx"/,
      ],
      [
        'a missing expression index (invisible to TypeORM)',
        (ds) => {
          const metadata = entity(ds, 'companies');
          metadata.indices = metadata.indices.filter((i) => i.name !== 'companies_website_idx');
        },
        /index companies_website_idx is not declared/,
      ],
      [
        'an index column order',
        (ds) => index(ds, 'webhook_tasks', 'webhook_tasks_webhook_finished_idx').columns.reverse(),
        /index webhook_tasks_webhook_finished_idx is/,
      ],
      [
        'an index predicate',
        (ds) => (index(ds, 'events', 'events_unrelayed_idx').where = 'relayed_at IS NOT NULL'),
        /index events_unrelayed_idx is/,
      ],
      [
        'an index method',
        (ds) => (index(ds, 'people', 'people_departments_idx').type = 'btree'),
        /CREATE INDEX "people_departments_idx" ON "people" USING btree/,
      ],
    ];

    it.each(cases)('%s', async (_name, alter, expected) => {
      const differences = await withDataSource((ds) => schemaDifferences(ds, KEYLESS_TABLES), alter);
      expect(differences).toContainEqual(expect.stringMatching(expected));
    });

    it('a key given to a keyless table', async () => {
      const differences = await withDataSource((ds) => schemaDifferences(ds, []));
      expect(differences).toContainEqual(expect.stringMatching(/"search_suggestion_words".*PRIMARY KEY/));
    });

    it('a table without an entity', async () => {
      const withoutPositions = ENTITIES.filter((e) => e.name !== 'Position');
      expect(await withDataSource(tablesWithoutEntity, undefined, withoutPositions)).toContain('positions');
    });
  });
});
