import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed';
import { dumpPgliteDataDir } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: file holding a migrated and seeded data directory. */
    pgliteTemplateFile: string;
    /** PostgreSQL: server URL and the name of a migrated and seeded template database. */
    postgresUrl: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one template database per run; every test file then gets its own copy
 * (tests/helpers/test-database.ts), so files run in parallel without seeing each other.
 */
export default async function setup(project: TestProject) {
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
  const dir = mkdtempSync(path.join(tmpdir(), 'cl-pglite-'));
  const file = path.join(dir, 'template.tar');
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  await seedDatabase(handle.db, { now: new Date() });
  const dump = await dumpPgliteDataDir(handle);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresUrl', '');
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
