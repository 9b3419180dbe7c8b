import { eq, inArray } from 'drizzle-orm';
import { noCarePreferences, type CarePreferences } from '@shared/care-preferences';
import type { DbOrTx } from '../../db/client';
import { carePreferences } from '../../db/schema';
import type { AppServices } from '../../services';

/*
 * A customer's garment care preferences (issue 18, decision 034): one row per customer in
 * care_preferences, written by one upsert; read by the account and, for staff, beside each
 * order (driver's stop, order page, intake).
 */

type CareRow = typeof carePreferences.$inferSelect;

function asPreferences(row: CareRow | undefined): CarePreferences {
  if (!row) return { ...noCarePreferences };
  return {
    shirts: row.shirts,
    starch: row.starch,
    no_plastic_covers: row.noPlasticCovers,
    return_hangers: row.returnHangers,
    detergent_notes: row.detergentNotes,
    handover_notes: row.handoverNotes,
  };
}

/** The customer's preferences (none chosen yet: the defaults). */
export async function getCarePreferences(
  deps: Pick<AppServices, 'db'>,
  input: { customerId: string },
): Promise<CarePreferences> {
  const [row] = await deps.db
    .select()
    .from(carePreferences)
    .where(eq(carePreferences.customerId, input.customerId))
    .limit(1);
  return asPreferences(row);
}

/** Sets all the preferences at once (one upsert: two saves at once leave one of them whole). */
export async function saveCarePreferences(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { customerId: string } & CarePreferences,
): Promise<CarePreferences> {
  const values = {
    shirts: input.shirts,
    starch: input.starch,
    noPlasticCovers: input.no_plastic_covers,
    returnHangers: input.return_hangers,
    detergentNotes: input.detergent_notes,
    handoverNotes: input.handover_notes,
    updatedAt: deps.now(),
  };
  const [row] = await deps.db
    .insert(carePreferences)
    .values({ customerId: input.customerId, ...values })
    .onConflictDoUpdate({ target: carePreferences.customerId, set: values })
    .returning();
  return asPreferences(row);
}

/** The preferences of some customers (those without any are absent), for staff's views. */
export async function careOfCustomers(
  db: DbOrTx,
  customerIds: (string | null)[],
): Promise<Map<string, CarePreferences>> {
  const ids = [...new Set(customerIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(carePreferences)
    .where(inArray(carePreferences.customerId, ids));
  return new Map(rows.map((r) => [r.customerId, asPreferences(r)]));
}
