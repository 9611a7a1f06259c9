import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The repository's root, found from here (libs/common/src).
const ROOT = join(__dirname, '..', '..', '..');
const SOURCE_DIRS = ['apps', 'libs', 'test', 'bench', 'scripts', 'examples'];
const TOP_DOCS = ['README.md', 'BENCHMARKS.md'];
const TEXT_FILE = /\.(ts|js|mjs|cjs|json|md|ya?ml|sh|sql)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.data']);

// Built from parts so that this file does not cite them itself. The specification and the contracts live outside
// the repository: a reader of the code, the docs or the OpenAPI document cannot open them, so nothing may cite them.
const OUTSIDE_FILES = ['SPEC', 'CONTRACTS'];
const CITATION = new RegExp(`\\b(${OUTSIDE_FILES.join('|')})(\\.md\\b| )|/work/${'shared'}/`);

function textFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...textFiles(path));
    else if (TEXT_FILE.test(name)) out.push(path);
  }
  return out;
}

/** Every file a reader of the project opens: sources, tests, scripts, examples and the docs. */
export function projectTextFiles(): string[] {
  const files = SOURCE_DIRS.flatMap((d) => textFiles(join(ROOT, d)));
  files.push(...textFiles(join(ROOT, 'docs')));
  files.push(...TOP_DOCS.map((f) => join(ROOT, f)));
  return files;
}

/** `file:line: text` for every line that cites a file outside the repository. */
export function outsideCitations(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (CITATION.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2, ... */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(markdown, false)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The lines of a Markdown text outside fenced code blocks, inline code spans blanked when `blankInline`. */
function withoutCode(markdown: string, blankInline = true): string[] {
  let fenced = false;
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push(blankInline ? line.replace(/`[^`]*`/g, '``') : line);
  }
  return lines;
}

/** `file: target` for every relative link of a Markdown file whose file or heading anchor does not exist. */
export function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const line of withoutCode(readFileSync(file, 'utf8'))) {
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split('#');
      const resolved = path ? resolve(dirname(file), path) : file;
      if (!existsSync(resolved)) broken.push(`${relative(ROOT, file)}: ${target}`);
      else if (anchor && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor))
        broken.push(`${relative(ROOT, file)}: ${target}`);
    }
  }
  return broken;
}

describe('docs links', () => {
  it('resolves every relative link between the docs to an existing file and heading', () => {
    const docs = projectTextFiles().filter((f) => f.endsWith('.md'));
    expect(docs.flatMap(brokenLinks)).toEqual([]);
  });

  it('names headings as GitHub anchors them', () => {
    const md = [
      '# A',
      '## Rotating SECRETS_KEY',
      '## What `npm start` does',
      '## Swagger / OpenAPI',
      '```',
      '## not one',
      '```',
      '## A',
    ];
    expect([...headingAnchors(md.join('\n'))]).toEqual([
      'a',
      'rotating-secrets_key',
      'what-npm-start-does',
      'swagger--openapi',
      'a-1',
    ]);
  });
});

describe('docs citations', () => {
  it('finds the files it checks', () => {
    const files = projectTextFiles().map((f) => relative(ROOT, f));
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'libs/common/src/http/api-error.ts']));
  });

  it('cites no file outside the repository in code, tests, scripts or docs', () => {
    expect(outsideCitations(projectTextFiles())).toEqual([]);
  });

  it('catches a citation of the specification or the contracts', () => {
    const dir = join(ROOT, 'libs', 'common', 'src');
    const sample = join(dir, 'docs-citations.spec.ts');
    // This file names both only through OUTSIDE_FILES, so it passes; a line spelled out would not.
    expect(outsideCitations([sample])).toEqual([]);
    expect(CITATION.test(`see ${OUTSIDE_FILES[0]}.md 4.1`)).toBe(true);
    expect(CITATION.test(`(${OUTSIDE_FILES[1]}.md section 5)`)).toBe(true);
    expect(CITATION.test(`${OUTSIDE_FILES[0]} "Events"`)).toBe(true);
    expect(CITATION.test('docs/api.md#errors')).toBe(false);
  });
});
