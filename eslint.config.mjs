// Lint gate (`npm run lint`, part of `npm run check`): typescript-eslint with type information, promise
// handling, line length, and the import boundaries of tools/eslint/import-boundaries.mjs. Formatting is Prettier's.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint/import-boundaries.mjs';

/** A line holding no comment: no `//` or `/*`, and not a `*` line of a block comment. */
const NO_COMMENT = String.raw`^(?!\s*\*)(?!.*(//|/\*)).*$`;

export default defineConfig(
  {
    ignores: ['dist/**', '**/dist/**', 'node_modules/**', '.ci/node24/**', 'coverage/**', 'libs/client/src/schema.ts'],
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `_name` marks a parameter or binding kept on purpose; `{ omitted, ...rest }` drops a property.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Raw SQL answers `any` rows (about 2,000 hits): typed row mappers come with the repositories, not a lint pass.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Passing a caught rejection reason on unchanged is fine; new rejections are Errors.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      // An `async` method without `await` still turns a throw into a rejection, which its callers rely on.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    rules: {
      // Prettier (printWidth 120) wraps code but never comments: this catches long comments. Lines with no comment
      // are left to Prettier; long strings, URLs, templates and regexes are often clearer whole.
      'max-len': [
        'error',
        {
          code: 160,
          ignorePattern: NO_COMMENT,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
);
