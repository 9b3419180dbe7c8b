import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderCases, orderGarments, orders, photos } from '../../db/schema';
import { NotFoundError, UnauthorizedError } from '../../errors';
import { intakeAccessMessages, intakeTokenValid } from '../../auth/intake-report-access';
import type { AppServices } from '../../services';
import { photoUrl } from '../photos/photo-url';

/*
 * The intake report of an order (issue 16, docs/decisions/028): its garments as recorded at
 * intake (tag, item, colour, brand, damage and pocket notes, photos) and the cases the
 * customer opened on it. Seen by the order's customer logged in, or by the holder of the
 * e-mailed link; never by another customer (404).
 */

export type OrderRow = typeof orders.$inferSelect;
export type GarmentRow = typeof orderGarments.$inferSelect;
export type CaseRow = typeof orderCases.$inferSelect;
/** A photo of a garment, with its signed, expiring URL (decision 025). */
export type PhotoRef = {
  id: string;
  kind: 'collection' | 'delivery' | 'garment' | 'damage';
  url: string | null;
};
type PhotoDeps = Pick<AppServices, 'db' | 'config' | 'now'>;

/** The signed URL of a photo, from the photos' contract (decision 025). */
async function urlOfPhoto(deps: PhotoDeps, photoId: string): Promise<string | null> {
  return photoUrl(deps, photoId);
}

/** Who asks for a report: the holder of its link, or a customer logged in. */
export type IntakeCaller = {
  orderId: string;
  /** `t` of the e-mailed link. */
  token?: string | null;
  /** The customer logged in, if any. */
  customerId?: string | null;
};

/**
 * The order a caller may see the report of, and how they came. 404 for an unknown order, for
 * another customer's order, and for a report not sent yet; 401 without a valid link or login.
 */
export async function accessIntakeReport(
  db: DbOrTx,
  input: IntakeCaller & { now: Date; lock?: boolean },
  deps: Pick<AppServices, 'links'>,
): Promise<{ order: OrderRow & { intakeReportedAt: Date }; via: 'link' | 'account' }> {
  const { now, lock = false, ...caller } = input;
  const query = db.select().from(orders).where(eq(orders.id, caller.orderId)).limit(1);
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new NotFoundError(intakeAccessMessages.notFound);
  let via: 'link' | 'account';
  if (intakeTokenValid(deps, order.id, caller.token, now)) via = 'link';
  else if (caller.customerId && order.customerId === caller.customerId) via = 'account';
  // Logged in, but not theirs: as if it did not exist.
  else if (caller.customerId) throw new NotFoundError(intakeAccessMessages.notFound);
  else throw new UnauthorizedError(intakeAccessMessages.refused, 'link-invalid');
  if (!order.intakeReportedAt) throw new NotFoundError(intakeAccessMessages.notSent);
  return { order: { ...order, intakeReportedAt: order.intakeReportedAt }, via };
}

/** The garments of some orders, in tag order. */
export async function garmentsOf(db: DbOrTx, orderIds: string[]): Promise<GarmentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderGarments)
    .where(inArray(orderGarments.orderId, orderIds))
    .orderBy(asc(orderGarments.createdAt), asc(orderGarments.id));
}

/** The garment and damage photos of some garments of orders, oldest first, by garment. */
export async function photosOf(
  deps: PhotoDeps,
  orderGarmentIds: number[],
): Promise<Map<number, PhotoRef[]>> {
  const byGarment = new Map<number, PhotoRef[]>();
  if (orderGarmentIds.length === 0) return byGarment;
  const rows = await deps.db
    .select({ id: photos.id, kind: photos.kind, orderGarmentId: photos.orderGarmentId })
    .from(photos)
    .where(inArray(photos.orderGarmentId, orderGarmentIds))
    .orderBy(asc(photos.createdAt), asc(photos.id));
  for (const row of rows) {
    const list = byGarment.get(row.orderGarmentId!) ?? [];
    list.push({ id: row.id, kind: row.kind, url: await urlOfPhoto(deps, row.id) });
    byGarment.set(row.orderGarmentId!, list);
  }
  return byGarment;
}

/** The cases of an order, oldest first. */
export async function casesOf(db: DbOrTx, orderId: string): Promise<CaseRow[]> {
  return db
    .select()
    .from(orderCases)
    .where(eq(orderCases.orderId, orderId))
    .orderBy(asc(orderCases.openedAt), asc(orderCases.id));
}

/** What the report page and the API show the customer. */
export async function intakeReport(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'now'>,
  caller: IntakeCaller,
) {
  const now = deps.now();
  const { order, via } = await accessIntakeReport(deps.db, { ...caller, now }, deps);
  const garments = await garmentsOf(deps.db, [order.id]);
  return {
    order,
    via,
    now,
    garments,
    photos: await photosOf(
      deps,
      garments.map((g) => g.id),
    ),
    cases: await casesOf(deps.db, order.id),
  };
}

/** The reports of a customer's orders (the account's order view), by order id. */
export async function customerIntakeReports(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: { customerId: string },
) {
  const now = deps.now();
  const reported = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.customerId, input.customerId));
  const sent = reported.filter((o) => o.intakeReportedAt !== null);
  const garments = await garmentsOf(
    deps.db,
    sent.map((o) => o.id),
  );
  const photoMap = await photosOf(
    deps,
    garments.map((g) => g.id),
  );
  const reports = [];
  for (const order of sent) {
    reports.push({
      order: { ...order, intakeReportedAt: order.intakeReportedAt! },
      via: 'account' as const,
      now,
      garments: garments.filter((g) => g.orderId === order.id),
      photos: photoMap,
      cases: await casesOf(deps.db, order.id),
    });
  }
  return reports;
}

/** What staff see on the order's page: garments recorded, the report's state, its cases. */
export async function adminIntakeReport(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { orderId: string },
) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, input.orderId)).limit(1);
  if (!order) throw new NotFoundError(intakeAccessMessages.notFound);
  const garments = await garmentsOf(deps.db, [order.id]);
  return { order, now: deps.now(), garments, cases: await casesOf(deps.db, order.id) };
}
