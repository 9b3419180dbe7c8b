import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed';
import { dumpPgliteDataDir } from '../../server/db/client';
import { cached, contentKey, pruneTestCache, testCacheDir } from './cache-key';
import { ensurePagesBuild } from './pages-build';
import { snapshotTemplate } from './pglite-reuse';
// The template's seeded accounts hashed at the test runs' cost, as the workers hash theirs.
import './quick-password-hashes';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: file holding a migrated and seeded data directory. */
    pgliteTemplateFile: string;
    /** PostgreSQL: server URL and the name of a migrated and seeded template database. */
    postgresUrl: string;
    postgresTemplate: string;
    /** The production build that page tests serve (tests/helpers/pages-build.ts). */
    pagesBuildDir: string;
  }
}

/** What the template database is made from: migrations, seed, the job queue's schema. */
const TEMPLATE_INPUTS = [
  'server/db',
  'server/jobs',
  'server/auth/passwords.ts',
  'tests/helpers/quick-password-hashes.ts',
  'tests/helpers/pglite-reuse.ts',
  'shared',
  'config',
  'package-lock.json',
];

/**
 * Migrates and seeds one template database per run; every test file then gets its own copy
 * (tests/helpers/test-database.ts), so files run in parallel without seeing each other.
 */
export default async function setup(project: TestProject) {
  project.provide('pagesBuildDir', ensurePagesBuild());
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `cl_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, template) });
    await handle.migrate();
    await seedDatabase(handle.db, { now: new Date() });
    await handle.close();
    project.provide('postgresUrl', url);
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  project.provide('pgliteTemplateFile', await pgliteTemplate());
  project.provide('postgresUrl', '');
  project.provide('postgresTemplate', '');
}

/**
 * A migrated and seeded PGlite data directory, as a file: made once and kept in the test cache
 * until its migrations, seed or the job queue's schema change (a new PGlite database takes
 * seconds to create; loading a copy takes under one).
 */
async function pgliteTemplate(): Promise<string> {
  const file = path.join(testCacheDir, `pglite-template-${contentKey(TEMPLATE_INPUTS)}.tar`);
  if (cached(file)) return file;
  mkdirSync(testCacheDir, { recursive: true });
  pruneTestCache('pglite-template-');
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  await seedDatabase(handle.db, { now: new Date() });
  await snapshotTemplate((handle.db as unknown as { $client: PGlite }).$client);
  const dump = await dumpPgliteDataDir(handle);
  const making = `${file}.${process.pid}.tmp`;
  writeFileSync(making, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  renameSync(making, file);
  return file;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
