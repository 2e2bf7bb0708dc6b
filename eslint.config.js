import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (docs/style.md): web and server never import each other; services never import each other. */
const serverServices = ['auth', 'rest', 'storage', 'functions', 'realtime', 'static'];

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', '.data', 'bench/results', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '../../web/*'], message: 'The server never imports the web app.' },
            { group: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg'], message: 'Only server/src/db/ reaches the database driver; use Database.transaction.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/services/**'], message: 'db/ is below the services.' }] }] },
  },
  ...serverServices.map((service) => ({
    files: [`server/src/services/${service}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverServices
              .filter((other) => other !== service)
              .map((other) => ({ group: [`**/services/${other}/**`, `../${other}/**`, `../${other}`], message: 'Services never import each other; share through db/ and lib/.' })),
            { group: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg'], message: 'Only server/src/db/ reaches the database driver; use Database.transaction.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../../**', '**/server/**', '**/web/**'], message: 'Edge functions import only their own folder and _shared/.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../../server/*'], message: 'The web app never imports the server.' },
            { group: ['@/features/*/*', '!@/features/*/index'], message: 'Import a feature through its index.' },
          ],
        },
      ],
    },
  },
);
