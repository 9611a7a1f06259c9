import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from '../support/processes';
import { startStack, TestStack } from '../support/stack';

/** libs/client/src/schema.ts is generated from the served document: a drift fails here (UPDATE_CLIENT_TYPES=1 rewrites it). */
const SCHEMA_FILE = resolve(ROOT, 'libs/client/src/schema.ts');

describe('client types', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.close());

  it('match the served OpenAPI document', async () => {
    const doc = (await stack.anon.get('/docs-json')).body;
    const result = spawnSync(process.execPath, [resolve(ROOT, 'scripts/client-types.mjs')], {
      cwd: ROOT,
      input: JSON.stringify(doc),
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    if (process.env.UPDATE_CLIENT_TYPES === '1') writeFileSync(SCHEMA_FILE, result.stdout);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(result.stdout);
    expect(result.stdout).toContain('PeopleFilters');
  });
});
