import type { PoolClient } from 'pg';
import {
  type ConstraintRow,
  DATASET_TABLES,
  type DatasetTable,
  type IncomingForeignKey,
  nextName,
  oldName,
} from './next-tables';

/** What the live data set tables carry, read from the catalog so that the new tables end exactly like them. */
export interface DatasetSchema {
  indexes: Array<{ table: DatasetTable; name: string; definition: string; bytes: number }>;
  constraints: ConstraintRow[];
  incoming: IncomingForeignKey[];
  /** Storage options of the tables (`ALTER TABLE … SET (…)`), which `LIKE` does not copy. */
  options: Array<{ table: DatasetTable; options: string[] }>;
}

export async function readDatasetSchema(client: PoolClient): Promise<DatasetSchema> {
  const tables = [...DATASET_TABLES];
  const indexes = await client.query(
    `SELECT i.tablename AS table, i.indexname AS name, i.indexdef AS definition, pg_relation_size(c.oid)::bigint AS bytes
       FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = 'public'::regnamespace
      WHERE i.schemaname = 'public' AND i.tablename = ANY ($1) ORDER BY 4 DESC, 2`,
    [tables],
  );
  const constraints = await client.query(
    `SELECT t.relname AS table, c.conname AS name, c.contype AS type, pg_get_constraintdef(c.oid) AS definition,
            i.relname AS index
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid LEFT JOIN pg_class i ON i.oid = c.conindid
      WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY ($1) ORDER BY 1, 2`,
    [tables],
  );
  const incoming = await client.query(
    `SELECT t.relname AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
      WHERE c.contype = 'f' AND r.relnamespace = 'public'::regnamespace AND r.relname = ANY ($1)
        AND NOT (t.relname = ANY ($1)) ORDER BY 1, 2`,
    [tables],
  );
  const options = await client.query(
    `SELECT relname AS table, reloptions AS options FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relname = ANY ($1) AND reloptions IS NOT NULL`,
    [tables],
  );
  return {
    indexes: indexes.rows.map((r) => ({ ...r, bytes: Number(r.bytes) })),
    constraints: constraints.rows,
    incoming: incoming.rows,
    options: options.rows,
  };
}

/** `_next` (or `_old`) tables that a replacing load which did not finish (or did not drop the old tables) left. */
export async function leftoverTables(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
        AND relname = ANY ($1) ORDER BY 1`,
    [[...DATASET_TABLES.map(nextName), ...DATASET_TABLES.map(oldName)]],
  );
  return rows.map((r: { name: string }) => r.name);
}

/** Columns of a table that an INSERT … SELECT can write (generated columns compute themselves). */
export async function writableColumns(client: PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [`public.${table}`],
  );
  return rows.map((r: { name: string }) => r.name);
}
