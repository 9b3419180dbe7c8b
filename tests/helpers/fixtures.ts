import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { paymentsApi } from '@shared/api/payments';
import { paymentToken } from '../../server/auth/order-access';
import type { DbOrTx } from '../../server/db/client';
import { orders } from '../../server/db/schema';
import type { TestServer } from './test-server';
import type { ApiCaller } from './api-caller';

export { callerAt, type ApiCaller } from './api-caller';

/*
 * The journeys most tests start from, written once: a guest's checkout, a registered
 * customer, a logged-in customer, a staff session. They talk to the server over HTTP, as the
 * website and the app do, and fail loudly when a step does not answer as expected. The same
 * functions serve the integration tests (the test server), the browser tests (Playwright's
 * request context, tests/e2e/booking-helpers.ts) and the bench (a server process): each gives
 * an `ApiCaller`.
 */

/** Monday 23 November 2026, 06:00 in London: the clock most tests pin. */
export const MONDAY_6AM = new Date('2026-11-23T06:00:00Z');

/**
 * The latest noon in London before now: a clock for tests that run on real time (the job
 * queue, the Twilio stand-in) and must not meet the texts' quiet hours (21:00-08:00). Being
 * in the past, what it makes due is due for the queue too.
 */
export function lastLondonNoon(): Date {
  const now = DateTime.now().setZone('Europe/London');
  const noon = now.set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
  return (noon > now ? noon.minus({ days: 1 }) : noon).toJSDate();
}

export const demoAddress = { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' };

export const demoGuest = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  address: demoAddress,
};

type Slot = { slot_date: string; slot_start: string };
type OfferedSlot = Slot & { starts_at: string };

/** The demo's lead time, and how long a test's chosen window must stay on offer. */
const LEAD_TIME = 120 * 60_000;
const STAYS_BOOKABLE_FOR = 120 * 60_000;
export type SlotPair = { pickup: Slot; delivery: Slot };

/** Tuesday 24 November 09:00 collection, Thursday 26 delivery: bookable at `MONDAY_6AM`. */
export const pinnedSlots: SlotPair = {
  pickup: { slot_date: '2026-11-24', slot_start: '09:00' },
  delivery: { slot_date: '2026-11-26', slot_start: '09:00' },
};

/**
 * The `n`-th of many orders' windows at the pinned clock: Tuesday's collection and Friday's
 * delivery, at an hour from 08:00 to 19:00 that moves with `n`, so that no slot fills up.
 */
export function spreadSlots(n: number): SlotPair {
  const hour = `${String(8 + (n % 12)).padStart(2, '0')}:00`;
  return {
    pickup: { slot_date: '2026-11-24', slot_start: hour },
    delivery: { slot_date: '2026-11-27', slot_start: hour },
  };
}

/**
 * The first collection window offered now that stays bookable for the next two hours, and its
 * first delivery window (not express). The very first window drops out of the list when its
 * lead time is reached, which a test that started just before could cross (CI did, at 06:00).
 */
export async function firstSlots(
  caller: ApiCaller,
  now = Date.now(),
): Promise<SlotPair & { pickup: OfferedSlot }> {
  const pickups = await caller.api<OfferedSlot[]>('/api/pickup');
  expectOk('GET /api/pickup', pickups);
  const pickup = pickups.body.find(
    (slot) => Date.parse(slot.starts_at) >= now + STAYS_BOOKABLE_FOR + LEAD_TIME,
  );
  if (!pickup) throw new Error('no collection slot offered');
  const deliveries = await caller.api<Slot[]>(
    `/api/delivery/${encodeURIComponent(`${pickup.slot_date} ${pickup.slot_start}`)}`,
  );
  expectOk('GET /api/delivery', deliveries);
  const delivery = deliveries.body.find((slot) => slot.slot_start !== 'express');
  if (!delivery) throw new Error('no delivery slot offered');
  return { pickup, delivery };
}

/** A placeorder body for `slots` (by default the pinned Tuesday and Thursday). */
export function orderPayload(overrides: Record<string, unknown> = {}, slots = pinnedSlots) {
  return {
    pickup_date: slots.pickup.slot_date,
    pickup_start: slots.pickup.slot_start,
    delivery_date: slots.delivery.slot_date,
    delivery_start: slots.delivery.slot_start,
    customer_name: demoGuest.name,
    customer_email: demoGuest.email,
    customer_phone: demoGuest.phone,
    customer_notes: 'Ring the top bell',
    status: 'pending',
    ...overrides,
  };
}

function expectOk(what: string, reply: { status: number; body: unknown }) {
  if (reply.status !== 200 && reply.status !== 201) {
    throw new Error(`${what} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
}

export type GuestCheckout = { customer_id: string; address_id: string; checkout_token: string };

/** POST /api/guest: the details step of a guest checkout. */
export async function startGuestCheckout(
  caller: ApiCaller,
  details: Record<string, unknown> = demoGuest,
  headers: Record<string, string> = {},
): Promise<GuestCheckout> {
  const reply = await caller.api<GuestCheckout>('/api/guest', { body: details, headers });
  expectOk('POST /api/guest', reply);
  return reply.body;
}

export type PlacedOrder = {
  checkout: GuestCheckout;
  order: { order_id: string; order_no: string; status: string; payment_url: string };
  /** The reply of placeorder as it came. */
  reply: Record<string, unknown>;
};

/**
 * POST /api/placeorder on a checkout token (a guest's or a new customer's). The customer's
 * name, e-mail and phone default to the demo guest's.
 */
export async function placeOrder(
  caller: ApiCaller,
  options: {
    checkoutToken: string;
    order?: Record<string, unknown>;
    headers?: Record<string, string>;
    slots?: SlotPair;
  },
): Promise<{ order: PlacedOrder['order']; reply: Record<string, unknown> }> {
  const reply = await caller.api<{ order: PlacedOrder['order'] }>('/api/placeorder', {
    body: orderPayload(options.order, options.slots),
    headers: { 'X-Checkout-Token': options.checkoutToken, ...options.headers },
  });
  expectOk('POST /api/placeorder', reply);
  return { order: reply.body.order, reply: reply.body as Record<string, unknown> };
}

/**
 * A guest's whole checkout: details, then the order on the checkout token. The details'
 * name, e-mail and phone are the order's unless `order` says otherwise.
 */
export async function placeGuestOrder(
  caller: ApiCaller,
  options: {
    details?: Record<string, unknown>;
    order?: Record<string, unknown>;
    headers?: Record<string, string>;
    slots?: SlotPair;
  } = {},
): Promise<PlacedOrder> {
  const details = { ...demoGuest, ...options.details };
  const checkout = await startGuestCheckout(caller, details, options.headers);
  const placed = await placeOrder(caller, {
    checkoutToken: checkout.checkout_token,
    order: {
      customer_name: details.name,
      customer_email: details.email,
      customer_phone: details.phone,
      ...options.order,
    },
    headers: options.headers,
    slots: options.slots,
  });
  return { checkout, ...placed };
}

/**
 * A guest's whole checkout like `placeGuestOrder`, answering the order's reply as it came, for
 * tests of refusals: the details' name, e-mail and phone are the order's.
 */
export async function tryGuestOrder<Reply>(
  caller: ApiCaller,
  options: { details: Record<string, unknown>; order?: Record<string, unknown>; slots?: SlotPair },
) {
  const details = { ...demoGuest, ...options.details };
  const checkout = await startGuestCheckout(caller, details);
  return caller.api<Reply>('/api/placeorder', {
    body: orderPayload(
      {
        customer_name: details.name,
        customer_email: details.email,
        customer_phone: details.phone,
        customer_notes: undefined,
        ...options.order,
      },
      options.slots,
    ),
    headers: { 'X-Checkout-Token': checkout.checkout_token },
  });
}

export const demoPassword = 'Secret@123';

/** POST /api/register: a registered customer. */
export async function signUp(
  caller: ApiCaller,
  details: {
    name?: string;
    email: string;
    phone?: string;
    password?: string;
    address?: Record<string, unknown>;
  },
  headers: Record<string, string> = {},
) {
  const reply = await caller.api<{ customer_id: string; checkout_token?: string }>(
    '/api/register',
    {
      body: {
        name: details.name ?? 'Grace Hopper',
        email: details.email,
        phone: details.phone ?? '07700 900456',
        password: details.password ?? demoPassword,
        address: details.address ?? demoAddress,
      },
      headers,
    },
  );
  expectOk('POST /api/register', reply);
  return reply.body;
}

/** POST /api/login: the customer's Bearer token. */
export async function logIn(
  caller: ApiCaller,
  email: string,
  password = demoPassword,
  headers: Record<string, string> = {},
): Promise<string> {
  const reply = await caller.api<{ token: string }>('/api/login', {
    body: { email, password },
    headers,
  });
  expectOk('POST /api/login', reply);
  return reply.body.token;
}

/** POST /api/admin/login: a staff member's Bearer token. */
export async function staffLogIn(
  caller: ApiCaller,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const reply = await caller.api<{ token: string }>('/api/admin/login', {
    body: { email, password },
    headers,
  });
  expectOk('POST /api/admin/login', reply);
  return reply.body.token;
}

/**
 * The header of the signed payment link our e-mails carry: what lets a test (like the holder
 * of the e-mail) act on an order's payments without its customer's login.
 */
export function paymentHeaders(server: TestServer, orderId: string): Record<string, string> {
  return { 'X-Payment-Token': paymentToken(server.services, orderId, server.services.now()) };
}

const HOUR = 60 * 60 * 1000;

/**
 * An order row written straight to the database, for tests of use-cases and pages that start
 * from an order in some state: Ada's, at 12 Elgin Avenue, a one-hour collection at `pickup`
 * and its delivery two days later; `values` overrides any column.
 */
export async function insertOrderRow(
  db: DbOrTx,
  pickup: Date,
  values: Partial<typeof orders.$inferInsert> = {},
) {
  const [order] = await db
    .insert(orders)
    .values({
      status: 'pending',
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerPhone: '07700900123',
      postcode: 'W9 2HD',
      fullAddress: '12 Elgin Avenue\nLondon\nW9 2HD',
      pickupStartsAt: pickup,
      pickupEndsAt: new Date(pickup.getTime() + HOUR),
      deliveryStartsAt: new Date(pickup.getTime() + 48 * HOUR),
      deliveryEndsAt: new Date(pickup.getTime() + 49 * HOUR),
      ...values,
    })
    .returning();
  return order!;
}

/**
 * A card saved on an order through the TEST MODE provider, as the payment page does it: the
 * setup, the card confirmed (`pm_card_visa`, or a test card that declines or asks for 3-D
 * Secure, then `authenticated`), and the saved card reported to the server.
 */
export async function saveTestCard(
  server: TestServer,
  orderId: string,
  paymentMethod: string,
  authenticated?: boolean,
) {
  const setup = await server.api<{ setup_id: string; client_secret: string }>(
    '/api/payment/card/setup',
    { body: { id: orderId }, headers: paymentHeaders(server, orderId) },
  );
  expectOk('POST /api/payment/card/setup', setup);
  const confirm = (auth?: boolean) =>
    server.api<{ intent_status: string; message?: string }>('/api/payment/test/confirm', {
      body: {
        intent_id: setup.body.setup_id,
        client_secret: setup.body.client_secret,
        payment_method: paymentMethod,
        ...(auth === undefined ? {} : { authenticated: auth }),
      },
    });
  let confirmed = await confirm();
  if (confirmed.body.intent_status === 'requires_action' && authenticated !== undefined) {
    confirmed = await confirm(authenticated);
  }
  const saved = await server.api<z.infer<(typeof paymentsApi.confirmCard.replies)[200]>>(
    '/api/update-payment-method',
    {
      body: { payment_id: setup.body.setup_id, id: orderId },
      headers: paymentHeaders(server, orderId),
    },
  );
  return { setupId: setup.body.setup_id, confirmed: confirmed.body, saved };
}
