#!/usr/bin/env node
// Copies the Lua scripts (Redis scripts kept in `.lua` files beside the code that loads them)
// into dist/ at the same paths, since tsc copies only what it compiles. Part of `npm run build`.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function* luaFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* luaFiles(path);
    else if (entry.name.endsWith('.lua')) yield path;
  }
}

for (const top of ['apps', 'libs']) {
  for (const file of luaFiles(join(root, top))) {
    const target = join(root, 'dist', relative(root, file));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
}
