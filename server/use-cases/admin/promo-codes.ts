import { desc, eq } from 'drizzle-orm';
import { describeOffer, describeRules, type NewPromoCode } from '@shared/promo';
import { isUniqueViolation } from '../../db/errors';
import { promoCodes } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { recordAudit, snapshot, type Actor } from '../audit/record-audit';
import type { AppServices } from '../../services';

/** The back office's list of promo codes (issue 18), newest first, as the page shows them. */
export async function listPromoCodes(deps: Pick<AppServices, 'db'>) {
  const rows = await deps.db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    description: r.description,
    offer: describeOffer(r),
    rules: describeRules(r),
    used: r.used,
    totalLimit: r.totalLimit,
    active: r.active,
  }));
}

/** A new promo code, audited; a code already taken is refused on its field. */
export async function createPromoCode(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; code: NewPromoCode },
) {
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promoCodes)
        .values({ ...input.code, createdAt: now })
        .returning();
      await recordAudit(tx, {
        actor: input.actor,
        now,
        action: 'promo.create',
        entity: 'promo_code',
        entityId: row!.id,
        after: snapshot(row) as Record<string, unknown>,
      });
      return { id: row!.id, message: `Promo code ${row!.code} created.` };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = `The code ${input.code.code} exists already.`;
      throw new ValidationError(message, { code: [message] });
    }
    throw error;
  }
}

/**
 * Deactivates (or reactivates) a code: from then on it is refused as unknown at checkout.
 * Orders placed with it keep their discount. Codes are never deleted (orders name them).
 */
export async function setPromoCodeActive(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; id: number; active: boolean },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(promoCodes)
      .set({ active: input.active })
      .where(eq(promoCodes.id, input.id))
      .returning();
    if (!row) throw new NotFoundError('We could not find that promo code.');
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: input.active ? 'promo.activate' : 'promo.deactivate',
      entity: 'promo_code',
      entityId: row.id,
      after: { active: input.active },
    });
    return { message: `Promo code ${row.code} ${input.active ? 'reactivated' : 'deactivated'}.` };
  });
}
