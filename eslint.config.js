import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/** Import boundaries (STYLE.md): web and server never import each other; services never import each other. */
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
      'no-restricted-imports': ['error', { patterns: webEverywhere() }],
    },
  },
  ...webLayerBlocks(),
);

/** What no web file imports: the server, or a feature's insides (a feature is used through its index). */
function webEverywhere() {
  return [
    { group: ['**/server/**', '../../server/*'], message: 'The web app never imports the server.' },
    { group: ['@/features/*/*', '!@/features/*/index'], message: 'Import a feature through its index.' },
  ];
}

/**
 * The web app's layers (decision 060): `app/` → `features/<f>/` → shared (`components/`,
 * `lib/`, `hooks/`). A feature imports only itself and shared code; shared code imports no
 * feature and not the app. Each block repeats webEverywhere(), because a later
 * `no-restricted-imports` replaces an earlier one instead of adding to it.
 */
function webLayerBlocks() {
  const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const restrict = (files, patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [...webEverywhere(), ...patterns] }] },
  });
  const otherFeature =
    'Features never import each other: move what both need to components/, lib/ or hooks/, or compose them in an app/ route.';
  return [
    restrict(
      ['web/src/{components,lib,hooks}/**/*.{ts,tsx}'],
      [
        {
          group: ['@/features', '@/features/**', '@/app', '@/app/**', '**/features/**', '**/app/**'],
          message: 'Shared code (components/, lib/, hooks/) never imports a feature or the app.',
        },
      ],
    ),
    ...features.map((feature) =>
      restrict(
        [`web/src/features/${feature}/**/*.{ts,tsx}`],
        [
          { group: ['@/features/*', `!@/features/${feature}`], message: otherFeature },
          { group: ['../../*'], message: `${otherFeature} Inside a feature, relative imports go up one folder at most.` },
          { group: ['@/app', '@/app/**'], message: 'Features never import the app; the app composes them.' },
        ],
      ),
    ),
  ];
}
