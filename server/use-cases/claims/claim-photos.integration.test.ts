import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { deliveredShirts } from '@tests/helpers/claim-fixtures';
import { garmentPhotoBytes } from '@tests/helpers/intake-fixtures';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { auditLog, claimPhotos } from '../../db/schema';
import type { AppError } from '../../errors';
import { addClaimPhoto } from './claim-photos';
import { makeClaim } from './make-claim';

/*
 * Decision 063: a customer's photos of claimed garments are limited (30 an hour per customer,
 * the project's database-backed limiter: the next is a 429 and stores nothing) and each one
 * added is audited.
 */

const start = new Date('2026-12-01T09:00:00Z');
let world: UseCaseWorld;

beforeAll(async () => {
  world = await createUseCaseWorld(start);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('photos of a claim', () => {
  it('audited when added; refused with 429 past the hour’s limit, nothing stored', async () => {
    const { order, garments } = await deliveredShirts(world.services, world.actor, {
      customerId: world.customerId,
      at: start,
      tags: ['PH-1'],
    });
    const services = { ...world.services, now: () => new Date(start.getTime() + 2 * 3600_000) };
    const made = await makeClaim(services, {
      customerId: world.customerId,
      orderId: order.id,
      note: '',
      items: [
        {
          order_garment_id: garments[0]!.id,
          kind: 'damaged',
          damage_kind: 'hole-or-tear',
          category: 'shirts',
          age_months: 2,
          note: '',
        },
      ],
    });
    const photo = {
      customerId: world.customerId,
      claimId: made.claim.id,
      claimItemId: made.items[0]!.id,
      role: 'damage' as const,
      bytes: await garmentPhotoBytes(),
    };
    const added = await addClaimPhoto(services, photo);
    const [audit] = await world.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'claim.photo-added'), eq(auditLog.entityId, String(made.claim.id))),
      );
    expect(audit?.after).toMatchObject({ by: 'customer', role: 'damage', photoId: added.id });

    // The rest of the hour's allowance used up: the next photo is refused.
    const rule = rateRules.claimPhotoPerCustomer;
    for (let i = 1; i < rule.limit; i += 1) {
      await hitRateLimit(world.database.db, rule, world.customerId, services.now());
    }
    const refused = await addClaimPhoto(services, photo).then(
      () => null,
      (error: unknown) => error as AppError,
    );
    expect(refused?.kind).toBe('rate-limited');
    const linked = await world.database.db
      .select()
      .from(claimPhotos)
      .where(eq(claimPhotos.claimItemId, made.items[0]!.id));
    expect(linked).toHaveLength(1);
  });
});
