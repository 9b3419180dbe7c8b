import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { customers, garmentScans, orderEvents, orders, services } from '../server/db/schema';
import { insertOrderRow, logIn, signUp } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * The tag's scans in a claim's evidence (issue 34, decision 063): a garment tagged at intake
 * (API), looked up by its tag (API, and the board's scan box) and found by its tag at the counter (API) is logged each
 * time with who and when; its claim's file lists those scans oldest first with who, to the
 * customer and to staff, and both claim pages show them in London time. A search by tag that
 * finds nothing logs nothing.
 */

const MINUTE = 60_000;
// Summer: London is an hour ahead of UTC, so the pages' times show the zone is London's.
const start = new Date('2026-07-01T08:00:00Z');
let clock = start;
const password = 'a-long-staff-password';

type Scan = { what: string; at: string; by: string | null };
type ClaimReply = {
  claim: { id: number; evidence: { garments: { tag_number: string; scans: Scan[] }[] } };
};

let server: TestServer;
let sam: Record<string, string>;
let tess: Record<string, string>;
let ada: Record<string, string>;
let orderId = '';

async function staffLogin(email: string) {
  const reply = await server.api<{ token: string }>('/api/admin/login', {
    body: { email, password },
  });
  return { Authorization: `Bearer ${reply.body.token}` };
}

beforeAll(async () => {
  server = await startTestServer({ pages: 'build', now: () => clock });
  const db = server.database.db;
  await createStaffUser(db, { email: 'sam-scans@shop.test', name: 'Sam', role: 'staff', password });
  await createStaffUser(db, {
    email: 'tess-scans@shop.test',
    name: 'Tess',
    role: 'staff',
    password,
  });
  await signUp(server, { email: 'ada-scans@example.com' });
  const [adaRow] = await db
    .select()
    .from(customers)
    .where(eq(customers.email, 'ada-scans@example.com'));
  const order = await insertOrderRow(db, new Date('2026-06-30T09:00:00Z'), {
    customerId: adaRow!.id,
    customerEmail: 'ada-scans@example.com',
    status: 'collected',
  });
  orderId = order.id;
  sam = await staffLogin('sam-scans@shop.test');
  tess = await staffLogin('tess-scans@shop.test');
  ada = { Authorization: `Bearer ${await logIn(server, 'ada-scans@example.com')}` };
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const expected: Scan[] = [
  { what: 'tagged', at: '2026-07-01T08:00:00.000Z', by: 'Sam' },
  { what: 'looked-up', at: '2026-07-01T08:20:00.000Z', by: 'Tess' },
  { what: 'looked-up', at: '2026-07-01T08:30:00.000Z', by: 'Sam' },
  { what: 'counter', at: '2026-07-01T10:05:00.000Z', by: 'Sam' },
];

describe('the log of a tag’s scans', () => {
  let claimId = 0;

  test('tagging, a lookup and the counter’s search by tag are each logged with who', async () => {
    const db = server.database.db;
    const [shirt] = await db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.serviceName, 'Shirt on hanger'))
      .limit(1);
    clock = start;
    const tagged = await server.api<{ status: boolean }>(`/api/admin/orders/${orderId}/garments`, {
      body: { tag_number: 'T42-07', service_id: shirt!.id, colour: 'Blue' },
      headers: sam,
    });
    expect(tagged.status).toBe(201);

    clock = new Date(start.getTime() + 20 * MINUTE);
    const looked = await server.api<{ status: boolean }>('/api/admin/tags/t42-07', {
      headers: tess,
    });
    expect(looked.status).toBe(200);
    // A tag nobody has: 404, and nothing logged.
    expect((await server.api('/api/admin/tags/NO-SUCH-9', { headers: tess })).status).toBe(404);

    // The board's scan box (a page) opens the garment: a lookup too.
    clock = new Date(start.getTime() + 30 * MINUTE);
    const board = await fetch(`${server.url}/admin/orders?q=T42-07`, {
      redirect: 'manual',
      headers: { Cookie: `cl_staff=${sam.Authorization!.slice(7)}` },
    });
    expect(board.status).toBe(302);
    expect(board.headers.get('location')).toContain(`/admin/orders/${orderId}#garment-`);

    clock = new Date(start.getTime() + 125 * MINUTE);
    const atCounter = await server.api<{ ticket: { id: string } | null }>(
      `/api/admin/counter/find?q=${encodeURIComponent('T42-07')}`,
      { headers: sam },
    );
    expect(atCounter.status).toBe(200);
    expect(atCounter.body.ticket?.id).toBe(orderId);
    // The counter's search by a name finds no garment: nothing logged.
    expect((await server.api('/api/admin/counter/find?q=Lovelace', { headers: sam })).status).toBe(
      200,
    );

    const rows = await db.select().from(garmentScans);
    expect(rows.map((r) => r.what)).toEqual(['tagged', 'looked-up', 'looked-up', 'counter']);
  });

  test('the claim’s file lists the scans oldest first with who, to both sides', async () => {
    const db = server.database.db;
    const deliveredAt = new Date(start.getTime() + 4 * 60 * MINUTE);
    await db
      .update(orders)
      .set({ status: 'delivered', intakeReportedAt: start })
      .where(eq(orders.id, orderId));
    await db.insert(orderEvents).values({
      orderId,
      fromStatus: 'out for delivery',
      toStatus: 'delivered',
      actor: 'driver',
      at: deliveredAt,
    });
    clock = new Date(deliveredAt.getTime() + 60 * MINUTE);
    const [garment] = await db.select().from(garmentScans).limit(1);
    const made = await server.api<ClaimReply>(`/api/orders/${orderId}/claims`, {
      body: {
        items: [
          {
            order_garment_id: garment!.orderGarmentId,
            kind: 'damaged',
            damage_kind: 'colour-lost',
            category: 'shirts',
            age_months: 6,
          },
        ],
      },
      headers: ada,
    });
    expect(made.status).toBe(201);
    claimId = made.body.claim.id;

    const customer = await server.api<ClaimReply>(`/api/claims/${claimId}`, { headers: ada });
    expect(customer.status).toBe(200);
    expect(customer.body.claim.evidence.garments[0]!.scans).toEqual(expected);
    const staffSide = await server.api<ClaimReply>(`/api/admin/claims/${claimId}`, {
      headers: tess,
    });
    expect(staffSide.status).toBe(200);
    expect(staffSide.body.claim.evidence.garments[0]!.scans).toEqual(expected);
  });

  test('the claim’s pages show the scans in London time with who', async () => {
    const lines = [
      'Tagged at intake Wed 1 Jul 2026, 09:00 by Sam',
      'Looked up by its tag Wed 1 Jul 2026, 09:20 by Tess',
      'Looked up by its tag Wed 1 Jul 2026, 09:30 by Sam',
      'Scanned at the counter Wed 1 Jul 2026, 11:05 by Sam',
    ];
    const customerPage = await fetch(`${server.url}/account/claims/${claimId}`, { headers: ada });
    expect(customerPage.status).toBe(200);
    const html = await customerPage.text();
    expect(html).toContain('Scans');
    const shown = lines.map((l) => html.indexOf(l));
    expect(shown.every((i) => i >= 0)).toBe(true);
    expect([...shown].sort((a, b) => a - b)).toEqual(shown);

    const staffPage = await fetch(`${server.url}/admin/claims/${claimId}`, {
      headers: { Cookie: `cl_staff=${tess.Authorization!.slice(7)}` },
    });
    expect(staffPage.status).toBe(200);
    const staffHtml = await staffPage.text();
    for (const line of lines) expect(staffHtml).toContain(line);
  });
});
