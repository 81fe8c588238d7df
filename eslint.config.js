// Lint for the whole repository: TypeScript rules everywhere, the lit and lit-a11y rules on the
// elements, and one rule that keeps schema code (zod) and the server out of browser bundles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';

export default tseslint.config(
  // tmp/ is git-ignored scratch space.
  { ignores: ['dist/**', 'node_modules/**', 'custom-elements.json', 'coverage/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/elements/**/*.ts', 'src/render/**/*.ts', 'test/elements/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/elements/**/*.ts', 'src/render/**/*.ts', 'test/elements/**/*.ts'],
    ...litA11y.configs.recommended,
  },
  {
    // Browser code: only types from the wire module, nothing from the server.
    files: [
      'src/client/**/*.ts',
      'src/elements/**/*.ts',
      'src/render/**/*.ts',
      'src/index.ts',
      'src/define.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'Browser code never imports the server.' },
            {
              group: ['zod', '@hono/*', 'hono', 'hono/*'],
              message: 'No schema library or server code in a page.',
            },
            {
              group: ['**/wire/schemas.js'],
              message: 'Browser code imports wire types only (import type from wire/index.js).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON bodies and use chai's property assertions (`.to.be.true`).
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
