import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importPeopleFixture } from '../support/people-fixtures';
import { freePort, ROOT } from '../support/processes';
import { startStack, TestStack } from '../support/stack';

/**
 * docs/integration.md runs as written: its `js` blocks are saved under the name on their first line, its `sh`
 * blocks run in order in one bash (errexit, pipefail) in a fresh folder, against the real API and worker.
 */
jest.setTimeout(180_000);

const GUIDE = resolve(ROOT, 'docs/integration.md');

function guideBlocks(markdown: string): { lang: string; code: string }[] {
  return [...markdown.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], code: m[2] }));
}

describe('docs/integration.md', () => {
  let stack: TestStack;
  let dir: string;

  beforeAll(async () => {
    stack = await startStack({ worker: true });
    await importPeopleFixture(stack, { extended: false });
    dir = mkdtempSync(join(tmpdir(), 'pws-guide-'));
  }, 120_000);
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await stack?.close();
  });

  it('every command of the guide runs', async () => {
    const blocks = guideBlocks(readFileSync(GUIDE, 'utf8'));
    expect(blocks.filter((b) => b.lang === 'sh').length).toBeGreaterThanOrEqual(6);
    for (const block of blocks.filter((b) => b.lang === 'js')) {
      const name = /^\/\/ ([\w.-]+\.mjs)\n/.exec(block.code)?.[1];
      expect(name).toBeDefined();
      writeFileSync(join(dir, name!), block.code);
    }
    const script = [
      'set -euo pipefail',
      "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
      ...blocks.filter((b) => b.lang === 'sh').map((b) => b.code),
    ].join('\n');
    const { PORT: _apiPort, ...env } = stack.env;
    const result = spawnSync('bash', ['-c', script], {
      cwd: dir,
      env: { ...process.env, ...env, PWS_API_URL: stack.base, PWS_REPO: ROOT, RECEIVER_PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 150_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (result.status !== 0)
      throw new Error(`guide failed (${result.status}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
    expect(readFileSync(join(dir, 'prospect.txt'), 'utf8')).toMatch(/^saved \d+, charged \d+$/m);
    expect(readFileSync(join(dir, 'receiver.log'), 'utf8')).toMatch(/^webhook\.test evt_\w+$/m);
  });
});
