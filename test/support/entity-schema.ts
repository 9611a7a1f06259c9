import type { DataSource, EntityMetadata } from 'typeorm';

/** Tables of the migrated database that are not the application's: the migration log, TypeORM's own table. */
const BOOKKEEPING_TABLES = ['schema_migrations', 'typeorm_metadata'];

/** The probes' names: created inside a transaction that is always rolled back. */
const PROBE = 'entity_schema_probe';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * TypeORM reads a generated column's expression from its own `typeorm_metadata` table, which it
 * fills only for columns it created itself. The migrations created ours, so this records the
 * expressions as PostgreSQL prints them back: an entity's `asExpression` is then compared with the
 * column's real expression (and must be written in that form).
 */
export async function recordGeneratedColumns(dataSource: DataSource): Promise<void> {
  await dataSource.query(`
    CREATE TABLE IF NOT EXISTS typeorm_metadata (
      type varchar NOT NULL, database varchar, schema varchar, "table" varchar, name varchar, value text);
    DELETE FROM typeorm_metadata WHERE type = 'GENERATED_COLUMN';
    INSERT INTO typeorm_metadata (type, database, schema, "table", name, value)
      SELECT 'GENERATED_COLUMN', current_database(), table_schema, table_name, column_name, generation_expression
        FROM information_schema.columns WHERE table_schema = current_schema() AND is_generated = 'ALWAYS';`);
}

/** Tables of the database that no entity maps. */
export async function tablesWithoutEntity(dataSource: DataSource): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await dataSource.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const mapped = new Set(dataSource.entityMetadatas.map((m) => m.tableName));
  return rows.map((r) => r.table_name).filter((t) => !mapped.has(t) && !BOOKKEEPING_TABLES.includes(t));
}

/**
 * Every difference between the entities and the database, as readable lines; none when they match.
 *
 * - TypeORM's schema diff: the statements `synchronize` would run. It compares columns (name,
 *   type, length, precision, nullability, default, generated expression), primary keys, unique
 *   constraints and foreign keys (name, referenced table, ON DELETE), and checks and indexes by name.
 * - What it leaves out: indexes it cannot see (expressions) or was told to skip
 *   (`synchronize: false`) are compared by name; the definition of every other index (columns in
 *   order, method, predicate) and every check's expression are compared as PostgreSQL prints them.
 *
 * `keylessTables`: tables without a primary key, whose entity names one because TypeORM needs it;
 * they are compared as keyless (on this data source's metadata only).
 */
export async function schemaDifferences(dataSource: DataSource, keylessTables: string[] = []): Promise<string[]> {
  const differences = await compareKeyless(dataSource, keylessTables);
  const log = await dataSource.driver.createSchemaBuilder().log();
  differences.push(...log.upQueries.map((q) => `schema diff: ${q.query}`));
  differences.push(...(await indexNameDifferences(dataSource)));
  differences.push(...(await definitionDifferences(dataSource)));
  return differences;
}

function tableMetadatas(dataSource: DataSource): EntityMetadata[] {
  return dataSource.entityMetadatas.filter((m) => m.tableType === 'regular');
}

async function compareKeyless(dataSource: DataSource, keylessTables: string[]): Promise<string[]> {
  const differences: string[] = [];
  for (const table of keylessTables) {
    const metadata = tableMetadatas(dataSource).find((m) => m.tableName === table);
    const keys: unknown[] = await dataSource.query(
      `SELECT 1 FROM pg_constraint WHERE contype = 'p' AND conrelid = to_regclass($1)`,
      [table],
    );
    if (!metadata || keys.length > 0) {
      differences.push(`${table}: has a primary key or no entity; map the key and stop listing it as keyless`);
      continue;
    }
    for (const column of metadata.columns) column.isPrimary = false;
  }
  return differences;
}

/** Index names per table, without the indexes of primary key and unique constraints. */
async function indexNameDifferences(dataSource: DataSource): Promise<string[]> {
  const rows: Array<{ table_name: string; index_name: string }> = await dataSource.query(`
    SELECT t.relname AS table_name, i.relname AS index_name
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.relnamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`);
  const differences: string[] = [];
  for (const metadata of tableMetadatas(dataSource)) {
    const declared = new Set(metadata.indices.map((index) => index.name));
    const existing = new Set(rows.filter((r) => r.table_name === metadata.tableName).map((r) => r.index_name));
    for (const name of existing) {
      if (!declared.has(name)) differences.push(`${metadata.tableName}: index ${name} is not declared by the entity`);
    }
    for (const name of declared) {
      if (!existing.has(name)) differences.push(`${metadata.tableName}: index ${name} is declared but does not exist`);
    }
  }
  return differences;
}

/**
 * Builds each check and each index TypeORM may create (under a probe name, in a transaction that
 * is rolled back) and compares PostgreSQL's definition of it with the migrated one's.
 */
async function definitionDifferences(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  const differences: string[] = [];
  const definition = async (sql: string, params: unknown[]): Promise<string | null> => {
    const rows: Array<{ def: string }> = await runner.query(sql, params);
    return rows[0]?.def ?? null;
  };
  await runner.connect();
  await runner.startTransaction();
  try {
    for (const metadata of tableMetadatas(dataSource)) {
      const table = quoted(metadata.tableName);
      const constraintDef =
        'SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2';
      for (const check of metadata.checks) {
        await runner.query(`SAVEPOINT probe`);
        await runner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${PROBE} CHECK (${check.expression}) NOT VALID`);
        const entity = (await definition(constraintDef, [metadata.tableName, PROBE]))?.replace(/ NOT VALID$/, '');
        const migrated = await definition(constraintDef, [metadata.tableName, check.name]);
        if (entity !== migrated) {
          differences.push(`${metadata.tableName}: check ${check.name} is ${migrated}, the entity's ${entity}`);
        }
        await runner.query(`ROLLBACK TO SAVEPOINT probe`);
      }
      const indexDef = `SELECT pg_get_indexdef(to_regclass($1)) AS def`;
      for (const index of metadata.indices.filter((i) => i.synchronize)) {
        const columns = index.columns.map((c) => quoted(c.databaseName)).join(', ');
        const where = index.where ? ` WHERE ${index.where}` : '';
        const unique = index.isUnique ? 'UNIQUE ' : '';
        await runner.query(`SAVEPOINT probe`);
        const method = index.type ?? 'btree';
        await runner.query(`CREATE ${unique}INDEX ${PROBE} ON ${table} USING ${method} (${columns})${where}`);
        const entity = (await definition(indexDef, [PROBE]))?.replace(PROBE, index.name);
        const migrated = await definition(indexDef, [index.name]);
        if (entity !== migrated) {
          differences.push(`${metadata.tableName}: index ${index.name} is ${migrated}, the entity's ${entity}`);
        }
        await runner.query(`ROLLBACK TO SAVEPOINT probe`);
      }
    }
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
  return differences;
}
