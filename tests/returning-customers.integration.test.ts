import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../server/auth/staff';
import { orders } from '../server/db/schema';
import { logIn, MONDAY_6AM, orderPayload, signUp, staffLogIn } from './helpers/fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

/*
 * Issue 18 across the API (decision 034): an order booked from the address book keeps the
 * flat, building and access notes as entered, and staff see the access notes on the order and
 * on the driver's stop.
 */

const staffPassword = 'a-long-staff-password';
// Monday 06:00 and on: each step a minute later, so "most recent first" has an order.
let clock = MONDAY_6AM.getTime();
const tick = () => new Date((clock += 60_000));

describe('returning customers: the address book on orders', () => {
  let server: TestServer;
  let ada: Record<string, string>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ now: tick });
    await createStaffUser(server.database.db, {
      email: 'sam@shop.test',
      name: 'Sam Staff',
      role: 'staff',
      password: staffPassword,
    });
    staff = {
      Authorization: `Bearer ${await staffLogIn(server, 'sam@shop.test', staffPassword)}`,
    };
    await signUp(server, { name: 'Ada Lovelace', email: 'ada.again@example.com' });
    ada = { Authorization: `Bearer ${await logIn(server, 'ada.again@example.com')}` };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps the flat, building and access notes on the order; staff and the driver see them', async () => {
    const placed = await server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: orderPayload({
        customer_name: 'Ada Lovelace',
        customer_email: 'ada.again@example.com',
        customer_phone: '07700 900456',
        address: { line1: '7 Elgin Avenue', town: 'London', postcode: 'W9 2HD' },
        door_number: 'Flat 2',
        building: 'Elgin Court',
        access_notes: 'Gate code 1234; leave with the concierge',
      }),
      headers: ada,
    });
    expect(placed.status).toBe(200);
    const id = placed.body.order.order_id;
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({
      doorNumber: 'Flat 2',
      accessNotes: 'Gate code 1234; leave with the concierge',
      fullAddress: 'Flat 2, Elgin Court\n7 Elgin Avenue\nLondon\nW9 2HD',
    });

    // The address book has it first, with its building and access notes.
    const book = await server.api<{ addresses: Record<string, string>[] }>(
      '/api/account/addresses',
      { headers: ada },
    );
    expect(book.body.addresses[0]).toMatchObject({
      door_number: 'Flat 2',
      building: 'Elgin Court',
      access_notes: 'Gate code 1234; leave with the concierge',
    });

    const order = await server.api<{ order: Record<string, unknown> }>(`/api/admin/orders/${id}`, {
      headers: staff,
    });
    expect(order.body.order).toMatchObject({
      access_notes: 'Gate code 1234; leave with the concierge',
      address_lines: ['Flat 2, Elgin Court', '7 Elgin Avenue', 'London', 'W9 2HD'],
    });

    const day = await server.api<{ stops: Record<string, unknown>[] }>(
      '/api/admin/driver/stops?date=2026-11-24',
      { headers: staff },
    );
    expect(day.body.stops.find((s) => s.order_id === id)).toMatchObject({
      door: 'Flat 2',
      access_notes: 'Gate code 1234; leave with the concierge',
    });
  });
});
