import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { appOfferMessages } from '@shared/app-offer';
import { orders, payments } from '../server/db/schema';
import { saveTestCard, spreadSlots, tryGuestOrder } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * The app's 30 % is "one per customer, phone number and saved card" (issue 33, decision 064).
 * A card is saved after the order is placed, so the card is checked when it is saved: the
 * same card (the provider's fingerprint; TEST MODE gives each test card number one, as Stripe
 * does) saved on another account's order that had the offer makes this order lose it, with a
 * message, the card saved all the same; and a later claim by an account whose saved card had
 * the offer elsewhere is refused at the checkout with `app-offer-used`.
 */

const now = new Date('2026-11-23T06:00:00Z');
type Reply = {
  status: boolean;
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
  order?: { order_id: string };
};
type Person = { email: string; phone: string; door: string };

describe("the app's offer, once per saved card (decision 064)", () => {
  let server: TestServer;
  let slot = 0;
  const db = () => server.database.db;

  const order = (who: Person) =>
    tryGuestOrder<Reply>(server, {
      details: {
        name: 'Ann App',
        email: who.email,
        phone: who.phone,
        address: { door_number: who.door, line1: 'Elgin Avenue', postcode: 'W9 1AA' },
      },
      order: { source: 'app', app_offer: true },
      slots: spreadSlots(slot++),
    });
  const placed = async (who: Person) => {
    const reply = await order(who);
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.order!.order_id;
  };
  const percentOf = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!.appOfferPercent;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const ann = { email: 'ann@example.test', phone: '07700900411', door: '41' };
  const bob = { email: 'bob@example.test', phone: '07700900412', door: '42' };
  const cy = { email: 'cy@example.test', phone: '07700900413', door: '43' };

  test('the same card on another account: the card is saved, the offer refused with a message', async () => {
    const annOrder = await placed(ann);
    const annCard = await saveTestCard(server, annOrder, 'pm_card_visa');
    expect(annCard.saved.status).toBe(200);
    expect(annCard.saved.body).toEqual({
      status: true,
      message: 'Your card is saved. Nothing has been charged.',
    });
    expect(await percentOf(annOrder)).toBe(30);

    // Bob is another customer (e-mail, phone, home), with Ann's card (same fingerprint).
    const bobOrder = await placed(bob);
    expect(await percentOf(bobOrder)).toBe(30);
    const bobCard = await saveTestCard(server, bobOrder, 'pm_card_visa');
    expect(bobCard.saved.status).toBe(200);
    expect(bobCard.saved.body.status).toBe(true);
    expect(bobCard.saved.body.message).toBe(
      `Your card is saved. Nothing has been charged. ${appOfferMessages.usedCard(30)}`,
    );
    // The code the payment page branches on, with the words it shows on the next page.
    expect(bobCard.saved.body.notice).toEqual({
      code: 'app-offer-card-used',
      message: appOfferMessages.usedCard(30),
    });
    expect(await percentOf(bobOrder)).toBeNull();
    // Ann keeps hers; the fingerprint is what matched.
    expect(await percentOf(annOrder)).toBe(30);
    const cards = await db()
      .select({ orderId: payments.orderId, fingerprint: payments.cardFingerprint })
      .from(payments)
      .where(eq(payments.kind, 'card_setup'));
    expect(cards).toEqual(
      expect.arrayContaining([
        { orderId: annOrder, fingerprint: 'tfp_4242' },
        { orderId: bobOrder, fingerprint: 'tfp_4242' },
      ]),
    );
  });

  test('another card keeps the offer', async () => {
    const cyOrder = await placed(cy);
    const cyCard = await saveTestCard(server, cyOrder, 'pm_card_authenticationRequired', true);
    expect(cyCard.saved.body).toEqual({
      status: true,
      message: 'Your card is saved. Nothing has been charged.',
    });
    expect(await percentOf(cyOrder)).toBe(30);
  });

  test('a later claim by an account whose saved card had the offer elsewhere is refused at checkout', async () => {
    const before = (await db().select({ id: orders.id }).from(orders)).length;
    const again = await order(bob);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ status: false, code: 'app-offer-used' });
    expect(again.body.errors?.app_offer).toEqual([appOfferMessages.used(30)]);
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(before);
  });
});
