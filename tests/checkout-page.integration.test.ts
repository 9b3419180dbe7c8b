import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, services, slotSettings, slotUsage } from '../server/db/schema';
import { firstSlots } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * The booking form and checkout as plain HTML forms (issue 14): the booking travels in
 * /customer's query and each step is a form-encoded POST to the route's action, exactly as a
 * browser without JavaScript sends them. The same journey in Chromium is
 * tests/e2e/no-javascript-booking.spec.ts.
 */

type Slot = { slot_date: string; slot_start: string; starts_at?: string };
const key = (s: Slot) => `${s.slot_date} ${s.slot_start}`;

describe('checkout without JavaScript', () => {
  let pickup: Slot;
  let delivery: Slot;
  const site = usePageServer({}, async (server) => {
    ({ pickup, delivery } = await firstSlots(server));
  });

  const booking = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      line1: '31 Warrington Crescent',
      postcode: 'w9 1ed',
      door: 'Flat 2',
      pickup: key(pickup),
      manual: '1',
      ...extra,
    }).toString();

  const post = (query: string, fields: Record<string, string>) =>
    site.post(`/customer?${query}`, fields);

  const details = {
    name: 'Ada Lovelace',
    phone: '07700 900123',
    email: 'ada.nojs@example.com',
    notes: 'Ring the top bell',
  };

  /** Guest details posted; the summary's hidden fields, as the browser would send them on. */
  async function summaryFields(email: string) {
    const reply = await post(booking({ delivery: key(delivery) }), {
      intent: 'guest',
      ...details,
      email,
    });
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).toContain('Order Summary');
    const hidden = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
    return {
      intent: 'place',
      ...details,
      email,
      checkout_token: hidden('checkout_token'),
      attempt: hidden('attempt'),
      pay: 'later',
    };
  }

  it('a collection without a delivery yet: the delivery slots for it, and no error', async () => {
    const html = await site.html(`/customer?${booking()}`);
    // The delivery picker's windows for that collection, as radios (decision 048).
    expect(html).toContain('Delivery slot');
    expect(html).toContain(`name="delivery" value="${key(delivery)}"`);
    expect(html).not.toMatch(/class="[^"]*\bfield-error/);
    expect(html).not.toContain('Customer Details');
  });

  it("an incomplete booking comes back with the spec's messages", async () => {
    const html = await site.html(
      `/customer?${booking({ postcode: 'nope', door: '', pickup: '' })}`,
    );
    expect(html).toContain('Please enter a valid UK postcode');
    expect(html).toContain('Please enter your door number');
    expect(html).toContain('Please choose a collection slot');
    expect(html).toContain('Please choose a delivery slot');
  });

  it('a complete booking opens the details step with the address as it will be collected', async () => {
    const html = await site.html(`/customer?${booking({ delivery: key(delivery) })}`);
    expect(html).toContain('Customer Details');
    expect(html).toContain('Flat 2, 31 Warrington Crescent');
    expect(html).toContain('W9 1ED');
  });

  it('"Change address or slots" shows the booking form again with the choice in it', async () => {
    const complete = await site.html(`/customer?${booking({ delivery: key(delivery) })}`);
    const change = /href="(\/customer\?[^"]*edit=1)"/.exec(complete)?.[1]?.replace(/&amp;/g, '&');
    expect(change).toBeDefined();
    const html = await site.html(change!);
    expect(html).not.toContain('Customer Details');
    expect(html).toContain('value="31 Warrington Crescent"');
    // The delivery window chosen is the checked radio (decision 048).
    expect(html).toContain(`name="delivery" checked="" value="${key(delivery)}"`);
  });

  it('a bad phone number is a 422 with the message beside the field, the rest kept', async () => {
    const reply = await post(booking({ delivery: key(delivery) }), {
      intent: 'guest',
      ...details,
      phone: '12345',
    });
    expect(reply.status).toBe(422);
    const html = await reply.text();
    expect(html).toContain('Please provide valid UK mobile number');
    expect(html).toContain('value="Ada Lovelace"');
  });

  it('places the order and answers 303 to the confirmation; a repeat gets the same order', async () => {
    const fields = await summaryFields('ada.place@example.com');
    expect(fields.checkout_token).not.toBe('');
    const reply = await post(booking({ delivery: key(delivery) }), fields);
    expect(reply.status).toBe(303);
    const location = reply.headers.get('location') ?? '';
    expect(location).toMatch(/^\/order\/complete\/[0-9a-f-]{36}$/);
    const again = await post(booking({ delivery: key(delivery) }), fields);
    expect(again.headers.get('location')).toBe(location);
    const id = location.split('/').pop()!;
    const [order] = await site.server.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.status).toBe('pending');
    expect(order!.fullAddress).toContain('Flat 2, 31 Warrington Crescent');
    expect(order!.customerEmail).toBe('ada.place@example.com');
    const confirmation = await site.html(location);
    expect(confirmation).toContain(`LD-${order!.orderNo}`);
  });

  it('the estimate and the price cap are form fields of the summary, priced and checked by the server (issue 15)', async () => {
    const [suit] = await site.server.database.db
      .select()
      .from(services)
      .where(eq(services.serviceName, 'Two-piece suit'));
    const fields = await summaryFields('ada.estimate@example.com');
    const at = booking({ delivery: key(delivery) });

    // Add without JavaScript: the summary again, with the line and its estimate.
    const added = await post(at, {
      ...fields,
      intent: 'add',
      add_service: String(suit!.id),
      add_quantity: '2',
      price_cap: '40',
      price_cap_default: '40',
    });
    expect(added.status).toBe(200);
    const page = await added.text();
    expect(page).toContain('Two-piece suit');
    expect(page).toContain('£37.00');
    // The cap followed the estimate: £37.00 rounded up to £40.
    expect(page).toMatch(/id="price-cap"[^>]*value="40"/);

    const refused = await post(at, {
      ...fields,
      line_service: '999999',
      line_quantity: '1',
      price_cap: '40',
      price_cap_default: '40',
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(
      'We could not find that item on our price list. Please choose it again.',
    );
    const low = await post(at, {
      ...fields,
      line_service: String(suit!.id),
      line_quantity: '2',
      price_cap: '10',
      price_cap_default: '40',
    });
    expect(low.status).toBe(422);
    expect(await low.text()).toContain('The cap cannot be below the £25 minimum order.');

    const placed = await post(at, {
      ...fields,
      line_service: String(suit!.id),
      line_quantity: '2',
      price_cap: '60',
      price_cap_default: '40',
    });
    expect(placed.status).toBe(303);
    const id = (placed.headers.get('location') ?? '').split('/').pop()!;
    const [order] = await site.server.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      estimatePence: 3700,
      priceCapPence: 6000,
      estimate: {
        notSure: false,
        items: [{ serviceId: suit!.id, name: 'Two-piece suit', quantity: 2, unitPricePence: 1850 }],
      },
    });
  });

  it('signing up with a taken e-mail answers as a new sign-up and goes on as a guest (issue 31)', async () => {
    const account = {
      ...details,
      email: 'ada.taken@example.com',
      password: 'Secret@123',
      password_confirmation: 'Secret@123',
    };
    const first = await post(booking({ delivery: key(delivery) }), {
      intent: 'signup',
      ...account,
    });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Your account is successfully created');
    const again = await post(booking({ delivery: key(delivery) }), {
      intent: 'signup',
      ...account,
    });
    // The same step as a new sign-up: nothing says the address has an account.
    expect(again.status).toBe(200);
    const page = await again.text();
    expect(page).toContain('Your account is successfully created');
    expect(page).toContain('name="checkout_token"');
  });

  it('a checkout token that is not ours places nothing', async () => {
    const fields = await summaryFields('ada.token@example.com');
    const reply = await post(booking({ delivery: key(delivery) }), {
      ...fields,
      checkout_token: 'forged',
    });
    expect(reply.status).toBe(401);
    expect(await reply.text()).toContain('Please fill in your details first');
  });

  it('"save a card now" takes the last place and goes on to the payment page', async () => {
    const fields = await summaryFields('ada.card@example.com');
    const [rules] = await site.server.database.db.select().from(slotSettings);
    // One place left: this order takes it, and the page reloaded after the action must still
    // show the order, not a booking form for a slot that is now full.
    await site.server.database.db
      .insert(slotUsage)
      .values({
        kind: 'pickup',
        startsAt: new Date(pickup.starts_at!),
        taken: rules!.pickupCapacityPerSlot - 1,
      })
      .onConflictDoUpdate({
        target: [slotUsage.kind, slotUsage.startsAt],
        set: { taken: rules!.pickupCapacityPerSlot - 1 },
      });
    const reply = await post(booking({ delivery: key(delivery) }), { ...fields, pay: 'now' });
    // Issue 31: straight on to the signed card page, with no screen between.
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toMatch(/^\/order\/payment\/[0-9a-f-]{36}\?t=/);
    // A £0.00 save: the button says so.
    const card = await site.html(reply.headers.get('location')!);
    expect(card).toMatch(/<button[^>]*type="submit"[^>]*>Save card<\/button>/);
    expect(card).not.toContain('Pay with Stripe');
    const [order] = await site.server.database.db
      .select()
      .from(orders)
      .where(eq(orders.customerEmail, 'ada.card@example.com'));
    expect(order!.status).toBe('pending payment');
    const [usage] = await site.server.database.db
      .select()
      .from(slotUsage)
      .where(eq(slotUsage.startsAt, new Date(pickup.starts_at!)));
    expect(usage!.taken).toBe(rules!.pickupCapacityPerSlot);
  });

  it('a full collection slot is not oversold: the page says so and no order is made', async () => {
    // The test before took the last place: free the slot to reach the summary, then fill it.
    await site.server.database.db
      .update(slotUsage)
      .set({ taken: 0 })
      .where(eq(slotUsage.startsAt, new Date(pickup.starts_at!)));
    const fields = await summaryFields('ada.full@example.com');
    await site.server.database.db
      .insert(slotUsage)
      .values({ kind: 'pickup', startsAt: new Date(pickup.starts_at!), taken: 10_000 })
      .onConflictDoUpdate({
        target: [slotUsage.kind, slotUsage.startsAt],
        set: { taken: 10_000 },
      });
    const reply = await post(booking({ delivery: key(delivery) }), fields);
    const html = await reply.text();
    // The full slot is no longer offered: the booking form comes back to choose another.
    expect(reply.status).toBe(200);
    expect(html).toContain('Please choose a collection slot');
    expect(html).not.toContain('Order Summary');
    const made = await site.server.database.db
      .select()
      .from(orders)
      .where(eq(orders.customerEmail, 'ada.full@example.com'));
    expect(made).toHaveLength(0);
  });
});
