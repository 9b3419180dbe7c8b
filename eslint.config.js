import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
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
    files: ['server/config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['app/**'],
    rules: { 'no-restricted-syntax': ['error', noProcessEnv, noBareStringSchema, ...noApiUrls] },
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
    // stays out of the pages' bundles).
    files: ['app/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/auth/rate-limit', '@server/auth/rate-limit'],
              message: 'Rate limits are applied in the use-cases (docs/decisions/013).',
            },
            {
              // @shared/api and its modules, except the client and the routes.
              regex: '^(@shared|(\\.\\./)+shared)/api(/(?!(client|routes)(\\.ts)?$)[^/]+)?$',
              allowTypeImports: true,
              message:
                "In app/, call the API with call(routes.…) from '@shared/api/client' and '@shared/api/routes'; import the contract's schemas as types only.",
            },
          ],
          paths: [
            {
              name: '~/features/account/api-client',
              importNames: ['callApi'],
              message: 'callApi is gone: use call(routes.area.endpoint, …) from the typed client.',
            },
          ],
        },
      ],
    },
  },
);
