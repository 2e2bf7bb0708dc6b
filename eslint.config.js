import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { kebabCaseFileName, longFileStatesWhy } from './eslint/file-rules.js';
import { noImportCycle } from './eslint/no-import-cycle.js';

/** Import boundaries (docs/style.md): web and server never import each other; services never import each other. */
const serverServices = ['auth', 'rest', 'storage', 'functions', 'realtime', 'static'];

/**
 * The server's layers, lowest first: `lib/` (config, keys, logging, the service contract) →
 * `db/` → `services/service-deps.ts` → each service in `services/<name>/` → the composition
 * root (`envelope/`, `app.ts`, `server.ts`, `main.ts`). A file imports only from its own layer or below, and
 * services never import each other (decision 140).
 */
const serverRoot = 'server/src/*.ts';
const serverLayers = [
  {
    target: 'server/src/lib',
    from: ['server/src/db', 'server/src/services'],
    message: 'lib/ is the bottom layer: it imports nothing above it.',
  },
  { target: 'server/src/lib', from: [serverRoot], message: 'lib/ is the bottom layer: it imports nothing above it.' },
  { target: 'server/src/db', from: ['server/src/services'], message: 'db/ imports only lib/.' },
  { target: 'server/src/db', from: [serverRoot], message: 'db/ imports only lib/.' },
  {
    target: ['server/src/lib', 'server/src/db', 'server/src/services'],
    from: ['server/src/envelope'],
    message:
      'The envelope is part of the composition root (decision 300): services declare route marks (lib/route-marks.ts) and read the request context (lib/request-context.ts).',
  },
  {
    target: 'server/src/envelope',
    from: ['server/src/services'],
    message: 'The envelope reads services through the Service contract in lib/.',
  },
  { target: 'server/src/services', from: [serverRoot], message: 'Services are composed by the root; they do not import it.' },
  ...serverServices.map((service) => ({
    target: `server/src/services/${service}`,
    from: serverServices.filter((other) => other !== service).map((other) => `server/src/services/${other}`),
    message: 'Services never import each other; share through db/ and lib/.',
  })),
];

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', '.data', 'bench/results', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: {
      'import-x': importX,
      local: {
        rules: { 'no-import-cycle': noImportCycle, 'kebab-case-file-name': kebabCaseFileName, 'long-file-states-why': longFileStatesWhy },
      },
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      'local/kebab-case-file-name': ['error', { root: import.meta.dirname }],
      // No import cycle anywhere, type-only ones included (decision 140).
      'local/no-import-cycle': [
        'error',
        {
          root: import.meta.dirname,
          roots: ['server', 'web/src', 'tests', 'scripts', 'bench', 'supabase/functions'],
          aliases: { '@/': 'web/src' },
        },
      ],
    },
  },
  {
    // Type-aware rules where a mistake is silent at run time: a promise nobody awaits or catches,
    // and a switch over a union that misses a member — in every TypeScript file. node:test's
    // `test()` and `describe()` return promises the runner itself awaits.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }] },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverLayers }] },
  },
  {
    // Past 300 lines a server or web file says why in its first comment (docs/style.md). Test
    // files are tables of cases; the generated database types are `supabase gen types`' output.
    files: ['server/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'web/src/lib/database.types.ts'],
    rules: { 'local/long-file-states-why': ['error', { max: 300 }] },
  },
  {
    // One catalogue per service (decision 141): an error is built by its factory there, so the
    // wire shape and the wording live in one file.
    files: ['server/src/services/**/*.ts'],
    ignores: ['server/src/services/*/errors.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name=/^(AuthError|RestError|StorageError|ConnectError|ChannelTokenError)$/]',
          message: "Build errors in the service's catalogue (services/<name>/errors.ts): add a factory there and call it.",
        },
      ],
    },
  },
  {
    // Conformance suites are black-box (decision 151): a target given by URL and keys, nothing of the server's code.
    files: ['tests/conformance/**/*.ts', 'tests/fixtures/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/src', '**/server/src/**'],
              message:
                'Conformance suites and their fixtures talk to a target over HTTP and SQL only; put server-specific checks in tests/server/.',
            },
          ],
        },
      ],
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
            {
              group: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg'],
              message: 'Only server/src/db/ reaches the database driver; use Database.transaction.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', '../../web/*'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../../**', '**/server/**', '**/web/**'], message: 'Edge functions import only their own folder and _shared/.' },
          ],
        },
      ],
    },
  },
  // Scripts the service worker imports (web/public/sw-page.js).
  { files: ['web/public/**/*.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webEverywhere() }],
      'no-restricted-syntax': [
        'error',
        {
          // A failed write is toasted by the one error path (lib/query-client.ts); a second toast here would show it twice.
          selector: "CallExpression[callee.object.name='toast'][callee.property.name='error'] CallExpression[callee.name='describeError']",
          message:
            'A failed query or mutation is toasted by lib/query-client.ts; show the error in the form (meta.errorToast: false) or let that path toast it.',
        },
      ],
    },
  },
  ...webLayerBlocks(),
  // The one error path itself.
  { files: ['web/src/lib/query-client.ts'], rules: { 'no-restricted-syntax': 'off' } },
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
  const sharedCode = {
    group: ['@/features', '@/features/**', '@/app', '@/app/**', '**/features/**', '**/app/**'],
    message: 'Shared code (components/, lib/, hooks/) never imports a feature or the app.',
  };
  return [
    restrict(['web/src/{components,hooks}/**/*.{ts,tsx}'], [sharedCode]),
    restrict(
      ['web/src/lib/**/*.{ts,tsx}'],
      [
        sharedCode,
        {
          group: ['@/components', '@/components/**', '@/hooks', '@/hooks/**', '**/components/**', '**/hooks/**'],
          message: 'lib/ is the bottom layer: components/ and hooks/ import it, never the reverse.',
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
