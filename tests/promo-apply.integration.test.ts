import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { promoCodes, services as priceList } from '../server/db/schema';
import { referralCodeOf } from '../server/use-cases/promos/referrals';
import { orderPayload, signUp, spreadSlots, startGuestCheckout } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 31 (walkthrough 10): the checkout's Apply. POST /api/promo/check answers a promo or
 * referral code for the caller of the checkout (its token, or the session) by the rules of
 * placing the order, first order only and a friend's code as the same person included, with
 * what it takes off the estimate; nothing is counted, and it is limited per address.
 */

const now = new Date('2026-11-23T06:00:00Z');
type Reply = {
  status: boolean;
  message: string;
  errors?: Record<string, string[]>;
  code?: string;
  source?: string;
  label?: string;
  offer?: string;
  discount?: string | null;
  total?: string | null;
  min_spend?: string;
};

describe('POST /api/promo/check: Apply at the checkout', () => {
  let server: TestServer;
  let ip = 0;
  let seq = 0;
  let suit: { id: number; pence: number };
  const db = () => server.database.db;
  /** Each test from its own address, so the per-address limit is its own. */
  const from = () => ({ 'X-Forwarded-For': `10.31.0.${++ip}` });
  const person = () => {
    seq += 1;
    return {
      name: 'Pat Apply',
      email: `apply${seq}@example.test`,
      phone: `07700 901${String(seq).padStart(3, '0')}`,
      address: { door_number: String(300 + seq), line1: 'Elgin Avenue', postcode: 'W9 1AA' },
    };
  };
  const check = async (
    token: string | null,
    body: Record<string, unknown>,
    headers: Record<string, string> = from(),
  ) =>
    server.api<Reply>('/api/promo/check', {
      body,
      headers: token ? { ...headers, 'X-Checkout-Token': token } : headers,
    });

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY_HOPS: '1' }, now: () => now });
    const [row] = await db()
      .select({ id: priceList.id, pence: priceList.pricePence })
      .from(priceList)
      .where(gt(priceList.pricePence, 1000))
      .limit(1);
    suit = row!;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('APP30 on a first order: its line and the estimate after it; nothing is counted', async () => {
    const checkout = await startGuestCheckout(server, person());
    const [before] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'APP30'));
    const items = [{ service_id: suit.id, quantity: 3 }];
    const reply = await check(checkout.checkout_token, {
      promo_code: ' app 30 ',
      estimate: { items },
    });
    expect(reply.status).toBe(200);
    const spend = suit.pence * 3;
    const off = Math.floor((spend * 30) / 100);
    expect(reply.body).toMatchObject({
      status: true,
      code: 'APP30',
      source: 'promo',
      label: 'Promo APP30',
      offer: '30 % off',
      discount: (off / 100).toFixed(2),
      total: (Math.max(spend - off, 2500) / 100).toFixed(2),
    });
    // Nothing listed: the code is good, what it takes off is known once priced.
    const unlisted = await check(checkout.checkout_token, { promo_code: 'APP30' });
    expect(unlisted.body).toMatchObject({ code: 'APP30', discount: null, total: null });
    const [after] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'APP30'));
    expect(after!.used).toBe(before!.used);
  });

  test('the rules of placing: unknown, below the minimum spend, not a first order', async () => {
    const who = person();
    const checkout = await startGuestCheckout(server, who);
    const unknown = await check(checkout.checkout_token, { promo_code: 'NOPE1' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.promo_code?.[0]).toBe(
      'We do not know the code NOPE1. Please check it and try again.',
    );
    await db().insert(promoCodes).values({
      code: 'BIG90',
      kind: 'fixed',
      amountOffPence: 900,
      minSpendPence: 9000,
    });
    const small = await check(checkout.checkout_token, {
      promo_code: 'BIG90',
      estimate: { items: [{ service_id: suit.id, quantity: 1 }] },
    });
    expect(small.body.errors?.promo_code?.[0]).toBe(
      'The code BIG90 is for orders of £90.00 or more.',
    );
    const empty = await check(checkout.checkout_token, { promo_code: '  ' });
    expect(empty.body.errors?.promo_code?.[0]).toBe('Please enter a promo or referral code.');

    // The same person orders, then comes back under an e-mail alias: not a first order.
    const slots = spreadSlots(1);
    const placed = await server.api('/api/placeorder', {
      body: orderPayload(
        {
          customer_name: who.name,
          customer_email: who.email,
          customer_phone: who.phone,
          customer_notes: undefined,
        },
        slots,
      ),
      headers: { 'X-Checkout-Token': checkout.checkout_token },
    });
    expect(placed.status).toBe(200);
    const again = await startGuestCheckout(server, {
      ...person(),
      email: who.email.replace('@', '+again@'),
    });
    const refused = await check(again.checkout_token, { promo_code: 'APP30' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.promo_code?.[0]).toBe('The code APP30 is for a first order only.');
  });

  test("a friend's referral code: £10.00 off; the referrer's own code is refused", async () => {
    const referrer = person();
    const account = await signUp(server, { ...referrer, password: 'Str0ng!password' });
    const code = await referralCodeOf(db(), account.customer_id);
    const friend = await startGuestCheckout(server, person());
    const reply = await check(friend.checkout_token, {
      promo_code: code.toLowerCase(),
      estimate: { items: [{ service_id: suit.id, quantity: 2 }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      source: 'referral',
      label: `Referral code ${code}`,
      offer: '£10.00 off',
      discount: '10.00',
    });
    // The referrer at their own door under another e-mail and phone: the same person.
    const self = await startGuestCheckout(server, { ...person(), address: referrer.address });
    const own = await check(self.checkout_token, { promo_code: code });
    expect(own.status).toBe(422);
    expect(own.body.errors?.promo_code?.[0]).toBe(
      'Your own referral code is for your friends: it cannot be used on your orders.',
    );
  });

  test('nobody (no token, no session) is refused; the checks are limited per address', async () => {
    const anonymous = await check(null, { promo_code: 'APP30' });
    expect(anonymous.status).toBe(401);
    const checkout = await startGuestCheckout(server, person());
    const headers = from();
    const replies = [];
    for (let i = 0; i < 31; i++) {
      replies.push((await check(checkout.checkout_token, { promo_code: 'APP30' }, headers)).status);
    }
    expect(replies.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(replies[30]).toBe(429);
    // Another address is not held back.
    expect((await check(checkout.checkout_token, { promo_code: 'APP30' })).status).toBe(200);
    const rows = await db()
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.code, 'APP30'), eq(promoCodes.used, 0)));
    expect(rows).toHaveLength(1);
  });
});
