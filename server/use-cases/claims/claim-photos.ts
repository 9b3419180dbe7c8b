import { and, eq } from 'drizzle-orm';
import { claimItems, claimPhotos, claims } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { storePhoto } from '../photos/store-photo';
import { claimMessages } from './make-claim';

/*
 * The customer's own photos of a claimed garment (issue 34): the damage, or the receipt for
 * what a new one costs (a receipt lets the offer use the customer's cost above the ceiling).
 * Kept like every photo of an order (decision 025: upright, resized, no metadata), as a
 * 'damage' photo not tied to the garment's intake record, and linked to the claim; limited per
 * customer (30 an hour) and audited (decision 063).
 */

export async function addClaimPhoto(
  deps: Pick<AppServices, 'db' | 'storage' | 'now'>,
  input: {
    customerId: string;
    claimId: number;
    claimItemId: number;
    role: 'damage' | 'receipt';
    bytes: Buffer;
  },
): Promise<{ id: string }> {
  const [row] = await deps.db
    .select({ claim: claims, item: claimItems })
    .from(claimItems)
    .innerJoin(claims, eq(claims.id, claimItems.claimId))
    .where(and(eq(claimItems.id, input.claimItemId), eq(claims.id, input.claimId)));
  if (!row || row.claim.customerId !== input.customerId) {
    throw new NotFoundError(claimMessages.claimNotFound);
  }
  if (row.claim.status !== 'open') {
    throw new ConflictError(
      'Photos are added while we look into the claim, before our answer.',
      'already-done',
    );
  }
  // Each photo is stored and resized: a customer (or a stolen session) cannot flood the disk.
  const now = deps.now();
  await hitRateLimit(deps.db, rateRules.claimPhotoPerCustomer, input.customerId, now);
  const photo = await storePhoto(deps, {
    orderId: row.claim.orderId,
    kind: 'damage',
    bytes: input.bytes,
    staffId: null,
    orderGarmentId: null,
  });
  await deps.db.transaction(async (tx) => {
    if (input.role === 'receipt') {
      await tx
        .update(claimItems)
        .set({ receiptPhotoId: photo.id })
        .where(eq(claimItems.id, input.claimItemId));
    } else {
      await tx.insert(claimPhotos).values({ claimItemId: input.claimItemId, photoId: photo.id });
    }
    await recordAudit(tx, {
      actor: null,
      now,
      action: 'claim.photo-added',
      entity: 'claim',
      entityId: input.claimId,
      after: {
        by: 'customer',
        claimItemId: input.claimItemId,
        role: input.role,
        photoId: photo.id,
      },
    });
  });
  return photo;
}
