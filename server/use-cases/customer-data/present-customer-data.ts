import { formatPence } from '@shared/money';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import type {
  areaWaitlist,
  carePreferences,
  customerAddresses,
  customerCredits,
  customers,
  newsletterSubscribers,
  orderCases,
  orderEvents,
  orderGarments,
  orderItems,
  orderMessages,
  orders,
  payments,
  priceApprovals,
  recurringOccurrences,
  recurringPlans,
  referrals,
  reviews,
  sessions,
  textMessages,
} from '../../db/schema';
import { customerView } from '../orders/present-order-parts';

/** The rows held about one customer (customer-data.ts reads them). */
export type CustomerDataRows = {
  customer: typeof customers.$inferSelect;
  addresses: (typeof customerAddresses.$inferSelect)[];
  care: typeof carePreferences.$inferSelect | null;
  orders: (typeof orders.$inferSelect)[];
  items: (typeof orderItems.$inferSelect)[];
  events: (typeof orderEvents.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
  approvals: (typeof priceApprovals.$inferSelect)[];
  garments: (typeof orderGarments.$inferSelect)[];
  messages: (typeof orderMessages.$inferSelect)[];
  cases: (typeof orderCases.$inferSelect)[];
  texts: (typeof textMessages.$inferSelect)[];
  credits: (typeof customerCredits.$inferSelect)[];
  reviews: (typeof reviews.$inferSelect)[];
  plans: (typeof recurringPlans.$inferSelect)[];
  occurrences: (typeof recurringOccurrences.$inferSelect)[];
  referred: (typeof referrals.$inferSelect)[];
  sessions: (typeof sessions.$inferSelect)[];
  newsletter: (typeof newsletterSubscribers.$inferSelect)[];
  waitlist: (typeof areaWaitlist.$inferSelect)[];
};

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** An order in a customer's data-access export: everything held, secrets left out. */
function orderExportView(
  numbering: OrderNumbering,
  o: CustomerDataRows['orders'][number],
  held: Pick<CustomerDataRows, 'items' | 'events' | 'payments'>,
) {
  return {
    order_no: orderNumber(numbering, o.orderNo),
    status: o.status,
    created_at: iso(o.createdAt),
    name: o.customerName,
    email: o.customerEmail,
    phone_number: o.customerPhone,
    notes: o.customerNotes,
    address: o.fullAddress,
    ip_address: o.ip,
    collection: { from: iso(o.pickupStartsAt), to: iso(o.pickupEndsAt) },
    delivery: { from: iso(o.deliveryStartsAt), to: iso(o.deliveryEndsAt) },
    total: formatPence(o.totalPence),
    amount_due: formatPence(o.amountDuePence),
    items: held.items.map((i) => ({
      item: i.itemName,
      quantity: i.quantity,
      price: formatPence(i.unitPricePence),
    })),
    history: held.events.map((e) => ({ from: e.fromStatus, to: e.toStatus, at: iso(e.at) })),
    payments: held.payments.map((p) => ({
      kind: p.kind,
      provider: p.provider,
      status: p.status,
      amount: formatPence(p.amountPence),
      card: p.cardLast4 ? `${p.cardBrand ?? 'card'} ending ${p.cardLast4}` : null,
      at: iso(p.createdAt),
    })),
  };
}

/**
 * Everything held about a customer as the JSON download shows it (decision 038): named
 * fields only, so a secret column added later never leaks by default.
 */
export function customerDataView(numbering: OrderNumbering, now: Date, d: CustomerDataRows) {
  const numberOf = new Map(d.orders.map((o) => [o.id, orderNumber(numbering, o.orderNo)]));
  const orderOf = (orderId: string | null) => (orderId ? (numberOf.get(orderId) ?? null) : null);

  return {
    exported_at: now.toISOString(),
    customer: {
      id: d.customer.id,
      ...customerView(d.customer),
      registered: !d.customer.isGuest,
      referral_code: d.customer.referralCode,
      message_choices: {
        email: d.customer.notifyEmail,
        sms: d.customer.notifySms,
        whatsapp: d.customer.notifyWhatsapp,
        marketing_email: d.customer.marketingEmail,
        marketing_sms: d.customer.marketingSms,
        marketing_consent_at: iso(d.customer.marketingConsentAt),
      },
      created_at: iso(d.customer.createdAt),
      deleted_at: iso(d.customer.deletedAt),
    },
    addresses: d.addresses.map((a) => ({
      label: a.label,
      door_number: a.doorNumber,
      building: a.building,
      company: a.company,
      line1: a.line1,
      line2: a.line2,
      town: a.town,
      postcode: a.postcode,
      address_type: a.addressType,
      access_notes: a.accessNotes,
      created_at: iso(a.createdAt),
    })),
    garment_care: d.care
      ? {
          shirts: d.care.shirts,
          starch: d.care.starch,
          no_plastic_covers: d.care.noPlasticCovers,
          return_hangers: d.care.returnHangers,
          detergent_notes: d.care.detergentNotes,
          handover_notes: d.care.handoverNotes,
          updated_at: iso(d.care.updatedAt),
        }
      : null,
    orders: d.orders.map((o) => ({
      ...orderExportView(numbering, o, {
        items: d.items.filter((i) => i.orderId === o.id),
        events: d.events.filter((e) => e.orderId === o.id),
        payments: d.payments.filter((p) => p.orderId === o.id),
      }),
      access_notes: o.accessNotes,
      credit_applied: formatPence(o.creditAppliedPence),
      price_approvals: d.approvals
        .filter((a) => a.orderId === o.id)
        .map((a) => ({
          amount: formatPence(a.amountPence),
          requested_at: iso(a.requestedAt),
          answer: a.answer,
          answered_at: iso(a.answeredAt),
        })),
      garments: d.garments
        .filter((g) => g.orderId === o.id)
        .map((g) => ({
          tag: g.tagNumber,
          item: g.itemName,
          colour: g.colour,
          brand: g.brand,
          damage_note: g.damageNote,
          pocket_note: g.pocketNote,
        })),
      messages: d.messages
        .filter((m) => m.orderId === o.id)
        .map((m) => ({ from: m.author, body: m.body, at: iso(m.createdAt) })),
      cases: d.cases
        .filter((c) => c.orderId === o.id)
        .map((c) => ({
          kind: c.kind,
          description: c.body,
          opened_at: iso(c.openedAt),
          answer: c.answer,
          answered_at: iso(c.answeredAt),
        })),
    })),
    texts: d.texts.map((t) => ({
      order: orderOf(t.orderId),
      direction: t.direction,
      channel: t.channel,
      purpose: t.purpose,
      phone: t.phone,
      body: t.body,
      status: t.status,
      created_at: iso(t.createdAt),
      sent_at: iso(t.sentAt),
    })),
    credit: d.credits.map((c) => ({
      amount: formatPence(c.amountPence),
      reason: c.reason,
      order: orderOf(c.orderId),
      at: iso(c.createdAt),
    })),
    reviews: d.reviews.map((r) => ({
      order: orderOf(r.orderId),
      rating: r.rating,
      review: r.body,
      shown_as: r.displayName,
      reply: r.reply,
      created_at: iso(r.createdAt),
    })),
    repeat_collections: d.plans.map((p) => ({
      frequency: p.frequency,
      weekday: p.weekday,
      window_start: p.windowStart,
      notes: p.notes,
      status: p.status,
      paused_until: p.pausedUntil,
      created_at: iso(p.createdAt),
      occurrences: d.occurrences
        .filter((x) => x.planId === p.id)
        .map((x) => ({
          collection_date: x.collectionDate,
          status: x.status,
          reason: x.reason,
          order: orderOf(x.orderId),
        })),
    })),
    // A referral names no friend: only when it was made and credited.
    referrals: d.referred.map((r) => ({
      created_at: iso(r.createdAt),
      credited_at: iso(r.creditedAt),
    })),
    sessions: d.sessions.map((s) => ({
      created_at: iso(s.createdAt),
      expires_at: iso(s.expiresAt),
      revoked_at: iso(s.revokedAt),
      device: s.userAgent,
    })),
    newsletter: d.newsletter.map((n) => ({ email: n.email, subscribed_at: iso(n.createdAt) })),
    area_waitlist: d.waitlist.map((w) => ({ postcode: w.postcode, added_at: iso(w.createdAt) })),
  };
}
