import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { orders, referrals, services as priceList } from '../server/db/schema';
import { creditBalance, grantGoodwillCredit } from '../server/use-cases/credit/account-credit';
import { referralCodeOf } from '../server/use-cases/promos/referrals';
import { backfillPersonKeys } from '../server/use-cases/promos/same-person';
import { signUp, spreadSlots, startGuestCheckout } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 31, N3 of the security probe: first-order offers (the app's APP30) and referral codes
 * hold against aliases. Earlier orders are counted by the e-mail in its normal form (no
 * +tag, Gmail's dots, googlemail = gmail), by the phone in E.164 and by the home (postcode,
 * house and first line); a referral is refused when its e-mail, phone or address is the
 * referrer's; the referrer is credited once the order is delivered and paid.
 */

const now = new Date('2026-11-23T06:00:00Z');
const password = 'a-long-staff-password';
type Reply = { status: boolean; message: string; errors?: Record<string, string[]> };
type Person = {
  email: string;
  phone: string;
  address: { door_number: string; line1: string; postcode: string };
};

const alice: Person = {
  email: 'alice@example.test',
  phone: '07700900111',
  address: { door_number: '1', line1: 'Elgin Avenue', postcode: 'W9 1AA' },
};
let n = 0;
/** Someone new: their own e-mail, phone and door unless told otherwise. */
const stranger = (overrides: Partial<Person> = {}): Person => {
  n += 1;
  return {
    email: `stranger${n}@example.test`,
    phone: `07700 900${String(500 + n).padStart(3, '0')}`,
    address: { door_number: String(200 + n), line1: 'Elgin Avenue', postcode: 'W9 1AA' },
    ...overrides,
  };
};

describe('first-order offers and referrals hold against aliases', () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let sam: { id: string; name: string };
  let slot = 0;
  const db = () => server.database.db;

  /** A guest's order by `who` with `code`; the reply, refusals included. */
  const order = async (who: Person, code: string) => {
    const checkout = await startGuestCheckout(server, { name: 'Al Ias', ...who });
    const slots = spreadSlots(slot++);
    return server.api<Reply & { order?: { order_id: string } }>('/api/placeorder', {
      body: {
        pickup_date: slots.pickup.slot_date,
        pickup_start: slots.pickup.slot_start,
        delivery_date: slots.delivery.slot_date,
        delivery_start: slots.delivery.slot_start,
        customer_name: 'Al Ias',
        customer_email: who.email,
        customer_phone: who.phone,
        status: 'pending',
        promo_code: code,
      },
      headers: { 'X-Checkout-Token': checkout.checkout_token },
    });
  };
  const refusal = (reply: { status: number; body: Reply }) => {
    expect(reply.status).toBe(422);
    return reply.body.errors?.promo_code?.[0];
  };
  const firstOnly = 'The code APP30 is for a first order only.';

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    sam = await createStaffUser(db(), {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'owner',
      password,
    });
    const login = await server.api<{ token: string }>('/api/admin/login', {
      body: { email: 'sam@shop.test', password },
    });
    staff = { Authorization: `Bearer ${login.body.token}` };
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('APP30 is refused to an earlier customer by e-mail alias, phone or address', async () => {
    expect((await order(alice, '')).status).toBe(200);
    // The probe's reproduction: alice+x@ was a first order (200, 30 % off).
    expect(refusal(await order(stranger({ email: 'alice+x@example.test' }), 'APP30'))).toBe(
      firstOnly,
    );
    expect(refusal(await order(stranger({ email: 'ALICE+Promo@Example.test' }), 'APP30'))).toBe(
      firstOnly,
    );
    // Another e-mail, Alice's phone typed another way.
    expect(refusal(await order(stranger({ phone: '+44 7700 900111' }), 'APP30'))).toBe(firstOnly);
    // Another e-mail and phone, Alice's home written another way.
    expect(
      refusal(
        await order(
          stranger({ address: { door_number: '', line1: '1 Elgin Ave.', postcode: 'w91aa' } }),
          'APP30',
        ),
      ),
    ).toBe(firstOnly);
    // Someone else entirely, next door: their first order.
    expect((await order(stranger(), 'APP30')).status).toBe(200);
  });

  test('Gmail: dots, +tags and googlemail.com are one mailbox', async () => {
    expect((await order(stranger({ email: 'bob.smith@gmail.com' }), '')).status).toBe(200);
    expect(
      refusal(await order(stranger({ email: 'B.o.bsmith+app@googlemail.com' }), 'APP30')),
    ).toBe(firstOnly);
  });

  test('a cancelled earlier order does not count', async () => {
    const carol = stranger();
    const first = await order(carol, '');
    const cancelled = await server.api<Reply>(
      `/api/admin/orders/${first.body.order!.order_id}/status`,
      { body: { to: 'cancelled' }, headers: staff },
    );
    expect(cancelled.status).toBe(200);
    expect((await order({ ...carol, email: 'carol+again@example.test' }, 'APP30')).status).toBe(
      200,
    );
  });

  test('orders placed before the keys existed are keyed at start-up and counted', async () => {
    const dave = stranger();
    const placed = await order(dave, '');
    const id = placed.body.order!.order_id;
    await db()
      .update(orders)
      .set({ emailKey: null, phoneKey: null, addressKey: null })
      .where(eq(orders.id, id));
    expect(await backfillPersonKeys(db())).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({
      emailKey: dave.email,
      phoneKey: `+447700900${dave.phone.slice(-3)}`,
      addressKey: `W91AA|${dave.address.door_number} elgin ave`,
    });
    expect(refusal(await order(stranger({ phone: dave.phone }), 'APP30'))).toBe(firstOnly);
  });

  describe('referrals', () => {
    const grace: Person = {
      email: 'grace@example.test',
      phone: '07700900456',
      address: { door_number: '9', line1: 'Elgin Avenue', postcode: 'W9 1AA' },
    };
    let graceId = '';
    let code = '';
    const own = 'Your own referral code is for your friends: it cannot be used on your orders.';

    beforeAll(async () => {
      graceId = (await signUp(server, { name: 'Grace Hopper', ...grace })).customer_id;
      code = await referralCodeOf(db(), graceId);
    });

    test('a referral is refused when its e-mail, phone or address is the referrer’s', async () => {
      // The referrer has no orders yet: a guest checkout under her own e-mail.
      expect(refusal(await order(stranger({ email: grace.email }), code))).toBe(own);
      // The probe's reproduction: an alias and her own phone.
      expect(
        refusal(
          await order(stranger({ email: 'grace+ref@example.test', phone: grace.phone }), code),
        ),
      ).toBe(own);
      expect(refusal(await order(stranger({ phone: '+447700900456' }), code))).toBe(own);
      expect(
        refusal(
          await order(
            stranger({ address: { door_number: '', line1: '9 Elgin Ave', postcode: 'W91AA' } }),
            code,
          ),
        ),
      ).toBe(own);
      expect(await db().select().from(referrals)).toHaveLength(0);
    });

    test('a friend’s order delivered first is credited when it is paid, once', async () => {
      const friend = stranger();
      const placed = await order(friend, code);
      expect(placed.status).toBe(200);
      const id = placed.body.order!.order_id;
      const [row] = await db().select().from(orders).where(eq(orders.id, id));
      expect(row!.referredBy).toBe(graceId);
      // Priced by staff: two suits, £31.90 less £10.
      await db().update(orders).set({ status: 'collected' }).where(eq(orders.id, id));
      const [suit] = await db()
        .select()
        .from(priceList)
        .where(eq(priceList.pricePence, 1595))
        .limit(1);
      const items = await server.api<Reply>(`/api/admin/orders/${id}/items`, {
        method: 'PUT',
        body: { lines: [{ service_id: suit!.id, quantity: 2 }] },
        headers: staff,
      });
      expect(items.status).toBe(200);
      for (const to of ['cleaning', 'ready', 'out for delivery', 'delivered']) {
        const moved = await server.api<Reply>(`/api/admin/orders/${id}/status`, {
          body: { to },
          headers: staff,
        });
        expect(moved.status).toBe(200);
      }
      const referral = async () =>
        (await db().select().from(referrals).where(eq(referrals.orderId, id)))[0]!;
      // Delivered, not paid: nothing yet.
      expect((await referral()).creditedAt).toBeNull();
      expect(await creditBalance(db(), graceId)).toBe(0);
      // The friend pays with credit of their own when the invoice goes out.
      await grantGoodwillCredit(server.services, {
        actor: { id: sam.id, name: sam.name, role: 'owner' },
        customerId: row!.customerId!,
        amountPence: 5000,
        reason: 'Welcome',
      });
      const invoiced = await server.api<Reply>(`/api/admin/orders/${id}/invoice`, {
        body: {},
        headers: staff,
      });
      expect(invoiced.status).toBe(200);
      const [paid] = await db().select().from(orders).where(eq(orders.id, id));
      expect(paid).toMatchObject({ paymentState: 'paid', amountDuePence: 0 });
      expect((await referral()).creditedAt).not.toBeNull();
      expect(await creditBalance(db(), graceId)).toBe(1000);
    });
  });
});
