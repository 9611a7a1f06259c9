/**
 * ESLint rule `boundaries/imports`: the import boundaries between the apps, the libraries and the tests.
 *
 * - The libraries form one order, and each imports only libraries to its left (LIBRARY_ORDER below).
 * - No library imports an app; no app imports another app.
 * - A standalone library (the published API client) imports no library of ours, and none imports it.
 * - Production code (apps/*\/src, libs/*\/src) never imports test/ or a `testing` folder; test-only files
 *   (specs, simulations that only specs load, `testing` folders) may.
 *
 * Both `@app/<library>` aliases and relative paths are checked: a relative import is resolved against the
 * importing file, so `../../../database/src/sql` counts as an import of @app/database.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Left to right: a library may import only the ones before it. A new library must be placed here. */
export const LIBRARY_ORDER = ['domain', 'config', 'common', 'dataset', 'search', 'database', 'webhooks'];

/** Libraries published on their own (the API client): they import no library of ours and none imports them. */
export const STANDALONE = ['client'];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Test-only files in production folders: specs, the simulations they load, and `testing` folders. */
const TEST_ONLY = /\.(spec|sim)\.ts$|(^|\/)testing\//;

/** Where a repository path belongs: a library, an app, the tests, or elsewhere (null). */
function areaOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'libs' && parts.length > 1) return { kind: 'library', name: parts[1] };
  if (parts[0] === 'apps' && parts.length > 1) return { kind: 'app', name: parts[1] };
  if (parts[0] === 'test') return { kind: 'test', name: 'test' };
  return null;
}

/** The repository path an import refers to, or null for a package from node_modules. */
function targetOf(specifier, file) {
  const alias = /^@app\/([^/]+)(\/.*)?$/.exec(specifier);
  if (alias) return `libs/${alias[1]}/src${alias[2] ?? ''}`;
  if (!specifier.startsWith('.')) return null;
  return relative(ROOT, resolve(dirname(file), specifier))
    .split(sep)
    .join('/');
}

/** Why this import crosses a boundary, or null when it may stay. */
export function boundaryViolation(fromPath, targetPath) {
  const from = areaOf(fromPath);
  const to = areaOf(targetPath);
  if (!from || from.kind === 'test') return null;
  const testOnly = TEST_ONLY.test(fromPath);
  if (!testOnly && (to?.kind === 'test' || /(^|\/)testing(\/|$)/.test(targetPath))) {
    return `production code may not import test code (${targetPath}); only specs and testing folders may`;
  }
  if (!to || (to.kind === from.kind && to.name === from.name)) return null;
  if (from.kind === 'library' && to.kind === 'app') return `a library may not import an app (apps/${to.name})`;
  if (from.kind === 'app' && to.kind === 'app') return `an app may not import another app (apps/${to.name})`;
  if (from.kind === 'library' && to.kind === 'library') {
    if (STANDALONE.includes(from.name) || STANDALONE.includes(to.name)) {
      // A standalone library's spec may check it against ours (the client verifies what the server signs).
      if (testOnly) return null;
      return `libs/${STANDALONE.includes(from.name) ? from.name : to.name} stands alone: it is published on its own`;
    }
    const mine = LIBRARY_ORDER.indexOf(from.name);
    const theirs = LIBRARY_ORDER.indexOf(to.name);
    if (mine < 0 || theirs < 0)
      return `libs/${mine < 0 ? from.name : to.name} is not in the library order (tools/eslint/import-boundaries.mjs)`;
    if (theirs >= mine) {
      return `libs/${from.name} may import only libraries to its left (${LIBRARY_ORDER.join(' -> ')}), not @app/${to.name}`;
    }
  }
  return null;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Library order, no app-to-app imports, no test code in production' },
    schema: [],
    messages: { boundary: '{{why}}' },
  },
  create(context) {
    const file = context.filename;
    const fromPath = relative(ROOT, file).split(sep).join('/');
    if (!areaOf(fromPath)) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = targetOf(source.value, file);
      const why = target && boundaryViolation(fromPath, target);
      if (why) context.report({ node, messageId: 'boundary', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
      TSImportEqualsDeclaration: (node) => check(node, node.moduleReference.expression ?? null),
      CallExpression: (node) => {
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'require' &&
          node.arguments[0]?.type === 'Literal'
        ) {
          check(node, node.arguments[0]);
        }
      },
    };
  },
};

export default { meta: { name: 'boundaries' }, rules: { imports: importsRule } };
