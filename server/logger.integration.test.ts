import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { customers } from './db/schema';
import { createLogger, errorFields } from './logger';

/*
 * Errors from real queries (PGlite, or PostgreSQL under npm run test:pg) as they reach the
 * error log: the database's code, table and constraint, never the row's personal data.
 */

const person = {
  name: 'Ada Lovelace-Byron',
  email: 'ada.private@example.test',
  phone: '07700900123',
};

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

describe('errorFields on database errors', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a unique violation: code, table and constraint, without the parameters', async () => {
    await database.db.insert(customers).values({ ...person, passwordHash: 'x' });
    const error = await failure(() =>
      database.db.insert(customers).values({ ...person, passwordHash: 'y' }),
    );
    // What drizzle throws today carries the row in its message.
    expect(String((error as Error).message)).toContain(person.email);
    const fields = errorFields(error) as { error: Record<string, string> };
    expect(fields.error).toMatchObject({
      name: 'DatabaseError',
      code: '23505',
      table: 'customers',
      constraint: 'customers_registered_email_uq',
    });
    expect(fields.error.message).toContain('customers_registered_email_uq');
    const logged = JSON.stringify(fields);
    for (const value of Object.values(person)) expect(logged).not.toContain(value);
    expect(logged).not.toContain('params:');
    expect(logged).not.toContain('Failed query');
    expect(fields.error.stack).toMatch(/\n\s+at /);
  });

  it('a value PostgreSQL quotes in its message (a bad uuid) is left out', async () => {
    const error = await failure(() =>
      database.db.execute(sql`select * from customers where id = ${person.email}::uuid`),
    );
    const fields = errorFields(error) as { error: Record<string, string> };
    expect(fields.error.code).toBe('22P02');
    expect(fields.error.message).toMatch(/invalid input syntax for type uuid/);
    expect(JSON.stringify(fields)).not.toContain(person.email);
  });

  it('a not-null violation names the column', async () => {
    const error = await failure(() =>
      database.db.execute(
        sql`insert into customers (name, email, phone) values (${person.name}, ${person.email}, null)`,
      ),
    );
    const fields = errorFields(error) as { error: Record<string, string> };
    expect(fields.error).toMatchObject({ code: '23502', table: 'customers', column: 'phone' });
    const logged = JSON.stringify(fields);
    expect(logged).not.toContain(person.name);
    expect(logged).not.toContain(person.email);
  });

  it('through the logger: one JSON line with the code and table', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    const error = await failure(() =>
      database.db.insert(customers).values({ ...person, passwordHash: 'z' }),
    );
    logger.error('unhandled API error', { path: '/api/register', ...errorFields(error) });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'error',
      message: 'unhandled API error',
      path: '/api/register',
      error: { code: '23505', table: 'customers' },
    });
    expect(lines[0]).not.toContain(person.phone);
  });
});
