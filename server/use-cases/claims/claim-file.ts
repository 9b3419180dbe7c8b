import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  claimDisputes,
  claimItems,
  claimPayments,
  claimPhotos,
  claims,
  orderEvents,
  orderGarments,
  orders,
  photos,
  staffUsers,
  stopEvents,
} from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { scansOf } from '../intake/garment-scans';
import { ofBranches } from '../orders/list-orders';
import { photoUrl } from '../photos/photo-url';
import { assertInScope, type StaffScope } from './claim-scope';
import { standingOffer } from './find-fault';
import { claimMessages } from './make-claim';

/*
 * A claim's whole file (issue 34): the claim, its garments with the customer's photos, the
 * standing offer, the payment, the disputes, and the evidence gathered by itself from what
 * the shop recorded (intake notes and photos, who recorded each tag and when, the tag's scans, the order's
 * moves with who made them, the driver's bags, seals, photos and count). Both sides see it.
 */

type Deps = Pick<AppServices, 'db' | 'config' | 'now'>;
type PhotoRef = { id: string; url: string };

async function refs(deps: Deps, ids: string[]): Promise<PhotoRef[]> {
  return Promise.all(ids.map(async (id) => ({ id, url: await photoUrl(deps, id) })));
}

async function staffNames(db: DbOrTx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db
        .select({ id: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(inArray(staffUsers.id, wanted))
    : [];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The evidence of some garments of an order, gathered from the shop's own records. */
export async function claimEvidence(deps: Deps, orderId: string, orderGarmentIds: number[]) {
  const { db } = deps;
  const garments = await db
    .select()
    .from(orderGarments)
    .where(and(eq(orderGarments.orderId, orderId), inArray(orderGarments.id, orderGarmentIds)))
    .orderBy(asc(orderGarments.id));
  const intakePhotos = await db
    .select({ id: photos.id, orderGarmentId: photos.orderGarmentId })
    .from(photos)
    .where(inArray(photos.orderGarmentId, orderGarmentIds))
    .orderBy(asc(photos.createdAt), asc(photos.id));
  const stops = await db
    .select()
    .from(stopEvents)
    .where(and(eq(stopEvents.orderId, orderId), ne(stopEvents.outcome, 'not-home')))
    .orderBy(asc(stopEvents.at), asc(stopEvents.id));
  const moves = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const scans = await scansOf(db, orderGarmentIds);
  const names = await staffNames(db, [
    ...garments.map((g) => g.staffId),
    ...stops.map((s) => s.staffId),
  ]);
  return {
    garments: await Promise.all(
      garments.map(async (g) => ({
        garment: g,
        recordedBy: g.staffId ? (names.get(g.staffId) ?? null) : null,
        scans: scans.filter((s) => s.orderGarmentId === g.id),
        photos: await refs(
          deps,
          intakePhotos.filter((p) => p.orderGarmentId === g.id).map((p) => p.id),
        ),
      })),
    ),
    stops: await Promise.all(
      stops.map(async (s) => ({
        stop: s,
        by: s.staffId ? (names.get(s.staffId) ?? null) : null,
        photo: s.photoId ? (await refs(deps, [s.photoId]))[0]! : null,
      })),
    ),
    moves,
  };
}

/**
 * A claim's file, for its customer (404 for anyone else's) or for staff (customerId null),
 * whose branch scope must show the claim's order (404 otherwise, as for another customer).
 */
export async function claimFile(
  deps: Deps,
  input: { claimId: number; customerId: string | null; scope?: StaffScope },
) {
  const { db } = deps;
  const [claim] = await db.select().from(claims).where(eq(claims.id, input.claimId));
  if (!claim || (input.customerId !== null && claim.customerId !== input.customerId)) {
    throw new NotFoundError(claimMessages.claimNotFound);
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, claim.orderId));
  assertInScope(input.scope, order!.branchId);
  const items = await db
    .select({ item: claimItems, garment: orderGarments })
    .from(claimItems)
    .innerJoin(orderGarments, eq(orderGarments.id, claimItems.orderGarmentId))
    .where(eq(claimItems.claimId, claim.id))
    .orderBy(asc(claimItems.id));
  const linked = items.length
    ? await db
        .select()
        .from(claimPhotos)
        .where(
          inArray(
            claimPhotos.claimItemId,
            items.map((i) => i.item.id),
          ),
        )
    : [];
  const recleanIds = [
    ...new Set(items.flatMap((i) => (i.item.recleanOrderId ? [i.item.recleanOrderId] : []))),
  ];
  const recleans = recleanIds.length
    ? await db
        .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status })
        .from(orders)
        .where(inArray(orders.id, recleanIds))
    : [];
  const [payment] = await db
    .select()
    .from(claimPayments)
    .where(eq(claimPayments.claimId, claim.id));
  const disputes = await db
    .select()
    .from(claimDisputes)
    .where(eq(claimDisputes.claimId, claim.id))
    .orderBy(asc(claimDisputes.id));
  return {
    claim,
    order: order!,
    items: await Promise.all(
      items.map(async ({ item, garment }) => ({
        item,
        garment,
        photos: await refs(
          deps,
          linked.filter((p) => p.claimItemId === item.id).map((p) => p.photoId),
        ),
        receipt: item.receiptPhotoId ? (await refs(deps, [item.receiptPhotoId]))[0]! : null,
        reclean: recleans.find((r) => r.id === item.recleanOrderId) ?? null,
      })),
    ),
    offer: await standingOffer(db, claim.id),
    payment: payment ?? null,
    disputes,
    evidence: await claimEvidence(
      deps,
      claim.orderId,
      items.map((i) => i.garment.id),
    ),
  };
}
export type ClaimFile = Awaited<ReturnType<typeof claimFile>>;

/** The customer's claims, newest first (for their account and an order's page). */
export async function customerClaims(
  deps: Pick<AppServices, 'db'>,
  input: { customerId: string; orderId?: string },
) {
  return deps.db
    .select()
    .from(claims)
    .where(
      and(
        eq(claims.customerId, input.customerId),
        input.orderId ? eq(claims.orderId, input.orderId) : undefined,
      ),
    )
    .orderBy(desc(claims.madeAt), desc(claims.id));
}

/**
 * The board's claims waiting on the shop, oldest first (their age is what staff see), of the
 * orders the caller's branch scope shows (as the board and the order list: decision 047).
 */
export async function waitingClaims(
  deps: Pick<AppServices, 'db'>,
  input: { branchIds: number[] | null },
) {
  return deps.db
    .select({ claim: claims, orderNo: orders.orderNo })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(
      and(
        inArray(claims.status, ['open', 'sign-off', 'disputed']),
        isNull(claims.closedAt),
        ofBranches(input.branchIds),
      ),
    )
    .orderBy(asc(claims.madeAt), asc(claims.id));
}
