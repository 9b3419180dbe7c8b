import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { customers } from '../server/db/schema';
import { createRecurringPlan } from '../server/use-cases/recurring/create-plan';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * The back office pages as the server renders them: the guard, the owner-only pages, and the
 * route sheet a driver prints, with the day's collections in slot order and what the driver
 * needs (door number, address, phone, notes). The flows in Chromium are in
 * tests/e2e/back-office.spec.ts.
 */

// Monday 23 November 2026, 06:00 in London.
const now = new Date('2026-11-23T06:00:00Z');
const password = 'a-long-staff-password';

describe('back office pages on the server', () => {
  let server: TestServer;
  let staffCookie: string;
  let ownerCookie: string;

  async function signIn(email: string) {
    const reply = await server.api<{ token: string }>('/api/admin/login', {
      body: { email, password },
    });
    expect(reply.status).toBe(200);
    return `cl_staff=${reply.body.token}`;
  }

  async function book(name: string, hour: string, notes: string) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
    const guest = await server.api<{ checkout_token: string }>('/api/guest', {
      body: {
        name,
        email,
        phone: '07700 900123',
        address: { door_number: `Flat ${hour}`, line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    const placed = await server.api('/api/placeorder', {
      body: {
        pickup_date: '2026-11-24',
        pickup_start: hour,
        delivery_date: '2026-11-27',
        delivery_start: hour,
        customer_name: name,
        customer_email: email,
        customer_phone: '07700 900123',
        customer_notes: notes,
        status: 'pending',
      },
      headers: { 'X-Checkout-Token': guest.body.checkout_token },
    });
    expect(placed.status).toBe(200);
  }

  beforeAll(async () => {
    server = await startTestServer({ pages: 'build', now: () => now });
    const db = server.database.db;
    await createStaffUser(db, { email: 'sam@shop.test', name: 'Sam', role: 'staff', password });
    await createStaffUser(db, { email: 'olive@shop.test', name: 'Olive', role: 'owner', password });
    staffCookie = await signIn('sam@shop.test');
    ownerCookie = await signIn('olive@shop.test');
    await book('Charles Babbage', '14:00', 'Parcel box by the gate');
    await book('Ada Lovelace', '09:00', 'Ring twice');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  const page = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

  it('without a staff session every page goes to the sign-in page', async () => {
    for (const path of ['/admin', '/admin/orders', '/admin/route-sheet', '/admin/catalogue']) {
      const reply = await page(path);
      expect(reply.status, path).toBe(302);
      expect(reply.headers.get('location'), path).toBe(
        `/admin/login?from=${encodeURIComponent(path)}`,
      );
    }
  });

  it('a client navigation without a session also goes to sign-in, back to the page itself', async () => {
    // With future.v8_passThroughRequests loaders see the data request's own URL
    // (/admin/orders.data); the sign-in page must send people back to /admin/orders.
    const reply = await page('/admin/orders.data');
    const body = await reply.text();
    expect(body).toContain('SingleFetchRedirect');
    expect(body).toContain(`/admin/login?from=${encodeURIComponent('/admin/orders')}"`);
    expect(body).not.toContain('.data');
  });

  it('the route sheet lists the day in slot order with door, address, phone and notes', async () => {
    const reply = await page('/admin/route-sheet?date=2026-11-24', staffCookie);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toContain('no-store');
    // React separates adjacent text with empty comments; read the text as a person would.
    const html = (await reply.text()).replaceAll('<!-- -->', '');
    expect(html).toMatch(/Route sheet: Tuesday,? 24 November 2026/);
    const ada = html.indexOf('Ada Lovelace');
    const charles = html.indexOf('Charles Babbage');
    expect(ada).toBeGreaterThan(-1);
    expect(charles).toBeGreaterThan(ada);
    // The flat as typed, then the street: one line, no "Door" label printed before it.
    for (const text of [
      '09:00–10:00',
      'Flat 09:00, Elgin Avenue',
      'W9 2HD',
      '07700900123',
      'Ring twice',
    ]) {
      expect(html, text).toContain(text);
    }
  });

  it('the customers page marks repeat customers with their plan, and filters them', async () => {
    const [ada] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'ada@example.com'));
    const plan = await createRecurringPlan(server.services, {
      customerId: ada!.id,
      plan: {
        frequency: 'weekly',
        weekday: 5,
        window_start: '10:00',
        delivery_start: '18:00',
        address: {
          door_number: 'Flat 1',
          line1: 'Elgin Avenue',
          line2: '',
          town: 'London',
          postcode: 'W9 2HD',
          company: '',
          address_type: 'Residential',
        },
        notes: '',
      },
    });
    const text = async (path: string) => {
      const reply = await page(path, staffCookie);
      expect(reply.status, path).toBe(200);
      return (await reply.text()).replaceAll('<!-- -->', '');
    };
    const search = await text('/admin/customers?q=example.com');
    expect(search).toContain('Charles Babbage');
    expect(search).toContain('Repeat customer');
    expect(search).toContain('Every week on Friday, from 10:00');
    expect(search).toContain('Next: Fri 27 Nov (planned)');
    const repeat = await text('/admin/customers?repeat=1');
    expect(repeat).toContain('Ada Lovelace');
    expect(repeat).not.toContain('Charles Babbage');
    const detail = await text(`/admin/customers?repeat=1&id=${ada!.id}`);
    expect(detail).toContain('Repeat collections');
    expect(detail).toContain('Active');
    expect(detail).toContain('Pause until (for the customer)');

    // Staff pause it for the customer, with a plain form post.
    const pause = (until: string) =>
      fetch(`${server.url}/admin/customers?repeat=1&id=${ada!.id}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: staffCookie,
          Origin: server.url,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ intent: 'pause-plan', plan: plan.id, until }).toString(),
      });
    const refused = await pause('2026-11-01');
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Please choose a date after today and within a year.');
    // No such day, or no such plan: refused, never a 500.
    const noSuchDay = await pause('2026-11-31');
    expect(noSuchDay.status).toBe(422);
    expect(await noSuchDay.text()).toContain('Please choose a date after today and within a year.');
    const paused = await pause('2026-12-20');
    expect(paused.status).toBe(200);
    const pausedHtml = (await paused.text()).replaceAll('<!-- -->', '');
    expect(pausedHtml).toContain('The repeat collection is paused until Sun 20 Dec.');
    expect(pausedHtml).toContain('Paused until Sun 20 Dec');
    // A paused plan is the customer's to resume: staff cannot pause it again.
    const again = await pause('2026-12-27');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Only an active repeat collection can be paused here');
    const forged = await fetch(`${server.url}/admin/customers`, {
      method: 'POST',
      headers: {
        cookie: staffCookie,
        Origin: server.url,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        intent: 'pause-plan',
        plan: '-'.repeat(36),
        until: '2026-12-20',
      }),
    });
    expect(forged.status).toBe(404);

    // A customer without orders: a line that says so, not an empty table.
    const [grace] = await server.database.db
      .insert(customers)
      .values({ name: 'Grace Hopper', email: 'grace@example.com', phone: '07700900999' })
      .returning();
    const none = await text(`/admin/customers?id=${grace!.id}`);
    expect(none).toContain('Grace Hopper');
    expect(none).toContain('No orders yet.');
    expect(none).not.toContain('>Placed</th>');
    expect(detail).toContain('>Placed</th>');
  });

  it('owner-only pages refuse staff and open for the owner', async () => {
    for (const path of ['/admin/audit', '/admin/staff', '/admin/mailbox']) {
      expect((await page(path, staffCookie)).status, path).toBe(403);
      expect((await page(path, ownerCookie)).status, path).toBe(200);
    }
  });

  it('the mailbox is for the owner: the e-mails kept in the outbox, with their text', async () => {
    expect((await page('/admin/mailbox')).headers.get('location')).toBe(
      `/admin/login?from=${encodeURIComponent('/admin/mailbox')}`,
    );
    const reply = await page('/admin/mailbox', ownerCookie);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toContain('no-store');
    const html = (await reply.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('not sent');
    expect(html).toContain('to ada@example.com');
    expect(html).toContain('<iframe title="E-mail: ');
    // The nav shows owners the way to it.
    expect(html).toMatch(/href="\/admin\/mailbox"[^>]*>Mailbox</);
    const staffBoard = await (await page('/admin', staffCookie)).text();
    expect(staffBoard).not.toContain('href="/admin/mailbox"');
  });

  it('/dev/mailbox no longer shows anything: it sends people to the back office', async () => {
    const reply = await page('/dev/mailbox');
    expect(reply.status).toBe(301);
    expect(reply.headers.get('location')).toBe('/admin/mailbox');
    expect(await reply.text()).not.toContain('example.com');
  });
});
