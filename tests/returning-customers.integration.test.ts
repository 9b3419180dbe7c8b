import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../server/auth/staff';
import { orders } from '../server/db/schema';
import { logIn, MONDAY_6AM, orderPayload, signUp, staffLogIn } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

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
  let orderId = '';

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
    orderId = id;
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
    // "Flat 2, Elgin Court" already says the flat: the door is not shown twice (issue 31).
    expect(day.body.stops.find((s) => s.order_id === id)).toMatchObject({
      door: '',
      first_line: 'Flat 2, Elgin Court',
      access_notes: 'Gate code 1234; leave with the concierge',
    });
  });

  it('keeps garment care preferences, checked like the form, and shows them to the driver and the shop', async () => {
    const url = '/api/account/care-preferences';
    const empty = await server.api<{ preferences: Record<string, unknown> }>(url, { headers: ada });
    expect(empty.status).toBe(200);
    expect(empty.body.preferences).toEqual({
      shirts: null,
      starch: null,
      no_plastic_covers: false,
      return_hangers: false,
      detergent_notes: '',
      handover_notes: '',
    });
    const refused = await server.api<{ errors: Record<string, string[]> }>(url, {
      method: 'PUT',
      body: { shirts: 'rolled', starch: 'extra', handover_notes: 'x'.repeat(501) },
      headers: ada,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      shirts: ['Please choose hangers or folded'],
      starch: ['Please choose no, light, medium or heavy starch'],
      handover_notes: ['Please keep the handover instructions under 500 characters'],
    });
    expect((await server.api(url, { method: 'PUT', body: {} })).status).toBe(401);
    const care = {
      shirts: 'hanger',
      starch: 'light',
      no_plastic_covers: true,
      return_hangers: true,
      detergent_notes: 'Non-bio, fragrance-free',
      handover_notes: 'Leave with the concierge',
    };
    const saved = await server.api<{ preferences: unknown }>(url, {
      method: 'PUT',
      body: care,
      headers: ada,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences).toEqual(care);
    expect(
      (await server.api<{ preferences: unknown }>(url, { headers: ada })).body.preferences,
    ).toEqual(care);

    const words = [
      'Shirts on hangers',
      'Light starch',
      'No plastic covers',
      'Return hangers',
      'Detergent: Non-bio, fragrance-free',
      'Handover: Leave with the concierge',
    ];
    const order = await server.api<{ order: { care: string[] } }>(`/api/admin/orders/${orderId}`, {
      headers: staff,
    });
    expect(order.body.order.care).toEqual(words);
    const day = await server.api<{ stops: { order_id: string; care: string[] }[] }>(
      '/api/admin/driver/stops?date=2026-11-24',
      { headers: staff },
    );
    expect(day.body.stops.find((s) => s.order_id === orderId)?.care).toEqual(words);
  });
});
