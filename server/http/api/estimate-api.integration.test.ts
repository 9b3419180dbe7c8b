import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { orders, outbox, services as servicesTable } from '../../db/schema';
import {
  MONDAY_6AM,
  demoGuest,
  orderPayload,
  spreadSlots,
  startGuestCheckout,
} from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 15: the estimate and the price cap on POST /api/placeorder. The server prices the
 * items from the price list (a client total is never read), applies the £25 minimum, defaults
 * the cap, refuses bad input with field messages, and saves all three with the order.
 */

type Errors = { message: string; errors: Record<string, string[]> };
type Placed = {
  order: { order_id: string; order_no: string; estimate_total: string | null; price_cap: string };
};

describe('the estimate and the price cap on placeorder', () => {
  let server: TestServer;
  let n = 0;
  const ids: Record<string, { id: number; pence: number }> = {};

  beforeAll(async () => {
    server = await startTestServer({ now: () => MONDAY_6AM });
    const rows = await server.database.db.select().from(servicesTable);
    for (const row of rows) ids[row.serviceName] = { id: row.id, pence: row.pricePence };
  }, 60_000);
  afterAll(() => server?.stop());

  /** A fresh guest's order with these extra fields, on slots no other order here takes. */
  async function place<T>(extra: Record<string, unknown>) {
    n += 1;
    const email = `estimate-${n}@example.com`;
    const checkout = await startGuestCheckout(server, { ...demoGuest, email });
    return server.api<T>('/api/placeorder', {
      body: orderPayload({ customer_email: email, ...extra }, spreadSlots(n)),
      headers: { 'X-Checkout-Token': checkout.checkout_token },
    });
  }

  async function saved(orderId: string) {
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, orderId));
    return row!;
  }

  it('prices the items from the price list, saves them with the cap sent, and ignores client prices', async () => {
    const suit = ids['Two-piece suit']!;
    const shirt = ids['Shirt on hanger']!;
    const reply = await place<Placed>({
      estimate: {
        items: [
          { service_id: suit.id, quantity: 1, unit_price: '0.01', name: 'Cheap' },
          { service_id: shirt.id, quantity: 4 },
        ],
        not_sure: false,
        total: '1.00',
      },
      price_cap: '60',
    });
    expect(reply.status).toBe(200);
    // £18.50 + 4 × £3.50 = £32.50, from the price list.
    expect(reply.body.order).toMatchObject({ estimate_total: '32.50', price_cap: '60.00' });
    const row = await saved(reply.body.order.order_id);
    expect(row.estimatePence).toBe(3250);
    expect(row.priceCapPence).toBe(6000);
    expect(row.estimate).toEqual({
      notSure: false,
      items: [
        { serviceId: suit.id, name: 'Two-piece suit', quantity: 1, unitPricePence: 1850 },
        { serviceId: shirt.id, name: 'Shirt on hanger', quantity: 4, unitPricePence: 350 },
      ],
    });
    // The confirmation and the shop's notification say what the customer agreed to.
    const mails = await server.database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.template, ['order-confirmation', 'order-notification']))
      .orderBy(desc(outbox.id))
      .limit(2);
    expect(mails.map((m) => m.template).sort()).toEqual([
      'order-confirmation',
      'order-notification',
    ]);
    for (const mail of mails) {
      expect(mail.textBody).toMatch(/Your estimate:?\s+£32\.50/);
      expect(mail.textBody).toMatch(
        /Price limit:?\s+£60\.00: above this we ask you before charging/,
      );
    }
  });

  it('defaults the cap to the estimate rounded up to the next £5, at least the £25 minimum', async () => {
    const suit = ids['Two-piece suit']!;
    const shirt = ids['Shirt on hanger']!;
    const above = await place<Placed>({
      estimate: {
        items: [
          { service_id: suit.id, quantity: 1 },
          { service_id: shirt.id, quantity: 4 },
        ],
      },
    });
    expect(above.body.order).toMatchObject({ estimate_total: '32.50', price_cap: '35.00' });

    // One shirt: £3.50 of items, so the estimate is the £25 minimum and so is the cap.
    const below = await place<Placed>({
      estimate: { items: [{ service_id: shirt.id, quantity: 1 }] },
    });
    expect(below.body.order).toMatchObject({ estimate_total: '25.00', price_cap: '25.00' });
    const row = await saved(below.body.order.order_id);
    expect(row).toMatchObject({ estimatePence: 2500, priceCapPence: 2500 });
  });

  it('leaves call-for-price items out of the estimate but keeps them for staff', async () => {
    const kilt = ids['Kilt']!;
    const coat = ids['Overcoat (wool)']!;
    expect(kilt.pence).toBe(0);
    const reply = await place<Placed>({
      estimate: {
        items: [
          { service_id: kilt.id, quantity: 1 },
          { service_id: coat.id, quantity: 2 },
        ],
      },
    });
    expect(reply.body.order).toMatchObject({ estimate_total: '45.00', price_cap: '45.00' });
    const confirmation = await server.api<{ order: { estimate: unknown } }>(
      `/api/order/${reply.body.order.order_id}`,
    );
    expect(confirmation.body.order.estimate).toEqual({
      not_sure: false,
      items: [
        {
          service_id: kilt.id,
          item_name: 'Kilt',
          quantity: 1,
          price: '0.00',
          line_total: '0.00',
          call_for_price: true,
        },
        {
          service_id: coat.id,
          item_name: 'Overcoat (wool)',
          quantity: 2,
          price: '22.50',
          line_total: '45.00',
          call_for_price: false,
        },
      ],
      total: '45.00',
      minimum_applied: false,
      price_cap: '45.00',
    });
  });

  it('"Not sure" keeps no items and offers the £40 cap; without an estimate the cap is £40 too', async () => {
    const notSure = await place<Placed>({ estimate: { not_sure: true } });
    expect(notSure.status).toBe(200);
    expect(notSure.body.order).toMatchObject({ estimate_total: null, price_cap: '40.00' });
    expect(await saved(notSure.body.order.order_id)).toMatchObject({
      estimate: { items: [], notSure: true },
      estimatePence: null,
      priceCapPence: 4000,
    });

    const silent = await place<Placed>({});
    expect(silent.status).toBe(200);
    expect(silent.body.order).toMatchObject({ estimate_total: null, price_cap: '40.00' });
    expect(await saved(silent.body.order.order_id)).toMatchObject({
      estimate: null,
      estimatePence: null,
      priceCapPence: 4000,
    });

    const chosen = await place<Placed>({ estimate: { not_sure: true }, price_cap: 75.5 });
    expect(chosen.body.order).toMatchObject({ price_cap: '75.50' });
  });

  it('refuses each bad estimate or cap with 422 and a message on its field, and saves nothing', async () => {
    const shirt = ids['Shirt on hanger']!;
    const before = (await server.database.db.select({ id: orders.id }).from(orders)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { estimate: { items: [{ service_id: 999_999, quantity: 1 }] } },
        'estimate.items.0.service_id',
        'We could not find that item on our price list. Please choose it again.',
      ],
      [
        { estimate: { items: [{ service_id: shirt.id, quantity: 0 }] } },
        'estimate.items.0.quantity',
        'Enter a quantity from 1 to 99.',
      ],
      [
        { estimate: { items: [{ service_id: shirt.id, quantity: 100 }] } },
        'estimate.items.0.quantity',
        'Enter a quantity from 1 to 99.',
      ],
      [
        { estimate: { items: [{ service_id: shirt.id, quantity: 1.5 }] } },
        'estimate.items.0.quantity',
        'Enter a quantity from 1 to 99.',
      ],
      [
        { estimate: { items: [{ service_id: shirt.id, quantity: 1 }], not_sure: true } },
        'estimate.not_sure',
        'List your items or choose "Not sure", not both.',
      ],
      [{ price_cap: '24.99' }, 'price_cap', 'The cap cannot be below the £25 minimum order.'],
      [{ price_cap: '10' }, 'price_cap', 'The cap cannot be below the £25 minimum order.'],
      [
        { price_cap: 'forty pounds' },
        'price_cap',
        'Enter the cap as an amount in pounds, like 40 or 40.00.',
      ],
      [
        { price_cap: '-30' },
        'price_cap',
        'Enter the cap as an amount in pounds, like 40 or 40.00.',
      ],
      [
        { price_cap: '40.505' },
        'price_cap',
        'Enter the cap as an amount in pounds, like 40 or 40.00.',
      ],
    ];
    for (const [extra, field, message] of cases) {
      const reply = await place<Errors>(extra);
      expect(reply.status, JSON.stringify(extra)).toBe(422);
      expect(reply.body.message).toBe('Please check mandatory fields.');
      expect(reply.body.errors[field], JSON.stringify(reply.body.errors)).toEqual([message]);
    }
    const after = (await server.database.db.select({ id: orders.id }).from(orders)).length;
    expect(after).toBe(before);
  });

  it('a retry with the same idempotency key answers the first order’s estimate and cap', async () => {
    const shirt = ids['Shirt on hanger']!;
    n += 1;
    const email = `estimate-retry@example.com`;
    const checkout = await startGuestCheckout(server, { ...demoGuest, email });
    const body = orderPayload(
      {
        customer_email: email,
        idempotency_key: 'estimate-retry-1',
        estimate: { items: [{ service_id: shirt.id, quantity: 10 }] },
      },
      spreadSlots(n),
    );
    const headers = { 'X-Checkout-Token': checkout.checkout_token };
    const first = await server.api<Placed>('/api/placeorder', { body, headers });
    const again = await server.api<Placed>('/api/placeorder', { body, headers });
    expect(first.body.order).toMatchObject({ estimate_total: '35.00', price_cap: '35.00' });
    expect(again.body.order).toEqual(first.body.order);
  });
});
