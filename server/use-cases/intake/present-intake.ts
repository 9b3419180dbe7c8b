import { formatPence } from '@shared/money';
import type { OrderNumbering } from '@shared/order-number';
import { orderNoView } from '../orders/present-order-parts';
import { approvalText } from '../approvals/present-approval';
import type { GarmentRow, listGarments, SignedPhoto } from './list-garments';

/** One garment of an order as the API shows it: money as '12.50'. */
export function garmentView(
  g: GarmentRow,
  extra: { earlierVisits: number; photos: readonly SignedPhoto[] },
) {
  return {
    id: g.id,
    garment_id: g.garmentId,
    tag_number: g.tagNumber,
    service_id: g.serviceId,
    item_name: g.itemName,
    price: formatPence(g.unitPricePence),
    colour: g.colour,
    brand: g.brand,
    treatment: g.treatment,
    damage_note: g.damageNote,
    pocket_note: g.pocketNote,
    recorded_at: g.createdAt.toISOString(),
    earlier_visits: extra.earlierVisits,
    photos: extra.photos
      .filter((p) => p.orderGarmentId === g.id)
      .map((p) => ({ id: p.id, kind: p.kind, url: p.url })),
  };
}

/** An order's intake as the API shows it. */
export function intakeView(
  numbering: OrderNumbering,
  intake: Awaited<ReturnType<typeof listGarments>>,
) {
  const { photos } = intake;
  return {
    ...orderNoView(numbering, intake.order),
    open: intake.open,
    suggested_tag: intake.suggestedTag,
    garments: intake.garments.map((g) =>
      garmentView(g, { earlierVisits: intake.earlierVisits.get(g.garmentId) ?? 0, photos }),
    ),
    earlier: intake.earlier.map((e) => ({
      garment_id: e.garmentId,
      tag_number: e.latest.tagNumber,
      item_name: e.latest.itemName,
      colour: e.latest.colour,
      brand: e.latest.brand,
      last_seen: e.latest.createdAt.toISOString(),
      thumbnail: photos.find((p) => p.orderGarmentId === e.latest.id)?.url ?? null,
      visits: e.visits.map((v) => ({
        ...orderNoView(numbering, v),
        tag_number: v.row.tagNumber,
        treatment: v.row.treatment,
        damage_note: v.row.damageNote,
        at: v.row.createdAt.toISOString(),
      })),
    })),
  };
}

/** What a change to the garments did to the order's total, for staff. */
export function garmentsSavedView(
  numbering: OrderNumbering,
  done: string,
  totals: {
    orderNo: number;
    totalPence: number;
    minimumApplied: boolean;
    approvalRequested: { amountPence: number; capPence: number } | null;
    approvalHeld?: { amountPence: number; capPence: number } | null;
  },
) {
  return {
    message: [
      done,
      `The order's total is now £${formatPence(totals.totalPence)}.`,
      totals.approvalRequested ? approvalText.requested(totals.approvalRequested) : null,
      totals.approvalHeld ? approvalText.held(totals.approvalHeld) : null,
    ]
      .filter(Boolean)
      .join(' '),
    ...orderNoView(numbering, totals),
    total: formatPence(totals.totalPence),
    minimum_applied: totals.minimumApplied,
    awaiting_approval: totals.approvalRequested !== null,
  };
}

/** Where a scanned or typed tag leads: its order and garment, and the page that shows it. */
export function tagFoundView(
  numbering: OrderNumbering,
  found: {
    orderId: string;
    orderNo: number;
    orderGarmentId: number;
    tagNumber: string;
    itemName: string;
  },
) {
  return {
    order_id: found.orderId,
    ...orderNoView(numbering, found),
    order_garment_id: found.orderGarmentId,
    tag_number: found.tagNumber,
    item_name: found.itemName,
    path: `/admin/orders/${found.orderId}#garment-${found.orderGarmentId}`,
  };
}
