import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { customerAddresses, outbox } from '../server/db/schema';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 12, H1 and M1 of the walk-through: a customer who picks "7 Elgin Avenue" and types
 * "Flat 2" as the door is collected from "Flat 2, 7 Elgin Avenue" on the order, in the back
 * office (order page, board and route sheet) and in the address book; an auto-filled door
 * number does not print the house number twice; a company is printed once.
 */

// Monday 23 November 2026, 06:00 in London; the orders are collected on Tuesday.
const now = new Date('2026-11-23T06:00:00Z');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
type Lines = { address_lines: string[] };
type Address = {
  door_number: string;
  line1: string;
  postcode: string;
  company?: string;
  address_type?: string;
};

describe('the address the customer confirmed is the address the shop reads', () => {
  let server: TestServer;
  let staff: string;
  let hour = 8;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    await createStaffUser(server.database.db, {
      email: 'driver@shop.test',
      name: 'Dee Driver',
      role: 'staff',
      password: 'a-long-staff-password',
    });
    const login = await server.api<{ token: string }>('/api/admin/login', {
      body: { email: 'driver@shop.test', password: 'a-long-staff-password' },
    });
    staff = login.body.token;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  function slots() {
    hour += 1;
    const h = String(hour).padStart(2, '0');
    return {
      pickup_date: '2026-11-24',
      pickup_start: `${h}:00`,
      delivery_date: '2026-11-27',
      delivery_start: `${h}:00`,
    };
  }

  /** A guest books at the address, as the booking form sends it; returns the order id. */
  async function guestOrder(email: string, address: Address) {
    const guest = await server.api<{ checkout_token: string }>('/api/guest', {
      body: { name: 'Ada Lovelace', email, phone: '07700 900123', address },
    });
    expect(guest.status).toBe(200);
    const placed = await server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: {
        ...slots(),
        customer_name: 'Ada Lovelace',
        customer_email: email,
        customer_phone: '07700 900123',
        door_number: address.door_number,
        company_name: address.company ?? '',
        address,
        status: 'pending',
      },
      headers: { 'X-Checkout-Token': guest.body.checkout_token },
    });
    expect(placed.status).toBe(200);
    return placed.body.order.order_id;
  }

  async function backOffice(id: string) {
    const detail = await server.api<{ order: Lines & { order_no: string } }>(
      `/api/admin/orders/${id}`,
      { headers: bearer(staff) },
    );
    expect(detail.status).toBe(200);
    // The board and the printed route sheet are the same rows (orderBoard).
    const board = await server.api<{ board: { collections: (Lines & { id: string })[] } }>(
      '/api/admin/board?date=2026-11-24',
      { headers: bearer(staff) },
    );
    expect(board.status).toBe(200);
    const row = board.body.board.collections.find((r) => r.id === id);
    return { order: detail.body.order.address_lines, routeSheet: row?.address_lines };
  }

  it('a typed flat keeps the building number: order, back office and e-mail', async () => {
    const email = 'flat2@example.com';
    const id = await guestOrder(email, {
      door_number: 'Flat 2',
      line1: '7 Elgin Avenue',
      postcode: 'W9 2HD',
    });
    const seen = await backOffice(id);
    const expected = ['Flat 2, 7 Elgin Avenue', 'London', 'W9 2HD'];
    expect(seen.order).toEqual(expected);
    expect(seen.routeSheet).toEqual(expected);
    const [confirmation] = await server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.template, 'order-confirmation')));
    expect(confirmation!.textBody).toContain('Flat 2, 7 Elgin Avenue');
    // Both parts are kept as the customer gave them.
    const [saved] = await server.database.db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.line1, '7 Elgin Avenue'));
    expect(saved).toMatchObject({ doorNumber: 'Flat 2', line1: '7 Elgin Avenue' });
  });

  it('a registered customer: the order and the address book say Flat 3, 4 Elgin Avenue', async () => {
    const email = 'flat3@example.com';
    const reg = await server.api('/api/register', {
      body: {
        name: 'Mary Somerville',
        email,
        phone: '07700 900789',
        password: 'Secret123!',
        address: { door_number: 'Flat 3', line1: '4 Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    expect(reg.status).toBe(200);
    const login = await server.api<{ token: string }>('/api/login', {
      body: { email, password: 'Secret123!' },
    });
    const placed = await server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: {
        ...slots(),
        customer_name: 'Mary Somerville',
        customer_email: email,
        customer_phone: '07700 900789',
        door_number: 'Flat 3',
        address: { door_number: 'Flat 3', line1: '4 Elgin Avenue', postcode: 'W9 2HD' },
        status: 'pending',
      },
      headers: bearer(login.body.token),
    });
    expect(placed.status).toBe(200);
    const mine = await server.api<{
      customer: {
        orders: { id: string; shipping_address: string }[];
        addresses: { full_address: string }[];
      };
    }>('/api/orders', { headers: bearer(login.body.token) });
    expect(mine.status).toBe(200);
    const expected = 'Flat 3, 4 Elgin Avenue\nLondon\nW9 2HD';
    expect(mine.body.customer.orders[0]!.shipping_address).toBe(expected);
    // One entry: the booking's address is the one already in the book.
    expect(mine.body.customer.addresses.map((a) => a.full_address)).toEqual([expected]);
    expect((await backOffice(placed.body.order.order_id)).order).toEqual(expected.split('\n'));
  });

  it('an auto-filled door number does not print the house number twice', async () => {
    const id = await guestOrder('house@example.com', {
      door_number: '2',
      line1: '2 Fortune Green Road',
      postcode: 'NW6 1DT',
    });
    const seen = await backOffice(id);
    expect(seen.order).toEqual(['2 Fortune Green Road', 'London', 'NW6 1DT']);
    expect(seen.routeSheet).toEqual(['2 Fortune Green Road', 'London', 'NW6 1DT']);
  });

  it('a business: the company is printed once', async () => {
    const id = await guestOrder('dentist@example.com', {
      door_number: '1',
      line1: '1 Fortune Green Road',
      postcode: 'NW6 1DT',
      company: 'Fortune Dental Practice',
      address_type: 'Commercial',
    });
    const seen = await backOffice(id);
    expect(seen.routeSheet).toEqual([
      'Fortune Dental Practice',
      '1 Fortune Green Road',
      'London',
      'NW6 1DT',
    ]);
    expect(seen.order).toEqual(seen.routeSheet);
  });

  it('older API clients that keep the number in the door field read as before', async () => {
    const id = await guestOrder('legacy@example.com', {
      door_number: '12',
      line1: 'Elgin Avenue',
      postcode: 'W9 2HD',
    });
    expect((await backOffice(id)).order).toEqual(['12 Elgin Avenue', 'London', 'W9 2HD']);
  });

  it('the spec’s clients: register, guest checkout and order with the lookup’s own result', async () => {
    // What GET /api/address/retrieve gives (spec 3: Label, PostalCode, Company, Type), sent
    // back as it is, with the flat the customer typed beside it.
    const street = await server.api<{ Items: { Id: string }[] }>('/api/address/find?text=Elgin');
    const found = await server.api<{ Items: { Id: string; Text: string }[] }>(
      `/api/address/find?text=Elgin&container=${encodeURIComponent(street.body.Items[0]!.Id)}`,
    );
    const five = found.body.Items.find((i) => i.Text === '5 Elgin Avenue')!;
    const retrieved = await server.api<{ Items: Record<string, string>[] }>(
      `/api/address/retrieve/${encodeURIComponent(five.Id)}`,
    );
    const lookup = { ...retrieved.body.Items[0]!, door_number: 'Flat 9' };
    expect(lookup).toMatchObject({ PostalCode: 'W9 2HD', Type: 'Residential' });
    const expected = ['Flat 9, 5 Elgin Avenue', 'London', 'W9 2HD'];

    // A guest, then that guest's order.
    const guest = await server.api<{ checkout_token: string }>('/api/guest', {
      body: {
        name: 'Ada Lookup',
        email: 'lookup-guest@example.com',
        phone: '07700 900123',
        address: lookup,
      },
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    const guestOrder = await server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: {
        ...slots(),
        customer_name: 'Ada Lookup',
        customer_email: 'lookup-guest@example.com',
        customer_phone: '07700 900123',
        address: lookup,
        status: 'pending',
      },
      headers: { 'X-Checkout-Token': guest.body.checkout_token },
    });
    expect(guestOrder.status, JSON.stringify(guestOrder.body)).toBe(200);
    expect((await backOffice(guestOrder.body.order.order_id)).order).toEqual(expected);

    // A registration, then an order with the app's Bearer token.
    const email = 'lookup-member@example.com';
    const reg = await server.api('/api/register', {
      body: {
        name: 'Mary Lookup',
        email,
        phone: '07700 900789',
        password: 'Secret123!',
        address: lookup,
      },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const login = await server.api<{ token: string }>('/api/login', {
      body: { email, password: 'Secret123!' },
    });
    const memberOrder = await server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: {
        ...slots(),
        customer_name: 'Mary Lookup',
        customer_email: email,
        customer_phone: '07700 900789',
        address: lookup,
        status: 'pending',
      },
      headers: bearer(login.body.token),
    });
    expect(memberOrder.status, JSON.stringify(memberOrder.body)).toBe(200);
    expect((await backOffice(memberOrder.body.order.order_id)).order).toEqual(expected);
    const [saved] = await server.database.db
      .select()
      .from(customerAddresses)
      .where(
        and(
          eq(customerAddresses.line1, '5 Elgin Avenue'),
          eq(customerAddresses.doorNumber, 'Flat 9'),
        ),
      );
    expect(saved).toMatchObject({ postcode: 'W9 2HD' });

    // A lookup result without a postcode is refused by field, not stored half.
    const bad = await server.api<{ errors: Record<string, string[]> }>('/api/guest', {
      body: {
        name: 'No Postcode',
        email: 'np@example.com',
        phone: '07700 900123',
        address: { Label: '5 Elgin Avenue' },
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).join(' ')).toMatch(/postcode/i);
  });
});
