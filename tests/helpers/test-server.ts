import { loadConfig } from '../../server/config';
import { createLogger, type Logger } from '../../server/logger';
import type { PagesMode } from '../../server/http/app';
import type { MailTransport } from '../../server/adapters/mail/mail-service';
import type { Agent } from 'node:https';
import type { JobQueueOptions } from '../../server/jobs/job-queue';
import { startServer, type RunningServer } from '../../server/start';
import { callerAt } from './api-caller';
import { openDatabase } from '../../server/db/client';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestServer = RunningServer & {
  database: TestDatabase;
  /** Logged errors; tests fail on unexpected server errors. */
  errors: string[];
  /** Replies that drifted from the API contract; stop() fails the test file on any. */
  contractDrift: string[];
  /** fetch against the server with a JSON body and a parsed JSON reply. */
  api<T = unknown>(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
};

/**
 * A whole server (API, and pages when asked) on a random port, over a private copy of the
 * seeded test database. Stop it in afterAll.
 */
export async function startTestServer(
  options: {
    pages?: PagesMode;
    env?: Record<string, string>;
    now?: () => Date;
    mailTransport?: MailTransport;
    database?: TestDatabase;
    /** The job queue: workers on ('work') or off, shorter polls and retries. */
    jobs?: Partial<JobQueueOptions>;
    /** Collects every log line (info and up, the request log included) as written. */
    logs?: string[];
    /** Web Push: the agent that trusts the local push service stand-in's certificate. */
    pushAgent?: Agent;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // pages: 'build' serves the run's production build (tests/helpers/pages-build.ts).
    ...(options.pages === 'build' ? { BUILD_DIR: inject('pagesBuildDir') } : {}),
    ...options.env,
  });
  const errors: string[] = [];
  const logger: Logger = createLogger(options.logs ? 'info' : 'warn', (line) => {
    options.logs?.push(line);
    const entry = JSON.parse(line) as { level: string };
    if (entry.level === 'error') errors.push(line);
  });
  const contractDrift: string[] = [];
  const running = await startServer(config, {
    pages: options.pages ?? 'none',
    database,
    logger,
    overrides: {
      now: options.now,
      mailTransport: options.mailTransport,
      jobs: options.jobs,
      pushAgent: options.pushAgent,
    },
    // Every /api reply any test receives is checked against its schema in shared/api.
    http: { onContractDrift: (problem) => contractDrift.push(problem) },
  });
  return {
    ...running,
    database,
    errors,
    contractDrift,
    async stop() {
      await running.stop();
      if (contractDrift.length > 0) {
        throw new Error(
          `${contractDrift.length} repl${contractDrift.length === 1 ? 'y' : 'ies'} drifted from the API contract (shared/api):\n${[...new Set(contractDrift)].slice(0, 20).join('\n')}`,
        );
      }
    },
    // The same calls the fixtures, the e2e tests and the bench make.
    api: callerAt(running.url).api as TestServer['api'],
  };
}

export type TwoInstances = {
  database: TestDatabase;
  first: TestServer;
  second: TestServer;
  stop(): Promise<void>;
};

/**
 * Two instances of the site on one test database, as two processes behind a load balancer:
 * on PostgreSQL the second opens its own pool and listening connection.
 */
export async function startTwoInstances(now: () => Date): Promise<TwoInstances> {
  const database = await createTestDatabase();
  // The instances do not close the database they share; stop() does, once.
  const shared = { ...database, close: async () => {} };
  const first = await startTestServer({ database: shared, now });
  const other = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : shared;
  const second = await startTestServer({ database: other, now });
  return {
    database,
    first,
    second,
    async stop() {
      await first.stop();
      await second.stop();
      await database.close();
    },
  };
}
