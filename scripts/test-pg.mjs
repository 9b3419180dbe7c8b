// npm run test:pg: the integration suite again, on a real PostgreSQL server.
// In CI a missing server is a failure; elsewhere the suite is skipped with the reason.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  const reason = `PostgreSQL is not reachable at ${url}: ${error.message}`;
  if (process.env.CI) {
    console.error(`${reason}\nThe PostgreSQL suite cannot run, and CI requires it.`);
    process.exit(1);
  }
  console.warn(`${reason}\nSkipping the PostgreSQL suite (outside CI).`);
  process.exit(0);
}
// One worker more than the cores: these tests wait on the server, on processes they kill and
// restart and on the job queue's polling, and with one worker a core, a core sat idle for
// minutes of the run (decision 065).
const workers = availableParallelism() + 1;
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'integration',
    '--project',
    'faults',
    `--maxWorkers=${workers}`,
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  },
);
process.exit(run.status ?? 1);
