/**
 * No file-level import cycle in production code (apps/, libs/): a cycle makes load order matter (an import
 * answering `undefined` at start) and hides which module owns what. Type-only imports count too: they are
 * the same dependency in the reader's head. The library order itself is the lint rule's
 * (tools/eslint/import-boundaries.mjs); this finds cycles inside a library and through its barrel.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : productionFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file an import names, or null for a package. */
function resolveImport(specifier: string, from: string): string | null {
  const alias = /^@app\/([^/]+)(\/.*)?$/.exec(specifier);
  let base: string;
  if (alias) base = join(ROOT, 'libs', alias[1], 'src', alias[2] ?? '');
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(m[1] ?? m[2], file))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import cycles', () => {
  it('finds none between the files of apps/ and libs/', () => {
    const files = [...productionFiles(join(ROOT, 'apps')), ...productionFiles(join(ROOT, 'libs'))];
    expect(files.length).toBeGreaterThan(100);
    const found = cycles(importGraph(files)).map((c) => c.map((f) => relative(ROOT, f)));
    expect(found).toEqual([]);
  });

  it('catches a cycle through a barrel and a type-only one', () => {
    const graph = new Map([
      ['a.ts', ['index.ts']],
      ['index.ts', ['a.ts', 'b.ts']],
      ['b.ts', []],
      ['c.ts', ['d.ts']],
      ['d.ts', ['c.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'index.ts'], ['c.ts', 'd.ts'], ['e.ts']]);
  });
});
