/**
 * The Lua scripts the apps run (`*.lua` beside their TypeScript, libs/common/src/redis-script.ts): each is
 * loaded by a RedisScript, touches only the keys it is given in KEYS (on a Redis Cluster a key built inside
 * a script may live on another node), and is copied into dist/ by the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ['node_modules', 'dist'].includes(name) ? [] : files(path, test);
    return test(name) ? [path] : [];
  });
}

const scripts = ['apps', 'libs'].flatMap((top) => files(join(ROOT, top), (name) => name.endsWith('.lua')));
const sources = ['apps', 'libs'].flatMap((top) =>
  files(join(ROOT, top), (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts')),
);

/** The first argument of every redis.call / redis.pcall: the key of every command these scripts use. */
function calledKeys(lua: string): string[] {
  return [...lua.matchAll(/redis\.p?call\(\s*'[A-Za-z]+'\s*,\s*([^,)]+)/g)].map((m) => m[1].trim());
}

describe('Lua scripts', () => {
  it('exist', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(4);
  });

  it.each(scripts.map((file) => [relative(ROOT, file), file]))('%s touches only KEYS[...]', (_name, file) => {
    const keys = calledKeys(readFileSync(file, 'utf8'));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^KEYS\[(\d+|i)\]$/);
  });

  it.each(scripts.map((file) => [relative(ROOT, file), file]))('%s is loaded by a RedisScript', (_name, file) => {
    const loaders = sources.filter((source) =>
      readFileSync(source, 'utf8').includes(`new RedisScript(join(__dirname, '${basename(file)}')`),
    );
    expect(loaders.map((source) => relative(ROOT, source))).toHaveLength(1);
  });

  it('flags a script that builds a key name', () => {
    expect(calledKeys(`redis.call('GET', 'pws:' .. ARGV[1])`)).toEqual([`'pws:' .. ARGV[1]`]);
  });

  it('are copied into dist/ by the build step', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.build).toContain(
      'node scripts/copy-lua.mjs',
    );
    const out = mkdtempSync(join(tmpdir(), 'pws-lua-'));
    try {
      execFileSync(process.execPath, [join(ROOT, 'scripts/copy-lua.mjs'), '--out', out]);
      const copied = files(out, (name) => name.endsWith('.lua')).map((target) => relative(out, target));
      expect(copied.sort()).toEqual(scripts.map((file) => relative(ROOT, file)).sort());
      for (const target of copied) expect(readFileSync(join(out, target), 'utf8').length).toBeGreaterThan(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
