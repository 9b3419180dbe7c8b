import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, slotUsage, textMessages } from '../server/db/schema';
import { notifyCustomer } from '../server/use-cases/messages/notify-customer';
import { DAILY_TEXT_CAP } from '../server/use-cases/messages/text-rules';
import type { Slot } from '@shared/slots';
import { lastLondonNoon, placeGuestOrder, type SlotPair } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { startTwilioStandIn, type TwilioStandIn } from '@tests/helpers/twilio-stand-in';

/*
 * Issue 17 from end to end, through Twilio's SDK and the stand-in of its API: a guest who asks
 * for texts at checkout gets the booking text with the tracking link; replies arrive at the
 * signed webhook: a forged SKIP changes nothing, a real one cancels the collection (its place
 * freed) and is answered; HELP answers with the shop's phone; STOP silences the number; the
 * daily cap holds at the provider. pg-boss and the stand-in run on real time; the site's
 * clock is the last London noon, so that no text waits for the end of quiet hours.
 */

const PUBLIC_URL = 'http://cleanline.test';
const clock = lastLondonNoon();
let server: TestServer;
let standIn: TwilioStandIn;

beforeAll(async () => {
  standIn = await startTwilioStandIn({ publicUrl: PUBLIC_URL, reach: () => server.url });
  server = await startTestServer({
    now: () => clock,
    env: standIn.env(),
    jobs: { retryDelaySeconds: 1, pollSeconds: 0.5 },
  });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

/** What the stand-in received for `to` (E.164), polled until `count` arrived (15 s at most). */
async function received(to: string, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const got = standIn.messages.filter((m) => m.to === to);
    if (got.length >= count || Date.now() > deadline) return got;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The text of a TwiML reply's <Message>, or null for an empty <Response/>. */
function twimlMessage(xml: string): string | null {
  return /<Message>([\s\S]*)<\/Message>/.exec(xml)?.[1] ?? null;
}

/** The first collection more than a day ahead (SKIP is refused within 2 hours of it). */
async function slotsAhead(): Promise<SlotPair> {
  const pickups = await server.api<Slot[]>('/api/pickup');
  const pickup = pickups.body.find(
    (slot) => Date.parse(slot.starts_at) > clock.getTime() + 24 * 3_600_000,
  )!;
  const deliveries = await server.api<Slot[]>(
    `/api/delivery/${encodeURIComponent(`${pickup.slot_date} ${pickup.slot_start}`)}`,
  );
  const delivery = deliveries.body.find((slot) => slot.slot_start !== 'express')!;
  return { pickup, delivery };
}

async function guestWithTexts(phone: string, email: string) {
  const slots = await slotsAhead();
  const placed = await placeGuestOrder(server, {
    details: { phone, email },
    order: { text_updates: 'sms' },
    slots,
  });
  const [order] = await server.services.db
    .select()
    .from(orders)
    .where(eq(orders.id, placed.order.order_id));
  return order!;
}

describe('texts from booking to reply', () => {
  it('books with texts on, then SKIP by reply cancels the collection; a forged SKIP does not', async () => {
    const order = await guestWithTexts('07911 123401', 'skip.texts@example.com');
    const [booked] = await received('+447911123401', 1);
    expect(booked!.body).toContain(`order LD-${order.orderNo}`);
    expect(booked!.body).toContain(`${PUBLIC_URL}/track/${order.trackingToken}`);
    const placesTaken = async () =>
      (
        await server.services.db
          .select()
          .from(slotUsage)
          .where(and(eq(slotUsage.kind, 'pickup'), eq(slotUsage.startsAt, order.pickupStartsAt)))
      )[0]?.taken ?? 0;
    const before = await placesTaken();
    expect(before).toBeGreaterThan(0);

    const forged = await standIn.sendInbound(
      { from: '+447911123401', body: 'SKIP' },
      { signature: 'forged+signature=' },
    );
    expect(forged.status).toBe(403);
    const [still] = await server.services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe('pending');

    const skip = await standIn.sendInbound({ from: '+447911123401', body: ' skip ' });
    expect(skip.status).toBe(200);
    expect(twimlMessage(await skip.text())).toContain(
      `order LD-${order.orderNo} is cancelled, we will not come to collect it`,
    );
    const [cancelled] = await server.services.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(cancelled!.status).toBe('cancelled');
    expect(await placesTaken()).toBe(before - 1);
  });

  it('HELP answers with the shop’s phone; STOP silences the number until START', async () => {
    const order = await guestWithTexts('07911 123402', 'stop.texts@example.com');
    await received('+447911123402', 1);
    const brand = server.services.config.brand;

    const help = await standIn.sendInbound({ from: '+447911123402', body: 'HELP' });
    expect(twimlMessage(await help.text())).toContain(`call us on ${brand.phone}`);

    const stop = await standIn.sendInbound({ from: '+447911123402', body: 'STOP' });
    expect(twimlMessage(await stop.text())).toContain('you will get no more texts from us');
    const result = await server.services.db.transaction((tx) =>
      notifyCustomer(tx, { order, now: clock, event: 'delivered' }, server.services),
    );
    expect(result.text).toBe('suppressed');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(standIn.messages.filter((m) => m.to === '+447911123402')).toHaveLength(1);

    const start = await standIn.sendInbound({ from: '+447911123402', body: 'START' });
    expect(twimlMessage(await start.text())).toContain('texts are back on');
  });

  it(`sends at most ${DAILY_TEXT_CAP} texts a day to one customer`, async () => {
    const order = await guestWithTexts('07911 123403', 'cap.texts@example.com');
    // The booking text was the first of the day.
    const results = [];
    for (let stop = 0; stop < DAILY_TEXT_CAP + 2; stop++) {
      results.push(
        await server.services.db.transaction((tx) =>
          notifyCustomer(
            tx,
            {
              order: {
                ...order,
                deliveryStartsAt: new Date(order.deliveryStartsAt.getTime() + stop * 60_000),
              },
              now: clock,
              event: 'driver-on-the-way',
              expected: { from: clock, to: new Date(clock.getTime() + 30 * 60_000) },
            },
            server.services,
          ),
        ),
      );
    }
    expect(results.filter((r) => r.text === 'queued')).toHaveLength(DAILY_TEXT_CAP - 1);
    expect(results.filter((r) => r.text === 'suppressed')).toHaveLength(3);
    expect(await received('+447911123403', DAILY_TEXT_CAP)).toHaveLength(DAILY_TEXT_CAP);
    // And no more, a while later.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(standIn.messages.filter((m) => m.to === '+447911123403')).toHaveLength(DAILY_TEXT_CAP);
    const suppressed = await server.services.db
      .select()
      .from(textMessages)
      .where(and(eq(textMessages.orderId, order.id), eq(textMessages.status, 'suppressed')));
    expect(suppressed.map((t) => t.statusReason)).toEqual(['daily cap', 'daily cap', 'daily cap']);
  });
});
