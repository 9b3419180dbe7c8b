import { caseWindowEndsAt, caseWindowOpen } from '@shared/intake-report';
import { londonDate } from '@shared/london-time';
import type { OrderNumbering } from '@shared/order-number';
import { orderNoView } from '../orders/present-order-parts';
import type { CaseRow, GarmentRow, OrderRow, PhotoRef } from './intake-report';

/** An order's number as the presenters of orders write it. */
const numberOf = (numbering: OrderNumbering, o: OrderRow) => orderNoView(numbering, o).order_no;

/*
 * What the report page, the account, the back office and the API show of an intake report,
 * its cases and the customer's garments (issue 16, decision 028).
 */

function garmentView(g: GarmentRow, photos: PhotoRef[]) {
  return {
    id: g.id,
    garment_id: g.garmentId,
    tag_number: g.tagNumber,
    item_name: g.itemName,
    colour: g.colour,
    brand: g.brand,
    damage_note: g.damageNote,
    pocket_note: g.pocketNote,
    photos: photos
      .filter((p): p is PhotoRef & { url: string } => p.url !== null)
      .map((p) => ({ id: p.id, kind: p.kind, url: p.url })),
  };
}

export function caseView(c: CaseRow, garments: GarmentRow[]) {
  const garment = garments.find((g) => g.id === c.orderGarmentId) ?? null;
  return {
    id: c.id,
    kind: c.kind,
    order_garment_id: c.orderGarmentId,
    garment: garment ? `Tag ${garment.tagNumber} · ${garment.itemName}` : null,
    description: c.body,
    opened_at: c.openedAt.toISOString(),
    answer: c.answer,
    answered_at: c.answeredAt?.toISOString() ?? null,
    state: c.answer === null ? ('open' as const) : ('answered' as const),
  };
}

/** The customer's intake report of one order. */
export function intakeReportView(
  numbering: OrderNumbering,
  r: {
    order: OrderRow & { intakeReportedAt: Date };
    now: Date;
    garments: GarmentRow[];
    photos: Map<number, PhotoRef[]>;
    cases: CaseRow[];
  },
) {
  return {
    order_id: r.order.id,
    order_no: numberOf(numbering, r.order),
    reported_at: r.order.intakeReportedAt.toISOString(),
    cases_until: caseWindowEndsAt(r.order.intakeReportedAt).toISOString(),
    cases_until_display: londonDate(caseWindowEndsAt(r.order.intakeReportedAt)),
    can_open_case: caseWindowOpen(r.order.intakeReportedAt, r.now),
    garments: r.garments.map((g) => garmentView(g, r.photos.get(g.id) ?? [])),
    cases: r.cases.map((c) => caseView(c, r.garments)),
  };
}
export type IntakeReportView = ReturnType<typeof intakeReportView>;

/** What staff see of the report on the order's page. */
export function adminIntakeReportView(r: {
  order: OrderRow;
  now: Date;
  garments: GarmentRow[];
  cases: CaseRow[];
}) {
  const reportedAt = r.order.intakeReportedAt;
  return {
    garments: r.garments.length,
    reported_at: reportedAt?.toISOString() ?? null,
    cases_until: reportedAt ? caseWindowEndsAt(reportedAt).toISOString() : null,
    can_open_case: caseWindowOpen(reportedAt, r.now),
    cases: r.cases.map((c) => caseView(c, r.garments)),
  };
}
export type AdminIntakeReportView = ReturnType<typeof adminIntakeReportView>;

/** The board's orders with open cases. */
export function openCasesView(
  numbering: OrderNumbering,
  r: { total: number; orders: { order: OrderRow; open: number; since: Date }[] },
) {
  return {
    total: r.total,
    orders: r.orders.map((o) => ({
      id: o.order.id,
      order_no: numberOf(numbering, o.order),
      customer_name: o.order.customerName,
      status: o.order.status,
      open_cases: o.open,
      oldest_opened_at: o.since.toISOString(),
    })),
  };
}
export type OpenCasesView = ReturnType<typeof openCasesView>;

/** The customer's garments, each with its latest look and its history across orders. */
export function customerGarmentsView(
  numbering: OrderNumbering,
  list: {
    garmentId: string;
    visits: { garment: GarmentRow; order: OrderRow; photos: PhotoRef[] }[];
  }[],
) {
  return list.map(({ garmentId, visits }) => {
    const latest = visits[0]!.garment;
    const latestPhoto = visits
      .flatMap((v) => v.photos)
      .find((p) => p.url !== null && p.kind === 'garment');
    return {
      id: garmentId,
      item_name: latest.itemName,
      colour: latest.colour,
      brand: latest.brand,
      tag_number: latest.tagNumber,
      photo_url: latestPhoto?.url ?? null,
      history: visits.map((v) => ({
        order_id: v.order.id,
        order_no: numberOf(numbering, v.order),
        date: londonDate(v.order.pickupStartsAt),
        tag_number: v.garment.tagNumber,
        treatment: v.garment.treatment || v.garment.itemName,
        damage_note: v.garment.damageNote,
        pocket_note: v.garment.pocketNote,
        photos: v.photos
          .filter((p): p is PhotoRef & { url: string } => p.url !== null)
          .map((p) => ({ id: p.id, kind: p.kind, url: p.url })),
      })),
    };
  });
}
export type CustomerGarmentsView = ReturnType<typeof customerGarmentsView>;
