import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** Configuration is read in one place (server/config.ts). */
const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through server/config.ts only.',
};
/** Every string field goes through the shared text schema (shared/text.ts): no NUL, no lone surrogates. */
const noBareStringSchema = {
  selector:
    "CallExpression[callee.object.name='z'][callee.property.name='string'], MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='string']",
  message: "Use text() from '@shared/text' for string fields (it refuses control characters).",
};

/**
 * The website talks to /api only through the typed client (shared/api/client.ts) with the
 * contract's routes (shared/api/routes.ts): no URL strings of the API in app/, no raw fetch.
 */
const noApiUrls = [
  {
    selector: 'Literal[value=/^\\/api(\\/|$|\\?)/]',
    message:
      "Call the API through the typed client: call(routes.area.endpoint, …) from '@shared/api/client' (or urlOf for a link).",
  },
  {
    selector: 'TemplateElement[value.raw=/^\\/api(\\/|$|\\?)/]',
    message:
      "Call the API through the typed client: call(routes.area.endpoint, …) from '@shared/api/client' (or urlOf for a link).",
  },
  {
    selector:
      "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch'][callee.object.name=/^(window|globalThis|self)$/]",
    message: 'Only shared/api/client.ts calls fetch: use call(routes.area.endpoint, …).',
  },
  {
    selector: "Identifier[name='callApi']",
    message: 'callApi is gone: use call(routes.area.endpoint, …) from the typed client.',
  },
];

/**
 * Pages branch on an error's `code` (shared/error-codes.ts), never on its message, which is
 * copy for people and may be reworded (issue 30): no comparing, matching or switching on a
 * `.message`.
 */
const messageBranching =
  'Branch on the error’s code (shared/error-codes.ts), not on its message: messages are copy and may be reworded.';
const noMessageBranching = [
  {
    selector:
      "BinaryExpression[operator=/^[!=]==?$/]:matches([left.type='MemberExpression'][left.property.name='message'], [right.type='MemberExpression'][right.property.name='message'])",
    message: messageBranching,
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|indexOf|search|localeCompare)$/][callee.object.property.name='message']",
    message: messageBranching,
  },
  {
    selector:
      "CallExpression[callee.property.name='test'] > MemberExpression.arguments[property.name='message']",
    message: messageBranching,
  },
  {
    selector: "SwitchStatement > MemberExpression.discriminant[property.name='message']",
    message: messageBranching,
  },
];

/** The features of app/features/, read from the folder: a new feature is zoned as it appears. */
export const features = readdirSync(new URL('./app/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layers (docs/ARCHITECTURE.md), as zones a file may not import from. Checked by
 * `npm test` (lint), and tests/layers.unit.test.ts plants a violation of each to prove it.
 */
export const layerZones = [
  {
    target: './shared',
    from: ['./server', './app'],
    message: 'shared/ is for both sides: it imports neither server/ nor app/.',
  },
  {
    target: './server/use-cases',
    from: './server/http',
    message: 'Use-cases know nothing of HTTP: take plain values, throw the errors of errors.ts.',
  },
  {
    target: './server/http',
    from: './server/db/schema.ts',
    message: 'Handlers call use-cases; the database schema is theirs.',
  },
  {
    target: './server/adapters',
    from: './server/db/seed',
    message:
      'Adapters do not read the seed: data both need lives in server/content/ (as served-areas.ts).',
  },
  {
    target: './app',
    from: './server/http',
    message:
      'The pages reach the server through its use-cases (app/server/*.server.ts), not the HTTP layer of the API.',
  },
  ...features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: './app/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to app/components.',
  })),
  // Bulletproof-react's direction: routes → features → components, utils.
  {
    target: ['./app/components', './app/utils'],
    from: ['./app/features', './app/routes'],
    message:
      'components/ and utils/ import no feature or page: take what they show as props or children from the page.',
  },
  {
    // app/utils/root-data.ts reads the root loader's type (import type) for useRootData.
    target: ['./app/components', './app/features', './app/utils/**/!(root-data.ts)'],
    from: './app/root.tsx',
    message: "Read the root's data with useRootData from '~/utils/root-data'.",
  },
];

/** What no module of app/ imports (decision 013, the typed client of decision 017). */
const appImportPatterns = [
  {
    group: ['**/auth/rate-limit', '@server/auth/rate-limit'],
    message: 'Rate limits are applied in the use-cases (docs/decisions/013).',
  },
  {
    // @shared/api and its modules, except the client and the routes (public pages: public-routes).
    regex: '^(@shared|(\\.\\./)+shared)/api(/(?!(client|routes|public-routes)(\\.ts)?$)[^/]+)?$',
    allowTypeImports: true,
    message:
      "In app/, call the API with call(routes.…) from '@shared/api/client' and '@shared/api/routes' (or '@shared/api/public-routes' on public pages); import the contract's schemas as types only.",
  },
];
const appImportPaths = [
  {
    name: '~/utils/api-client',
    importNames: ['callApi'],
    message: 'callApi is gone: use call(routes.area.endpoint, …) from the typed client.',
  },
];
/** Route modules and components reach the server through app/server/*.server.ts only. */
export const serverThroughFacades = {
  regex: '^(@server/|(\\.\\./)+server/)',
  allowTypeImports: true,
  message:
    'Pages reach the server through the facades of app/server/*.server.ts (decision 019); only *.server.ts modules import server/.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build*/**',
      'data',
      '.react-router',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // Type-only imports do not run, so they cannot make a cycle at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', noProcessEnv, noBareStringSchema],
    },
  },
  {
    // A test or browser spec is imported by no module, so it can be in no cycle: walking its
    // imports (the whole server, for an integration test) found nothing and cost half of the
    // lint's time. The helpers under tests/helpers/ are imported, and stay checked.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/e2e/**/*.spec.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['server/config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests may reach into any layer to set up and check what they test.
    ignores: ['tests/**', '**/*.test.ts', '**/*.test.tsx', 'bench/**', 'scripts/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    files: ['app/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noProcessEnv,
        noBareStringSchema,
        ...noApiUrls,
        ...noMessageBranching,
      ],
    },
  },
  {
    // The service worker stands between the pages and the network: it passes their own
    // requests on (fetch) and tells the API's paths from the pages' (decision 059). It never
    // calls the API of its own accord.
    files: ['app/service-worker/sw.ts'],
    rules: { 'no-restricted-syntax': ['error', noProcessEnv, noBareStringSchema] },
  },
  {
    files: ['scripts/**', 'tests/**', '*.config.ts', 'bench/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Rate limits live in the use-cases, which know whether an attempt failed (decision 013).
    files: ['server/http/**', 'app/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/auth/rate-limit', '@server/auth/rate-limit'],
              message: 'Rate limits are applied in the use-cases (docs/decisions/013).',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser takes the contract's routes and the client; the schemas only as types (zod
    // stays out of the pages' bundles). Pages reach the server through the *.server.ts
    // facades of app/server/ (decision 019).
    files: ['app/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.server.ts', '**/*.server.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...appImportPatterns, serverThroughFacades], paths: appImportPaths },
      ],
    },
  },
  {
    // Server-only modules of app/ (facades, actions' helpers, entry.server) import server/.
    files: ['app/**/*.server.ts', 'app/**/*.server.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: appImportPatterns, paths: appImportPaths }],
    },
  },
);
