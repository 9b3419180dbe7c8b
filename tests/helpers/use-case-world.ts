import { loadConfig } from '../../server/config';
import { customers, staffUsers } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createServices, type AppServices } from '../../server/services';
import type { Actor } from '../../server/use-cases/audit/record-audit';
import { insertOrderRow } from './fixtures';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * What a use-case test starts from, without HTTP: a private database, the services with the
 * clock pinned at `now`, Ada as a customer, Sam as a staff member, and Ada's orders written
 * straight to the database (insertOrderRow). Use-cases are called with `world.services`, as
 * handlers call them. Close it in afterAll.
 */
export type UseCaseWorld = {
  database: TestDatabase;
  services: AppServices;
  customerId: string;
  actor: Actor;
  /** An order of Ada's at 12 Elgin Avenue, collected at `pickup`. */
  insertOrder: (
    pickup: Date,
    status?: 'pending' | 'collected',
  ) => ReturnType<typeof insertOrderRow>;
  close: () => Promise<void>;
};

export async function createUseCaseWorld(now: Date): Promise<UseCaseWorld> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test' });
  const services = createServices(config, database, createLogger('silent'), { now: () => now });
  const [staff] = await database.db
    .insert(staffUsers)
    .values({ email: 'sam@example.com', name: 'Sam', role: 'staff', passwordHash: 'x' })
    .returning();
  const [customer] = await database.db
    .insert(customers)
    .values({ name: 'Ada', email: 'ada@example.com', phone: '07700900123' })
    .returning();
  const customerId = customer!.id;
  return {
    database,
    services,
    customerId,
    actor: { id: staff!.id, name: staff!.name, role: 'staff' },
    insertOrder: (pickup, status = 'pending') =>
      insertOrderRow(database.db, pickup, {
        customerId,
        status,
        customerName: 'Ada',
        fullAddress: '12 Elgin Avenue',
      }),
    close: () => database.close(),
  };
}
