import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Brand } from '@shared/brand';
import { amountDue, invoiceProblems, priceInvoice, type InvoiceLineInput } from '@shared/invoice';
import { LONDON_ZONE, londonWindow, orderNumber } from '@shared/london-time';
import { formatGbp, formatPence } from '@shared/money';
import { canItemise, canMove, nextStatuses } from '@shared/order-pipeline';
import { orderStatuses, type OrderStatus } from '@shared/order-status';
import type { MailService } from '../../adapters/mail/mail-service';
import type { Database, DbOrTx } from '../../db/client';
import {
  customerCredits,
  orderEvents,
  orderItems,
  orders,
  payments,
  services,
} from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { releaseSlots } from '../slots/reserve-slots';
import { recordAudit, type Actor } from './audit';
import { invoiceEmail, statusEmail } from './order-emails';
import {
  overpaidPence,
  settleOverpayment,
  type SettleDeps,
  type Settlement,
} from '../payments/settle-overpayment';
import type { LinkSigner } from '../../auth/signed-links';
import { savedCardOf } from '../payments/charge-order';
import { orderAddressLines } from '../accounts/full-address';

/** A search term taken literally inside LIKE. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type AdminDeps = {
  db: Database;
  mail: MailService;
  brand: Brand;
  publicUrl: string;
  links: LinkSigner;
  /** The providers that took the money, for refunds. */
  providers: SettleDeps['providers'];
};

type OrderRow = typeof orders.$inferSelect;

/** The London calendar day [start, end) of a YYYY-MM-DD date, as instants. */
export function londonDayRange(day: string): { from: Date; to: Date } {
  const start = DateTime.fromISO(day, { zone: LONDON_ZONE }).startOf('day');
  return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() };
}

export function londonToday(now: Date): string {
  return DateTime.fromJSDate(now, { zone: LONDON_ZONE }).toISODate()!;
}

function hhmm(instant: Date) {
  return DateTime.fromJSDate(instant, { zone: LONDON_ZONE }).toFormat('HH:mm');
}

/** One order as the board and route sheet show it. */
function boardRow(o: OrderRow, kind: 'collection' | 'delivery') {
  const starts = kind === 'collection' ? o.pickupStartsAt : o.deliveryStartsAt;
  const ends = kind === 'collection' ? o.pickupEndsAt : o.deliveryEndsAt;
  return {
    id: o.id,
    order_no: orderNumber(o.orderNo),
    status: o.status,
    window: `${hhmm(starts)}–${hhmm(ends)}`,
    starts_at: starts.toISOString(),
    customer_name: o.customerName,
    customer_phone: o.customerPhone,
    door_number: o.doorNumber,
    company_name: o.companyName,
    full_address: o.fullAddress,
    /** What the customer confirmed, each part once: the one thing the driver reads. */
    address_lines: orderAddressLines(o),
    postcode: o.postcode,
    notes: o.customerNotes,
    amount_due: formatPence(o.amountDuePence),
  };
}

/**
 * The board: how many orders are in each status, and one London day's collections and
 * deliveries in slot order (cancelled ones left out), with what the driver needs.
 */
export async function orderBoard(db: DbOrTx, day: string) {
  const range = londonDayRange(day);
  const counts = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .groupBy(orders.status);
  const live = inArray(
    orders.status,
    orderStatuses.filter((s) => s !== 'cancelled'),
  );
  const collections = await db
    .select()
    .from(orders)
    .where(and(live, gte(orders.pickupStartsAt, range.from), lt(orders.pickupStartsAt, range.to)))
    .orderBy(asc(orders.pickupStartsAt), asc(orders.orderNo));
  const deliveries = await db
    .select()
    .from(orders)
    .where(
      and(live, gte(orders.deliveryStartsAt, range.from), lt(orders.deliveryStartsAt, range.to)),
    )
    .orderBy(asc(orders.deliveryStartsAt), asc(orders.orderNo));
  return {
    day,
    counts: countsOf(counts),
    collections: collections.map((o) => boardRow(o, 'collection')),
    deliveries: deliveries.map((o) => boardRow(o, 'delivery')),
  };
}

function countsOf(rows: { status: string; n: number }[]) {
  const counts: Record<string, number> = Object.fromEntries(orderStatuses.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Orders in one status (or all), newest collection first; for the board's status tabs. */
export async function listOrders(
  db: DbOrTx,
  filter: { status?: OrderStatus; search?: string; limit?: number },
) {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(orders.status, filter.status) : undefined,
  ];
  const search = filter.search?.trim();
  if (search) {
    const no = /^(?:LD-)?(\d{1,9})$/i.exec(search)?.[1];
    conditions.push(
      no
        ? eq(orders.orderNo, Number(no))
        : or(
            eq(orders.postcode, search.toUpperCase()),
            ilike(orders.customerName, `%${escapeLike(search)}%`),
            ilike(orders.customerEmail, `%${escapeLike(search)}%`),
          ),
    );
  }
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.pickupStartsAt))
    .limit(Math.min(filter.limit ?? 100, 300));
  return rows.map((o) => ({
    ...boardRow(o, 'collection'),
    pickup_display: londonWindow(o.pickupStartsAt, o.pickupEndsAt),
    delivery_display: londonWindow(o.deliveryStartsAt, o.deliveryEndsAt),
    total: formatPence(o.totalPence),
  }));
}

async function findOrder(db: DbOrTx, id: string, lock = false) {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new NotFoundError('We could not find that order.');
  return order;
}

/** Everything staff see of one order. */
export async function adminOrderDetail(db: Database, id: string) {
  const order = await findOrder(db, id);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.id));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, id))
    .orderBy(asc(payments.createdAt));
  const card = await savedCardOf(db, id);
  const credits = await db
    .select()
    .from(customerCredits)
    .where(eq(customerCredits.orderId, id))
    .orderBy(asc(customerCredits.id));
  return {
    id: order.id,
    order_no: orderNumber(order.orderNo),
    status: order.status,
    next_statuses: [...nextStatuses(order.status)],
    can_itemise: canItemise(order.status),
    customer_id: order.customerId,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    customer_phone: order.customerPhone,
    notes: order.customerNotes,
    door_number: order.doorNumber,
    company_name: order.companyName,
    full_address: order.fullAddress,
    address_lines: orderAddressLines(order),
    postcode: order.postcode,
    pickup_display: londonWindow(order.pickupStartsAt, order.pickupEndsAt),
    delivery_display: londonWindow(order.deliveryStartsAt, order.deliveryEndsAt),
    created_at: order.createdAt.toISOString(),
    payment_method: order.paymentMethod,
    payment_state: order.paymentState,
    saved_card: card ? { brand: card.cardBrand, last4: card.cardLast4 } : null,
    invoiced_at: order.invoicedAt?.toISOString() ?? null,
    subtotal: formatPence(order.subtotalPence),
    discount: formatPence(order.discountPence),
    total: formatPence(order.totalPence),
    paid: formatPence(order.paidPence),
    amount_due: formatPence(order.amountDuePence),
    /** Paid above the total, waiting to be refunded or made credit (0.00 when nothing). */
    overpaid: formatPence(overpaidPence(order)),
    credits: credits.map((c) => ({
      amount: formatPence(c.amountPence),
      reason: c.reason,
      at: c.createdAt.toISOString(),
    })),
    items: items.map((i) => ({
      id: i.id,
      service_id: i.serviceId,
      kind: i.kind,
      item_name: i.itemName,
      quantity: i.quantity,
      price: formatPence(i.unitPricePence),
      line_total: formatPence(i.quantity * i.unitPricePence),
    })),
    events: events.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actor,
      at: e.at.toISOString(),
    })),
    payments: paymentRows.map((p) => ({
      kind: p.kind,
      provider: p.provider,
      status: p.status,
      amount: formatPence(p.amountPence),
      card: p.cardLast4 ? `${p.cardBrand ?? 'card'} ····${p.cardLast4}` : null,
      message: p.message,
      at: p.createdAt.toISOString(),
    })),
  };
}

/**
 * Moves an order along the pipeline. Only the moves of shared/order-pipeline are allowed,
 * from the status the staff member saw (`from`), so two people cannot both move it. The
 * event, the audit entry and the customer's e-mail commit with the change; a cancellation
 * gives its slot places back.
 */
export async function moveOrder(
  deps: AdminDeps,
  actor: Actor,
  input: { orderId: string; to: OrderStatus; from?: string },
  now: Date,
) {
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    const number = orderNumber(order.orderNo);
    if (input.from && input.from !== order.status) {
      throw new ConflictError(`Order ${number} is now ${order.status}. Please reload.`);
    }
    if (!canMove(order.status, input.to)) {
      throw new ConflictError(`Order ${number} cannot go from ${order.status} to ${input.to}.`);
    }
    const [moved] = await tx
      .update(orders)
      .set({ status: input.to, statusChangedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (input.to === 'cancelled') {
      await releaseSlots(tx, {
        pickupStartsAt: order.pickupStartsAt,
        deliveryStartsAt: order.deliveryStartsAt,
      });
    }
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: input.to,
      actor: `staff:${actor.name}`,
      at: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.move',
        entity: 'order',
        entityId: order.id,
        before: { status: order.status },
        after: { status: input.to },
      },
      now,
    );
    const email = statusEmail(deps.brand, deps, moved!, input.to, now);
    if (email) await deps.mail.enqueue(email, tx);
    return { order_no: number, status: input.to, emailed: email !== null };
  });
}

export type ItemLineRequest = { service_id: number; quantity: number; unit_price_pence?: number };

/**
 * Lists and prices an order's items. Prices come from the price list; a call-for-price
 * service (0.00) needs the price staff agreed. Totals and the £25 minimum are computed here,
 * in pence; the amount due is the total less what was already paid.
 */
export async function setOrderItems(
  deps: AdminDeps,
  actor: Actor,
  input: {
    orderId: string;
    lines: ItemLineRequest[];
    discountPence: number;
    /** What to do with money paid above a lowered total; required when there is some. */
    settle?: Settlement;
  },
  now: Date,
) {
  const saved = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    const number = orderNumber(order.orderNo);
    if (!canItemise(order.status)) {
      throw new ConflictError(
        `Order ${number} is ${order.status}: items are listed once it is collected and before it leaves for delivery.`,
      );
    }
    const ids = [...new Set(input.lines.map((l) => l.service_id))];
    const known = ids.length
      ? await tx.select().from(services).where(inArray(services.id, ids))
      : [];
    const errors: Record<string, string[]> = {};
    const lines: InvoiceLineInput[] = input.lines.map((line, index) => {
      const service = known.find((s) => s.id === line.service_id);
      if (!service) {
        errors[`lines.${index}.service_id`] = ['This item is not on the price list.'];
        return { serviceId: null, itemName: '', quantity: line.quantity, unitPricePence: 0 };
      }
      const price = service.pricePence > 0 ? service.pricePence : (line.unit_price_pence ?? 0);
      if (price <= 0) {
        errors[`lines.${index}.unit_price`] = [
          `${service.serviceName} is priced on request: please enter the agreed price.`,
        ];
      }
      return {
        serviceId: service.id,
        itemName: service.serviceName,
        quantity: line.quantity,
        unitPricePence: price,
      };
    });
    Object.assign(errors, invoiceProblems(lines, input.discountPence));
    if (Object.keys(errors).length) throw new ValidationError('Please check the items.', errors);
    const priced = priceInvoice(lines, input.discountPence);
    // Lowering the total below what was paid needs a decision, never a silent loss.
    if (priced.totalPence < order.paidPence && !input.settle) {
      const excess = order.paidPence - priced.totalPence;
      throw new ValidationError('Please choose what happens to the money paid above the total.', {
        settle: [
          `${formatGbp(order.paidPence)} has been paid on ${number}, ${formatGbp(excess)} more than the new total of ${formatGbp(priced.totalPence)}. Choose whether to refund ${formatGbp(excess)} to the customer or keep it as credit on their account.`,
        ],
      });
    }
    const before = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
    const rows = [
      ...priced.lines.map((l) => ({ ...l, kind: 'service' as const })),
      ...(priced.minimumLine
        ? [{ ...priced.minimumLine, serviceId: null, kind: 'minimum' as const }]
        : []),
    ];
    if (rows.length) {
      await tx.insert(orderItems).values(rows.map((r) => ({ ...r, orderId: order.id })));
    }
    const totals = {
      subtotalPence: priced.subtotalPence,
      discountPence: priced.discountPence,
      totalPence: priced.totalPence,
      amountDuePence: amountDue(priced.totalPence, order.paidPence),
    };
    await tx.update(orders).set(totals).where(eq(orders.id, order.id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.items',
        entity: 'order',
        entityId: order.id,
        before: {
          items: before.map(
            (i) => `${i.quantity} × ${i.itemName} @ ${formatPence(i.unitPricePence)}`,
          ),
          total: formatPence(order.totalPence),
          discount: formatPence(order.discountPence),
        },
        after: {
          items: rows.map(
            (i) => `${i.quantity} × ${i.itemName} @ ${formatPence(i.unitPricePence)}`,
          ),
          total: formatPence(totals.totalPence),
          discount: formatPence(totals.discountPence),
        },
      },
      now,
    );
    return {
      order_no: number,
      subtotal: formatPence(totals.subtotalPence),
      discount: formatPence(totals.discountPence),
      total: formatPence(totals.totalPence),
      amount_due: formatPence(totals.amountDuePence),
      minimum_applied: priced.minimumLine !== null,
      overpaid: priced.totalPence < order.paidPence,
    };
  });
  if (!saved.overpaid || !input.settle) return { ...saved, settlement: null };
  // The items are saved; the money is settled after, through the provider when refunded. A
  // refused refund leaves the order showing what is paid above its total, for staff to settle.
  try {
    const settled = await settleOverpayment(
      deps,
      actor,
      { orderId: input.orderId, how: input.settle },
      now,
    );
    return { ...saved, settlement: settled.message };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return {
      ...saved,
      settlement: `Items saved, but ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)} The order shows what is paid above its total until it is settled.`,
    };
  }
}

/** E-mails the itemised invoice with the payment link; from then on Pay Now shows. */
export async function sendInvoice(deps: AdminDeps, actor: Actor, orderId: string, now: Date) {
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    const number = orderNumber(order.orderNo);
    if (order.totalPence <= 0) {
      throw new ConflictError(`Order ${number} has no priced items yet: list them first.`);
    }
    if (order.amountDuePence <= 0) throw new ConflictError(`Nothing is due on order ${number}.`);
    const [invoiced] = await tx
      .update(orders)
      .set({ invoicedAt: now, paymentState: 'invoiced' })
      .where(eq(orders.id, order.id))
      .returning();
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    await deps.mail.enqueue(invoiceEmail(deps.brand, deps, invoiced!, items, now), tx);
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.invoice',
        entity: 'order',
        entityId: order.id,
        before: { invoicedAt: order.invoicedAt, paymentState: order.paymentState },
        after: {
          invoicedAt: now,
          paymentState: 'invoiced',
          amountDue: formatPence(order.amountDuePence),
        },
      },
      now,
    );
    return {
      order_no: number,
      message: `Invoice for ${number} e-mailed to ${order.customerEmail}.`,
    };
  });
}
