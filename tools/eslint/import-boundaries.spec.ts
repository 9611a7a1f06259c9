import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** The boundary rule's messages for each snippet, linted with the repository's eslint.config.mjs. */
function lintSnippets(snippets: Array<{ file: string; code: string }>): string[][] {
  const out = execFileSync(process.execPath, [resolve(__dirname, 'lint-snippets.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[][];
}

type Case = [file: string, code: string, expected: RegExp | null];

const CASES: Case[] = [
  // The library order: domain -> config -> common -> dataset -> search -> database -> webhooks.
  [
    'libs/domain/src/probe.ts',
    `import { DataSource } from '@app/database';`,
    /libs\/domain may import only libraries to its left/,
  ],
  ['libs/domain/src/enums/probe.ts', `import { sql } from '../../../database/src/sql';`, /not @app\/database/],
  ['libs/config/src/probe.ts', `import type { X } from '@app/common/http/api-error';`, /not @app\/common/],
  ['libs/dataset/src/probe.ts', `export * from '@app/search';`, /not @app\/search/],
  ['libs/search/src/probe.ts', `const db = require('@app/database');`, /not @app\/database/],
  ['libs/database/src/probe.ts', `const w = import('@app/webhooks');`, /not @app\/webhooks/],
  ['libs/common/src/probe.ts', `import { newLib } from '@app/brand-new';`, /not in the library order/],
  [
    'libs/database/src/probe.ts',
    `import { COUNTRIES } from '@app/domain';\nimport { Progress } from '@app/dataset';`,
    null,
  ],
  ['libs/search/src/probe.ts', `import { validateCompany } from '@app/dataset';`, null],
  [
    'libs/webhooks/src/probe.ts',
    `import { sql } from '@app/database';\nimport { newId } from '../../common/src/ids';`,
    null,
  ],
  ['libs/domain/src/records/probe.ts', `import { COUNTRIES } from '../enums/countries';`, null],
  // The published client stands alone.
  ['libs/client/src/probe.ts', `import { COUNTRIES } from '@app/domain';`, /libs\/client stands alone/],
  [
    'libs/webhooks/src/probe.ts',
    `import { verifyWebhook } from '../../client/src/webhooks';`,
    /libs\/client stands alone/,
  ],
  ['libs/client/src/probe.ts', `import { ApiError } from './errors';`, null],
  ['libs/client/src/probe.spec.ts', `import { signatureHeaders } from '@app/webhooks/signing';`, null],
  // Apps.
  [
    'libs/common/src/probe.ts',
    `import { AppModule } from '../../../apps/api/src/app.module';`,
    /may not import an app/,
  ],
  ['apps/api/src/probe.ts', `import { main } from '../../worker/src/main';`, /may not import another app/],
  ['apps/cli/src/probe.ts', `import { DatasetLoader } from '@app/database';\nimport { x } from './commands';`, null],
  // Test code stays out of production code.
  ['apps/api/src/probe.ts', `import { startStack } from '../../../test/support/stack';`, /may not import test code/],
  [
    'libs/webhooks/src/probe.ts',
    `import { startLocalDnsServer } from './testing/local-dns-server';`,
    /may not import test code/,
  ],
  [
    'apps/worker/src/probe.ts',
    `import { seededRandom } from '@app/common/testing/seeded-random';`,
    /may not import test code/,
  ],
  ['apps/api/src/probe.spec.ts', `import { startStack } from '../../../test/support/stack';`, null],
  ['libs/common/src/testing/probe.ts', `import { seededRandom } from './seeded-random';`, null],
  ['test/probe.e2e-spec.ts', `import { AppModule } from '../apps/api/src/app.module';`, null],
];

describe('import boundaries (eslint.config.mjs, tools/eslint/import-boundaries.mjs)', () => {
  let answers: string[][];
  beforeAll(() => {
    answers = lintSnippets(CASES.map(([file, code]) => ({ file, code })));
  }, 60_000);

  it.each(CASES.map((c, i) => [c[0], c[1], c[2], i] as const))('%s: %s', (_file, _code, expected, i) => {
    if (expected === null) expect(answers[i]).toEqual([]);
    else expect(answers[i]).toEqual([expect.stringMatching(expected)]);
    if (expected) expect(answers[i][0]).toMatch(/^boundaries\/imports: /);
  });
});
