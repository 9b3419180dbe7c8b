import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { garmentScans, staffUsers, type GarmentScanKind } from '../../db/schema';

/*
 * The log of a garment's tag scans (issue 34, decision 063): who scanned or typed it, where
 * and why, written by the use-case acting on the scan (in its transaction when it has one).
 */

/** Who scanned: the staff member (and the branch of their session, when they chose one). */
export type Scanner = { id: string; sessionBranchId?: number | null };

/** One row per garment scanned. */
export async function recordScans(
  db: DbOrTx,
  input: { scanner: Scanner; what: GarmentScanKind; orderGarmentIds: number[]; now: Date },
) {
  if (input.orderGarmentIds.length === 0) return;
  await db.insert(garmentScans).values(
    input.orderGarmentIds.map((orderGarmentId) => ({
      orderGarmentId,
      staffId: input.scanner.id,
      branchId: input.scanner.sessionBranchId ?? null,
      what: input.what,
      at: input.now,
    })),
  );
}

/** The scans of some garments, oldest first, with the name of who scanned. */
export async function scansOf(db: DbOrTx, orderGarmentIds: number[]) {
  if (orderGarmentIds.length === 0) return [];
  return db
    .select({
      orderGarmentId: garmentScans.orderGarmentId,
      what: garmentScans.what,
      at: garmentScans.at,
      by: staffUsers.name,
    })
    .from(garmentScans)
    .leftJoin(staffUsers, eq(staffUsers.id, garmentScans.staffId))
    .where(inArray(garmentScans.orderGarmentId, orderGarmentIds))
    .orderBy(asc(garmentScans.at), asc(garmentScans.id));
}
