#!/usr/bin/env node
// Part of `npm run build`: tsc compiles only TypeScript, so the Lua scripts the apps read at start
// (libs/common/src/redis-script.ts) are copied from apps/ and libs/ to the same places under dist/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every `.lua` file under `dir` (skipping node_modules and dist). */
export function luaFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : luaFiles(full);
    return entry.name.endsWith('.lua') ? [full] : [];
  });
}

/** Copies the Lua scripts of `root`'s apps/ and libs/ under `outDir`; answers the copied files' targets. */
export function copyLua(root, outDir) {
  const copied = [];
  for (const file of ['apps', 'libs'].flatMap((top) => luaFiles(path.join(root, top)))) {
    const target = path.join(outDir, path.relative(root, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
    copied.push(target);
  }
  return copied;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  // `--out <dir>`: somewhere else than dist/ (tools/lua-scripts.spec.ts checks the copy).
  const out = process.argv.indexOf('--out');
  copyLua(root, out > 0 ? path.resolve(process.argv[out + 1]) : path.join(root, 'dist'));
}
