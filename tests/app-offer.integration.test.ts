import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { orders, services as priceList } from '../server/db/schema';
import { spreadSlots, tryGuestOrder } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 33, the app's 30 %: an order placed from the installed app (`source: 'app'`) that
 * claims the offer gets the brand's percentage off the cleaning at invoicing, on its own line;
 * the second claim by the same person (another e-mail, their phone) is refused with
 * `app-offer-used`, a claim with a first-order code with `app-offer-not-combined`, and a claim
 * from the site with `app-offer-app-only`; nothing is written for a refusal.
 */

const now = new Date('2026-11-23T06:00:00Z');
const password = 'a-long-staff-password';
type Reply = {
  status: boolean;
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
  order?: { order_id: string };
};
type Person = { email: string; phone: string; door: string };

describe("the app's first-order offer (issue 33)", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let slot = 0;
  const db = () => server.database.db;

  const order = (
    who: Person,
    extra: { source?: 'web' | 'app'; app_offer?: boolean; promo_code?: string },
  ) =>
    tryGuestOrder<Reply>(server, {
      details: {
        name: 'Ann App',
        email: who.email,
        phone: who.phone,
        address: { door_number: who.door, line1: 'Elgin Avenue', postcode: 'W9 1AA' },
      },
      order: extra,
      slots: spreadSlots(slot++),
    });
  const rowOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    await createStaffUser(db(), { email: 'sam@shop.test', name: 'Sam', role: 'owner', password });
    const login = await server.api<{ token: string }>('/api/admin/login', {
      body: { email: 'sam@shop.test', password },
    });
    staff = { Authorization: `Bearer ${login.body.token}` };
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('taken once from the app, on its own line; refused the second time, with a code, from the site', async () => {
    const ann = { email: 'ann@example.test', phone: '07700900311', door: '31' };
    const placed = await order(ann, { source: 'app', app_offer: true });
    expect(placed.status).toBe(200);
    const orderId = placed.body.order!.order_id;
    expect(await rowOf(orderId)).toMatchObject({ source: 'app', appOfferPercent: 30 });
    const confirmation = await server.api<{ order: { discount: string | null } }>(
      `/api/order/${orderId}`,
    );
    expect(confirmation.body.order.discount).toMatch(/30% off your first app order/);

    // Invoiced: 4 × £15.95 = £63.80, 30 % is £19.14, on the discount line named for the app.
    await db().update(orders).set({ status: 'collected' }).where(eq(orders.id, orderId));
    const [suit] = await db()
      .select()
      .from(priceList)
      .where(eq(priceList.pricePence, 1595))
      .limit(1);
    const items = await server.api<Reply>(`/api/admin/orders/${orderId}/items`, {
      method: 'PUT',
      body: { lines: [{ service_id: suit!.id, quantity: 4 }] },
      headers: staff,
    });
    expect(items.status).toBe(200);
    expect(await rowOf(orderId)).toMatchObject({
      subtotalPence: 6380,
      discountPence: 1914,
      totalPence: 4466,
    });

    // The same person again from the app, under another e-mail with their phone: refused.
    const before = (await db().select({ id: orders.id }).from(orders)).length;
    const again = await order(
      { email: 'ann.other@example.test', phone: '+44 7700 900311', door: '77' },
      { source: 'app', app_offer: true },
    );
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('app-offer-used');
    expect(again.body.errors?.app_offer?.[0]).toMatch(/already had the 30% off your first app/);
    // From the site, someone new: the offer is the app's.
    const web = await order(
      { email: 'wes@example.test', phone: '07700900312', door: '32' },
      { app_offer: true },
    );
    expect(web.status).toBe(422);
    expect(web.body.code).toBe('app-offer-app-only');
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(before);

    // Without the claim, the same person's second app order is placed at the full price.
    const plain = await order(ann, { source: 'app' });
    expect(plain.status).toBe(200);
    expect(await rowOf(plain.body.order!.order_id)).toMatchObject({
      source: 'app',
      appOfferPercent: null,
    });
  });

  test('not combined with another first-order offer (APP30)', async () => {
    const cat = { email: 'cat@example.test', phone: '07700900313', door: '33' };
    const both = await order(cat, { source: 'app', app_offer: true, promo_code: 'APP30' });
    expect(both.status).toBe(422);
    expect(both.body.code).toBe('app-offer-not-combined');
    // Nothing was written: the code's use was not counted, and the offer is still hers.
    const alone = await order(cat, { source: 'app', app_offer: true });
    expect(alone.status).toBe(200);
  });
});
