#!/usr/bin/env node
// `npm run bench [-- name …]`: runs every benchmark script in this folder (or the named ones) one
// after another against the built dist/, each printing its figures and ratios to its baseline.
// chaos.mjs (fault injection, `npm run chaos`) runs only when named.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
/** Run only when named (`npm run load`, `npm run chaos`): the soak takes ten minutes, chaos restarts its stores. */
const OPT_IN = ['load.mjs', 'chaos.mjs'];
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && !f.startsWith('_'))
  .filter((f) => (wanted.length === 0 ? !OPT_IN.includes(f) : wanted.some((w) => f.includes(w))))
  .sort();

if (scripts.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit', env: process.env });
  console.log(`=== ${script}: exit ${result.status} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
