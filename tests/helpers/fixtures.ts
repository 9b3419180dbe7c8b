import { paymentToken } from '../../server/auth/order-access';
import type { TestServer } from './test-server';

/*
 * The journeys most tests start from, written once: a guest's checkout, a registered
 * customer, a logged-in customer, a staff session. They talk to the server over HTTP, as the
 * website and the app do, and fail loudly when a step does not answer as expected.
 */

/** Monday 23 November 2026, 06:00 in London: the clock most tests pin. */
export const MONDAY_6AM = new Date('2026-11-23T06:00:00Z');

export const demoAddress = { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' };

export const demoGuest = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  address: demoAddress,
};

/** A placeorder body for Tuesday 24 November 09:00 collection, Thursday 26 delivery. */
export function orderPayload(overrides: Record<string, unknown> = {}) {
  return {
    pickup_date: '2026-11-24',
    pickup_start: '09:00',
    delivery_date: '2026-11-26',
    delivery_start: '09:00',
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
  server: TestServer,
  details: Record<string, unknown> = demoGuest,
  headers: Record<string, string> = {},
): Promise<GuestCheckout> {
  const reply = await server.api<GuestCheckout>('/api/guest', { body: details, headers });
  expectOk('POST /api/guest', reply);
  return reply.body;
}

export type PlacedOrder = {
  checkout: GuestCheckout;
  order: { order_id: string; order_no: string; status: string; payment_url: string };
  /** The reply of placeorder as it came. */
  reply: Record<string, unknown>;
};

/** A guest's whole checkout: details, then the order on the checkout token. */
export async function placeGuestOrder(
  server: TestServer,
  options: {
    details?: Record<string, unknown>;
    order?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
): Promise<PlacedOrder> {
  const checkout = await startGuestCheckout(server, options.details, options.headers);
  const reply = await server.api<{ order: PlacedOrder['order'] }>('/api/placeorder', {
    body: orderPayload(options.order),
    headers: { 'X-Checkout-Token': checkout.checkout_token, ...options.headers },
  });
  expectOk('POST /api/placeorder', reply);
  return { checkout, order: reply.body.order, reply: reply.body as Record<string, unknown> };
}

export const demoPassword = 'Secret@123';

/** POST /api/register: a registered customer. */
export async function signUp(
  server: TestServer,
  details: { name?: string; email: string; phone?: string; password?: string },
  headers: Record<string, string> = {},
) {
  const reply = await server.api<{ customer_id: string }>('/api/register', {
    body: {
      name: details.name ?? 'Grace Hopper',
      email: details.email,
      phone: details.phone ?? '07700 900456',
      password: details.password ?? demoPassword,
      address: demoAddress,
    },
    headers,
  });
  expectOk('POST /api/register', reply);
  return reply.body;
}

/** POST /api/login: the customer's Bearer token. */
export async function logIn(
  server: TestServer,
  email: string,
  password = demoPassword,
  headers: Record<string, string> = {},
): Promise<string> {
  const reply = await server.api<{ token: string }>('/api/login', {
    body: { email, password },
    headers,
  });
  expectOk('POST /api/login', reply);
  return reply.body.token;
}

/** POST /api/admin/login: a staff member's Bearer token. */
export async function staffLogIn(
  server: TestServer,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const reply = await server.api<{ token: string }>('/api/admin/login', {
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
