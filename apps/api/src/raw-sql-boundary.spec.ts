import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';

/**
 * Workspace-owned data goes through the repositories of libs/database (repositories/*.repository.ts): services,
 * controllers and guards of the API and the CLI send no SQL of their own. The hot paths' hand-written statements
 * (the people save and preview, search suggestions) live in libs/database too, as typed functions run on the reader
 * or transaction the caller chose. The files below are the exceptions, each with its reason; a new raw statement
 * elsewhere fails here.
 */
const ALLOWED: Record<string, string> = {
  // The pool, not a consumer: its reader only wraps pool.query, the statements it runs live in libs/database.
  'apps/api/src/people/search-pool.ts': "the search pool's reader itself",
};

const ROOT = join(__dirname, '..', '..', '..');
const RAW_SQL = /\.query\s*[<(]|\bmutateReturning\s*[<(]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('raw SQL in the API and the CLI', () => {
  const files = ['apps/api/src', 'apps/cli/src'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const withSql = files.filter((file) => RAW_SQL.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));

  it('is found only in the files allowed to hold it (everything else calls a libs/database repository)', () => {
    expect(withSql.filter((file) => !(file in ALLOWED))).toEqual([]);
  });

  it('is still found in every allowed file: an exception no longer needed is dropped from the list', () => {
    expect(Object.keys(ALLOWED).filter((file) => !withSql.includes(file))).toEqual([]);
  });
});
