import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { seedCatalogue } from './catalogue';
import { seedSlotRules } from './slot-rules';
import { seedPromoCodes } from './promo-codes';

/** Arbitrary constant, next to the migration lock's. */
const SEED_LOCK_ID = 73_285_622;

/**
 * Seeds the demo content on first start. Each part checks its own tables and does nothing
 * when they already hold data, so restarts and a shop's own edits are never overwritten.
 */
export async function seedDatabase(db: Database, options: { now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    // Several instances starting at once: one seeds, the others wait and find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    await seedCatalogue(tx);
    await seedSlotRules(tx, options.now);
    await seedPromoCodes(tx);
  });
}
