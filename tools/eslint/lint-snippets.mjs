/**
 * Lints code snippets as if they were files of the repository, with its eslint.config.mjs and only the
 * `boundaries/imports` rule (no type information: the files need not exist). Reads
 * `[{ "file": "libs/domain/src/x.ts", "code": "…" }]` on stdin and prints, per snippet, the rule's messages.
 * Used by import-boundaries.spec.ts, which runs it in a child process (Jest cannot load ESLint's ES module config).
 */
import { text } from 'node:stream/consumers';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const snippets = JSON.parse(await text(process.stdin));
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'boundaries/imports',
});
const answers = [];
for (const { file, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  answers.push(result.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`));
}
process.stdout.write(JSON.stringify(answers));
