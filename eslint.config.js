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
);
