import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './scripts/path-aliases.ts';

// Unit tests: pure code, no database. Integration tests: real database (PGlite by
// default, PostgreSQL when DATABASE_URL is set), each file on its own copy of a
// database migrated once in the global set-up. Browser tests: Chromium, with test:e2e.
export default defineConfig({
  resolve: {
    alias: [
      ...Object.entries(pathAliases).map(([find, replacement]) => ({ find, replacement })),
      // react-router as Node itself loads it (its ES module build), not the CommonJS build
      // Vitest would pick: the production build (BUILD_DIR), loaded by Node, checks `instanceof
      // RouterContextProvider` against the ES module build's class (server/http/load-context.ts).
      { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) },
    ],
  },
  test: {
    env: { TZ: 'UTC' },
    // scrypt at a test cost in the test processes (server/auth/passwords.ts says why).
    setupFiles: ['tests/helpers/quick-password-hashes.ts'],
    // As many workers as cores (Vitest's default keeps one core back for itself, which on two
    // cores runs every file one after another while a core idles: the tests wait on their
    // databases and servers as much as they compute).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{app,server,shared,scripts}/**/*.test.{ts,tsx}', 'tests/*.unit.test.ts'],
          exclude: ['**/*.integration.test.ts'],
          // A few unit tests are CPU work by nature (scrypt, decoding 24-megapixel photos,
          // drawing label sheets): on two busy cores they can take longer than Vitest's 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{server,tests}/**/*.integration.test.ts'],
          exclude: ['tests/vite-pages.integration.test.ts'],
          // The pages these tests serve are the production build, rendered by React's
          // production build as on a running site (React's development build takes about
          // twice the CPU per page: owner stacks, prop checks).
          env: { NODE_ENV: 'production' },
          globalSetup: ['tests/helpers/global-db-setup.ts'],
          // A worker keeps its modules from one file to the next (each file still has its own
          // database and servers): imports, the contract's serialisers and the pages' build are
          // loaded once per worker, not once per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The development server's pages (Vite, React's development build) in a worker thread,
        // never in one of the integration project's processes: React picks its build by
        // NODE_ENV once per process, and Vitest hands a process on to the next file.
        extends: true,
        test: {
          name: 'dev-pages',
          pool: 'threads',
          include: ['tests/vite-pages.integration.test.ts'],
          globalSetup: ['tests/helpers/global-db-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Server processes on real PostgreSQL, killed and cut off: run by npm run test:pg.
        extends: true,
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.fault.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Beside the integration files, not after them: its minute is mostly waiting on
          // processes it kills and restarts, with a core idle (a project without file
          // parallelism ran on its own at the end of test:pg). Each instance it starts has its
          // own database and ports.
        },
      },
      {
        // Chromium over a test server with its own database; run by npm run test:e2e after
        // the production build, never by npm test (which needs no browser).
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.browser.test.ts'],
          globalSetup: ['tests/helpers/global-db-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
