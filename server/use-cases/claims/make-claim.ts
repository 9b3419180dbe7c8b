import { and, desc, eq, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import type { ClaimInput } from '@shared/claims/input';
import {
  answerDueAt,
  claimWindowEndsAt,
  londonDateTime,
  type ClaimItemKind,
} from '@shared/claims/window';
import { orderNumber } from '@shared/order-number';
import type { DbOrTx } from '../../db/client';
import {
  claimDisputes,
  claimItems,
  claims,
  orderEvents,
  orderGarments,
  orders,
} from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { pushStaff } from '../messages/push-staff';
import { currentClaimTable } from './claim-table';
import { openReclean } from './reclean';

/*
 * The customer makes a claim (issue 34, decision 063): on their own order's garments, within
 * each kind's window (409 with the time it closed), a re-clean opened at once on the board.
 */

export const claimMessages = {
  notFound: 'We could not find that order.',
  claimNotFound: 'We could not find that claim.',
  garmentNotFound: 'We could not find that garment on this order.',
  closed: (endedAt: Date) =>
    `Claims of this kind could be made until ${londonDateTime(endedAt)}. Please call us, and we will look into it.`,
  notOpen: (kind: ClaimItemKind) =>
    kind === 'missing' || kind === 'not-mine'
      ? 'A missing garment can be claimed once we have sent the intake report, or once the order has reached you.'
      : 'Damage or a re-clean can be claimed once the order has been delivered.',
  alreadyClaimed: 'This garment is already in a claim of yours that is still open.',
  declinedOpen:
    'This garment is in a claim we declined. If you think we are wrong, dispute that answer on the claim’s page: the owner will look at it again.',
} as const;

/** When the order reached the customer: its last move to 'delivered' (driver or counter). */
export async function deliveredAt(db: DbOrTx, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'delivered')))
    .orderBy(desc(orderEvents.at))
    .limit(1);
  return row?.at ?? null;
}

export async function makeClaim(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: ClaimInput & { customerId: string; orderId: string },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.customerId, input.customerId)))
      .for('update');
    if (!order) throw new NotFoundError(claimMessages.notFound);
    const ids = input.items.map((i) => i.order_garment_id);
    const garments = await tx
      .select()
      .from(orderGarments)
      .where(and(eq(orderGarments.orderId, order.id), inArray(orderGarments.id, ids)));
    if (garments.length !== ids.length) throw new NotFoundError(claimMessages.garmentNotFound);
    const { table } = await currentClaimTable(tx);
    const times = {
      intakeReportedAt: order.intakeReportedAt,
      deliveredAt: await deliveredAt(tx, order.id),
    };
    for (const item of input.items) {
      const endsAt = claimWindowEndsAt(item.kind, times, table.settings);
      if (!endsAt) {
        throw new ConflictError(claimMessages.notOpen(item.kind), 'claim-window-not-open');
      }
      if (now.getTime() > endsAt.getTime()) {
        throw new ConflictError(claimMessages.closed(endsAt), 'claim-window-closed');
      }
    }
    const pending = await tx
      .select({ id: claimItems.id, status: claims.status })
      .from(claimItems)
      .innerJoin(claims, eq(claims.id, claimItems.claimId))
      .where(
        and(
          inArray(claimItems.orderGarmentId, ids),
          ne(claims.status, 'mix-up'),
          // A decline is final once the owner declined its dispute; until then it may be
          // disputed and raised, so its garments stay in it (one garment paid once).
          or(
            ne(claims.status, 'declined'),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(claimDisputes)
                .where(
                  and(eq(claimDisputes.claimId, claims.id), eq(claimDisputes.answer, 'declined')),
                ),
            ),
          ),
        ),
      )
      .limit(1);
    // A mix-up put right, or a decline made final, leaves the garment free to claim (a
    // mix-up's own garment not found is then claimed as missing).
    if (pending[0]?.status === 'declined') {
      throw new ConflictError(claimMessages.declinedOpen, 'claim-garment-declined');
    }
    if (pending.length) throw new ConflictError(claimMessages.alreadyClaimed, 'already-done');

    const onlyReclean = input.items.every((i) => i.kind === 're-clean');
    const [claim] = await tx
      .insert(claims)
      .values({
        orderId: order.id,
        customerId: input.customerId,
        branchId: order.branchId,
        status: onlyReclean ? 'closed' : 'open',
        note: input.note,
        madeAt: now,
        answerDueAt: answerDueAt(now, table.settings),
        closedAt: onlyReclean ? now : null,
      })
      .returning();
    const byId = new Map(garments.map((g) => [g.id, g]));
    const recleans = input.items.filter((i) => i.kind === 're-clean');
    const recleanOrder = recleans.length
      ? await openReclean(tx, {
          order,
          garments: recleans.map((i) => byId.get(i.order_garment_id)!),
          claimId: claim!.id,
          now,
          brand: deps.config.brand,
        })
      : null;
    const items = await tx
      .insert(claimItems)
      .values(
        input.items.map((i) => {
          const garment = byId.get(i.order_garment_id)!;
          return {
            claimId: claim!.id,
            orderGarmentId: garment.id,
            kind: i.kind,
            damageKind: i.kind === 'damaged' ? (i.damage_kind ?? 'other') : null,
            category: i.category,
            ageMonths: i.age_months,
            statedCostPence: i.replacement_cost ?? null,
            // No grade is recorded at intake yet: average, which staff correct with a reason.
            condition: 'average' as const,
            cleaningChargePence: garment.unitPricePence,
            note: i.note,
            recleanOrderId: i.kind === 're-clean' ? (recleanOrder?.id ?? null) : null,
          };
        }),
      )
      .returning();
    // Staff of the order's branch (and owners) who asked for it on a device (decision 060).
    await pushStaff(tx, { event: 'new-claim', order, claimId: claim!.id, now }, deps);
    await recordAudit(tx, {
      actor: null,
      now,
      action: 'claim.made',
      entity: 'claim',
      entityId: claim!.id,
      after: {
        by: 'customer',
        customerId: input.customerId,
        orderId: order.id,
        items: items.map((i) => ({ id: i.id, kind: i.kind, garment: i.orderGarmentId })),
        recleanOrderId: recleanOrder?.id ?? null,
      },
    });
    return {
      claim: claim!,
      items,
      orderNo: orderNumber(deps.config.brand, order.orderNo),
      recleanOrderNo: recleanOrder ? orderNumber(deps.config.brand, recleanOrder.orderNo) : null,
    };
  });
}
