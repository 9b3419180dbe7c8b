import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import {
  financialDocuments,
  orders,
  outbox,
  promoCodes,
  services as priceList,
} from '../server/db/schema';
import { cancelOrder } from '../server/use-cases/cancellations/cancel-order';
import { placeGuestOrder, spreadSlots, startGuestCheckout } from '@tests/helpers/fixtures';
import { pdfText } from '@tests/helpers/pdf-text';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 18: promo codes at checkout (`promo_code` of placeorder), each rule refused with a
 * message that names it, the use counted by the database, and the discount taken off when
 * the order is priced and shown on the VAT invoice. Runs on PGlite and, by `npm run test:pg`,
 * on PostgreSQL, where the race for the last use is real.
 */

const now = new Date('2026-11-23T06:00:00Z');
const password = 'a-long-staff-password';
type Reply = { status: boolean; message: string; errors?: Record<string, string[]> };

describe('promo codes at checkout', () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let slot = 0;
  const db = () => server.database.db;

  /**
   * Each e-mail is its own person here: their own phone and door (issue 31 counts earlier
   * orders by phone and home too).
   */
  const people = new Map<string, number>();
  const personOf = (email: string) => {
    if (!people.has(email)) people.set(email, people.size + 1);
    const n = people.get(email)!;
    return { phone: `07700 900${String(200 + n).padStart(3, '0')}`, door: String(100 + n) };
  };
  /** Places a guest order with `code`; answers the reply without failing on a refusal. */
  const tryCode = async (email: string, code: string, extra: Record<string, unknown> = {}) => {
    const { phone, door } = personOf(email);
    const checkout = await startGuestCheckout(server, {
      name: 'Ada Lovelace',
      email,
      phone,
      address: { door_number: door, line1: 'Elgin Avenue', postcode: 'W9 2HD' },
    });
    const slots = spreadSlots(slot++);
    return server.api<Reply & { order?: { order_id: string } }>('/api/placeorder', {
      body: {
        pickup_date: slots.pickup.slot_date,
        pickup_start: slots.pickup.slot_start,
        delivery_date: slots.delivery.slot_date,
        delivery_start: slots.delivery.slot_start,
        customer_name: 'Ada Lovelace',
        customer_email: email,
        customer_phone: phone,
        status: 'pending',
        promo_code: code,
        ...extra,
      },
      headers: { 'X-Checkout-Token': checkout.checkout_token },
    });
  };
  const addCode = async (values: Partial<typeof promoCodes.$inferInsert> & { code: string }) =>
    (
      await db()
        .insert(promoCodes)
        .values({ kind: 'fixed', amountOffPence: 500, ...values })
        .returning()
    )[0]!;
  const refusal = (reply: { status: number; body: Reply }) => {
    expect(reply.status).toBe(422);
    return reply.body.errors?.promo_code?.[0];
  };

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    await createStaffUser(db(), { email: 'sam@shop.test', name: 'Sam', role: 'staff', password });
    const login = await server.api<{ token: string }>('/api/admin/login', {
      body: { email: 'sam@shop.test', password },
    });
    staff = { Authorization: `Bearer ${login.body.token}` };
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('APP30, the app’s 30 %, is taken off when the order is priced and shown on the invoice', async () => {
    const placed = await placeGuestOrder(server, {
      details: { email: 'app30@example.com' },
      order: { promo_code: ' app30 ' },
      slots: spreadSlots(slot++),
    });
    const orderId = placed.order.order_id;
    const [app30] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'APP30'));
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ promoCodeId: app30!.id, discountPence: 0 });
    expect(app30!.used).toBe(1);
    const confirmation = await server.api<{ order: { discount: string | null } }>(
      `/api/order/${orderId}`,
    );
    expect(confirmation.body.order.discount).toBe(
      'promo code APP30: 30 % off, taken off your invoice',
    );
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
    // 4 × £15.95 = £63.80; 30 % is £19.14 (rounded down to the penny).
    const [priced] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(priced).toMatchObject({ subtotalPence: 6380, discountPence: 1914, totalPence: 4466 });
    // Saving the items again as staff see them (discount included) does not take it twice.
    await server.api<Reply>(`/api/admin/orders/${orderId}/items`, {
      method: 'PUT',
      body: { lines: [{ service_id: suit!.id, quantity: 2 }], discount: '19.14' },
      headers: staff,
    });
    const [again] = await db().select().from(orders).where(eq(orders.id, orderId));
    // 2 × £15.95 = £31.90 less 30 % (£9.57) is £22.33: the £25 minimum tops it up.
    expect(again).toMatchObject({ discountPence: 957, totalPence: 2500 });
    const invoiced = await server.api<Reply>(`/api/admin/orders/${orderId}/invoice`, {
      body: {},
      headers: staff,
    });
    expect(invoiced.status).toBe(200);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'app30@example.com'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.textBody).toContain('Discount (promo code APP30)');
    const pdf = mail!.attachments!.find((a) => a.filename.startsWith('invoice-'));
    const text = await pdfText(Buffer.from(pdf!.contentBase64, 'base64'));
    expect(text).toContain('Discount (promo code APP30)');
    const [invoice] = await db()
      .select()
      .from(financialDocuments)
      .where(and(eq(financialDocuments.orderId, orderId), eq(financialDocuments.kind, 'invoice')))
      .orderBy(desc(financialDocuments.seq))
      .limit(1);
    expect(invoice!.totalPence).toBe(2500);
  });

  test('an unknown code is refused on promo_code, and nothing is written', async () => {
    const before = await db().select().from(orders);
    const reply = await tryCode('unknown@example.com', 'NOSUCH');
    expect(refusal(reply)).toBe('We do not know the code NOSUCH. Please check it and try again.');
    expect(await db().select().from(orders)).toHaveLength(before.length);
  });

  test('an expired code and one not started yet are refused, saying which', async () => {
    await addCode({ code: 'GONE', endsAt: new Date('2026-11-22T00:00:00Z') });
    await addCode({ code: 'SOON', startsAt: new Date('2026-12-01T00:00:00Z') });
    expect(refusal(await tryCode('late@example.com', 'GONE'))).toBe('The code GONE has expired.');
    expect(refusal(await tryCode('early@example.com', 'SOON'))).toBe(
      'The code SOON starts on 01/12/2026.',
    );
  });

  test('below the minimum spend of the estimate is refused, naming the minimum', async () => {
    await addCode({ code: 'BIG50', minSpendPence: 5000 });
    const [suit] = await db()
      .select()
      .from(priceList)
      .where(eq(priceList.pricePence, 1595))
      .limit(1);
    const estimate = (quantity: number) => ({
      estimate: { items: [{ service_id: suit!.id, quantity }] },
    });
    expect(refusal(await tryCode('small@example.com', 'BIG50', estimate(2)))).toBe(
      'The code BIG50 is for orders of £50.00 or more.',
    );
    expect((await tryCode('large@example.com', 'BIG50', estimate(4))).status).toBe(200);
  });

  test('a first-order code is refused to a customer who has ordered before', async () => {
    await addCode({ code: 'WELCOME', firstOrderOnly: true });
    expect((await tryCode('returning@example.com', '')).status).toBe(200);
    expect(refusal(await tryCode('returning@example.com', 'WELCOME'))).toBe(
      'The code WELCOME is for a first order only.',
    );
    expect((await tryCode('newcomer@example.com', 'WELCOME')).status).toBe(200);
  });

  test('over the customer’s limit, and used up in total', async () => {
    const once = await addCode({ code: 'ONCE', perCustomerLimit: 1 });
    expect((await tryCode('twice@example.com', 'ONCE')).status).toBe(200);
    expect(refusal(await tryCode('twice@example.com', 'ONCE'))).toBe(
      'You have already used the code ONCE.',
    );
    await addCode({ code: 'TWO', totalLimit: 2 });
    expect((await tryCode('t1@example.com', 'TWO')).status).toBe(200);
    expect((await tryCode('t2@example.com', 'TWO')).status).toBe(200);
    expect(refusal(await tryCode('t3@example.com', 'TWO'))).toBe('The code TWO has been used up.');
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, once.id));
    expect(row!.used).toBe(1);
  });

  test('the last use is taken once when many checkouts race for it', async () => {
    const last = await addCode({ code: 'LAST', totalLimit: 1 });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => tryCode(`racer${i}@example.com`, 'LAST')),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    for (const r of replies.filter((r) => r.status === 422)) {
      expect(r.body.errors?.promo_code?.[0]).toBe('The code LAST has been used up.');
    }
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, last.id));
    expect(row!.used).toBe(1);
    const used = await db().select().from(orders).where(eq(orders.promoCodeId, last.id));
    expect(used).toHaveLength(1);
  });

  /** The customer's own cancel (the account's button; SKIP by text and recurring skips too). */
  const customerCancel = async (orderId: string) => {
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    return cancelOrder(server.services, { customerId: row!.customerId!, orderId });
  };
  const staffCancel = (orderId: string) =>
    server.api<Reply>(`/api/admin/orders/${orderId}/status`, {
      body: { to: 'cancelled' },
      headers: staff,
    });
  const usedOf = async (id: number) =>
    (await db().select().from(promoCodes).where(eq(promoCodes.id, id)))[0]!.used;

  test('a cancelled order gives its use back: a code used up in total can be used again', async () => {
    const one = await addCode({ code: 'JUSTONE', totalLimit: 1 });
    const first = await tryCode('first@example.com', 'JUSTONE');
    expect(first.status).toBe(200);
    expect(refusal(await tryCode('second@example.com', 'JUSTONE'))).toBe(
      'The code JUSTONE has been used up.',
    );
    expect((await staffCancel(first.body.order!.order_id)).status).toBe(200);
    expect(await usedOf(one.id)).toBe(0);
    expect((await tryCode('second@example.com', 'JUSTONE')).status).toBe(200);
    expect(await usedOf(one.id)).toBe(1);
    expect(refusal(await tryCode('third@example.com', 'JUSTONE'))).toBe(
      'The code JUSTONE has been used up.',
    );
  });

  test('the customer’s limit does not count a cancelled order; their own cancel gives the use back', async () => {
    const mine = await addCode({ code: 'MINEONCE', perCustomerLimit: 1, totalLimit: 5 });
    const placed = await tryCode('again@example.com', 'MINEONCE');
    expect(placed.status).toBe(200);
    expect(refusal(await tryCode('again@example.com', 'MINEONCE'))).toBe(
      'You have already used the code MINEONCE.',
    );
    await customerCancel(placed.body.order!.order_id);
    expect(await usedOf(mine.id)).toBe(0);
    expect((await tryCode('again@example.com', 'MINEONCE')).status).toBe(200);
    expect(await usedOf(mine.id)).toBe(1);
  });

  test('an order cancelled twice gives one use back, and the count never goes below 0', async () => {
    const pair = await addCode({ code: 'PAIR', totalLimit: 2 });
    const a = await tryCode('pair-a@example.com', 'PAIR');
    const b = await tryCode('pair-b@example.com', 'PAIR');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await usedOf(pair.id)).toBe(2);
    const id = a.body.order!.order_id;
    await customerCancel(id);
    expect(await usedOf(pair.id)).toBe(1);
    // Cancelled is final: the customer's second cancel and staff's are refused, nothing back.
    await expect(customerCancel(id)).rejects.toMatchObject({ code: 'order-not-cancellable' });
    expect((await staffCancel(id)).status).toBe(409);
    expect(await usedOf(pair.id)).toBe(1);
    // A count already at 0 (staff reset it) stays at 0.
    await db().update(promoCodes).set({ used: 0 }).where(eq(promoCodes.id, pair.id));
    expect((await staffCancel(b.body.order!.order_id)).status).toBe(200);
    expect(await usedOf(pair.id)).toBe(0);
  });
});
