/**
 * The data set's tables and the pure pieces of a replacing load (docs/dataset.md "Replace or upsert"): a
 * new set of tables named `<table>_next` is filled and indexed beside the live one, then renamed over it.
 */

/** The tables a replacing load rebuilds, in the order they are loaded. */
export const DATASET_TABLES = ['companies', 'people', 'positions', 'person_emails'] as const;
export type DatasetTable = (typeof DATASET_TABLES)[number];

export const NEXT_SUFFIX = '_next';
/** The live tables and their indexes take this suffix in the switch; they are dropped right after its commit. */
export const OLD_SUFFIX = '_old';

/** PostgreSQL truncates identifiers to 63 bytes: a longer built name would not be the one we rename later. */
const MAX_IDENTIFIER = 63;

/** The name a table, index or index-backed constraint has while it is built, before the switch renames it. */
export function nextName(name: string): string {
  return suffixed(name, NEXT_SUFFIX);
}

/** The name a live table or index takes in the switch, until it is dropped after the commit. */
export function oldName(name: string): string {
  return suffixed(name, OLD_SUFFIX);
}

function suffixed(name: string, suffix: string): string {
  const full = `${name}${suffix}`;
  if (Buffer.byteLength(full) > MAX_IDENTIFIER) throw new Error(`${full}: name longer than ${MAX_IDENTIFIER} bytes`);
  return full;
}

const CREATE_INDEX = /^CREATE (UNIQUE )?INDEX (\S+) ON (ONLY )?(\S+) (USING .*)$/s;

/**
 * `pg_indexes.indexdef` of a live index, rewritten to build the same index under `nextName(index)` on the table's
 * `_next` copy: the rest of the definition (method, keys, INCLUDE, WHERE, WITH) stays as PostgreSQL printed it.
 */
export function nextIndexDefinition(indexdef: string, table: string): string {
  const match = CREATE_INDEX.exec(indexdef);
  if (!match) throw new Error(`unexpected index definition: ${indexdef}`);
  const [, unique = '', name, , target, rest] = match;
  const unqualified = target.replace(/^public\./, '');
  if (unqualified !== table) throw new Error(`index ${name} is on ${target}, not on ${table}`);
  return `CREATE ${unique}INDEX ${nextName(name)} ON public.${nextName(table)} ${rest}`;
}

/** A constraint of a live table, from `pg_constraint` (`pg_get_constraintdef`). */
export interface ConstraintRow {
  table: string;
  name: string;
  /** p primary key, u unique, f foreign key, c check, x exclusion. */
  type: string;
  definition: string;
  /** The index behind a primary key, unique or exclusion constraint. */
  index: string | null;
}

/**
 * What makes the `_next` table carry the live table's constraint. Checks come with `LIKE … INCLUDING ALL` under
 * their own names; a primary key or unique constraint takes over the index built for it (then renamed with it);
 * a foreign key of a data set table is added under its own name (names of such constraints are per table).
 */
export function nextConstraintStatement(c: ConstraintRow): string | null {
  const table = `public.${nextName(c.table)}`;
  if (c.type === 'c') return null;
  if (c.type === 'p' || c.type === 'u') {
    if (!c.index) throw new Error(`constraint ${c.name} has no index`);
    const kind = c.type === 'p' ? 'PRIMARY KEY' : 'UNIQUE';
    return `ALTER TABLE ${table} ADD CONSTRAINT ${nextName(c.name)} ${kind} USING INDEX ${nextName(c.index)}`;
  }
  if (c.type === 'f') return `ALTER TABLE ${table} ADD CONSTRAINT ${quoteIdent(c.name)} ${c.definition}`;
  throw new Error(`constraint ${c.name} of ${c.table}: type ${c.type} is not supported by a replacing load`);
}

/** A foreign key of another table onto a data set table (saved_companies → companies). */
export interface IncomingForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** The switch drops these keys with the old tables and adds them back onto the new ones, checked after the commit. */
export function dropForeignKey(fk: IncomingForeignKey): string {
  return `ALTER TABLE public.${quoteIdent(fk.table)} DROP CONSTRAINT ${quoteIdent(fk.name)}`;
}

export function addForeignKeyNotValid(fk: IncomingForeignKey): string {
  return `ALTER TABLE public.${quoteIdent(fk.table)} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.definition} NOT VALID`;
}

export function validateForeignKey(fk: IncomingForeignKey): string {
  return `ALTER TABLE public.${quoteIdent(fk.table)} VALIDATE CONSTRAINT ${quoteIdent(fk.name)}`;
}

/**
 * The renames of the switch: the live tables and their indexes step aside to `_old` names (dropped after the
 * commit, so that the switch holds its locks only for catalog updates), then the new ones take the live names.
 * Renaming the index behind a primary key renames the constraint too.
 */
export function switchRenames(tables: readonly string[], indexes: ReadonlyArray<{ table: string; name: string }>) {
  return [
    ...tables.map((t) => `ALTER TABLE public.${t} RENAME TO ${oldName(t)}`),
    ...indexes.map((i) => `ALTER INDEX public.${i.name} RENAME TO ${oldName(i.name)}`),
    ...tables.map((t) => `ALTER TABLE public.${nextName(t)} RENAME TO ${t}`),
    ...indexes.map((i) => `ALTER INDEX public.${nextName(i.name)} RENAME TO ${i.name}`),
  ];
}

function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}
