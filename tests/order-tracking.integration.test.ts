import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { orders, outbox } from '../server/db/schema';
import { collectionChangePath } from '../server/auth/reschedule-access';
import { chooseNewWindow, rescheduleOptions } from '../server/use-cases/driver/reschedule';
import { moveOrder } from '../server/use-cases/orders/move-order';
import {
  invoiceEmail,
  overpaymentCreditEmail,
  receiptEmail,
  refundEmail,
  statusEmail,
} from '../server/use-cases/mail/order-emails';
import { approvalRequestEmail, staffAnswerEmail } from '../server/use-cases/mail/approval-emails';
import type { OrderStatus } from '@shared/order-status';
import { trackingPath } from '@shared/tracking';
import { insertOrderRow, logIn, MONDAY_6AM, placeOrder, signUp } from '@tests/helpers/fixtures';
import { collect, deliver, recordIntake } from '@tests/helpers/custody-fixture';
import { phonePhotoWithGps } from '@tests/helpers/photos';
import { storePhoto } from '../server/use-cases/photos/store-photo';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Issue 16, the customer's tracking (decision 029): /track/{token} and GET /api/track/:token
 * show each step as the order moves (the shop's moves, the driver's stop events, the intake),
 * "you are stop N" among the day's deliveries, and nothing personal: not the customer's
 * e-mail, phone or street, nor another order's name or postcode on the same route. An unknown
 * token is the 404 page. Every e-mail about the order links to it, and so does the account.
 */

const at = (iso: string) => new Date(iso);
let clock = MONDAY_6AM;

type Tracking = {
  order_no: string;
  status: string;
  live: boolean;
  steps: {
    key: string;
    title: string;
    state: string;
    link: { label: string; href: string } | null;
    when: string | null;
    lines: string[];
    photoUrl: string | null;
  }[];
};

describe('order tracking', () => {
  const site = usePageServer({ now: () => clock });
  const grace = {
    name: 'Grace Hopper',
    email: 'grace.tracking@example.com',
    phone: '07700 900456',
    // Not the shop's own street (its head office is in the page's footer).
    address: { door_number: 'Flat 3', line1: '21 Sutherland Avenue', postcode: 'W9 2HQ' },
  };

  async function world() {
    const server = site.server;
    const db = server.database.db;
    const staff = await createStaffUser(db, {
      email: 'sam.tracking@shop.test',
      name: 'Sam',
      role: 'staff',
      password: 'staff-password-123',
    });
    const actor = { id: staff.id, name: staff.name, role: 'staff' as const };
    const account = await signUp(server, grace);
    const placed = await placeOrder(server, {
      checkoutToken: account.checkout_token!,
      order: {
        customer_name: grace.name,
        customer_email: grace.email,
        customer_phone: grace.phone,
      },
    });
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.order.order_id));
    const move = (to: OrderStatus, now: string) => {
      clock = at(now);
      return moveOrder({ ...server.services, now: () => clock }, { actor, orderId: order!.id, to });
    };
    const token = await logIn(server, grace.email);
    const services = { ...server.services, now: () => clock };
    const custody = {
      collect: (bags: number, now: string) => {
        clock = at(now);
        return collect(services, actor, order!.id, bags);
      },
      intake: (count: number, now: string) => {
        clock = at(now);
        return recordIntake(services, actor, order!.id, count);
      },
      deliver: (orderId: string, now: string, handover?: { leftWith: string; photoId: string }) => {
        clock = at(now);
        return deliver(services, actor, orderId, handover);
      },
    };
    return { server, db, order: order!, move, custody, cookie: `cl_session=${token}` };
  }

  const track = async (token: string) => {
    const reply = await site.server.api<{ tracking: Tracking }>(`/api/track/${token}`);
    expect(reply.status).toBe(200);
    return reply.body.tracking;
  };
  const current = (t: Tracking) => t.steps.find((s) => s.state === 'current')!;

  it('shows each step as the order moves, on the page and in the API, with nothing personal', async () => {
    const { db, order, move, custody, cookie } = await world();
    const path = trackingPath(order.trackingToken);
    expect(order.trackingToken).not.toBe(order.id);

    // Booked.
    let t = await track(order.trackingToken);
    expect(current(t).key).toBe('booked');
    expect(current(t).lines).toEqual([
      'Collection: Tue 24 Nov, 09:00–10:00',
      'Delivery: Thu 26 Nov, 09:00–10:00',
    ]);
    let html = await site.html(path);
    expect(html).toContain('Grace, your order');
    expect(html).toContain('Collection: Tue 24 Nov, 09:00–10:00');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).not.toContain('http-equiv="refresh"');

    // The account and the confirmation page link to it.
    expect(await site.html('/account', { headers: { Cookie: cookie } })).toContain(
      `href="${path}"`,
    );
    expect(await site.html(`/order/complete/${order.id}`)).toContain(`href="${path}"`);

    // Collected by the driver, 2 bags.
    await custody.collect(2, '2026-11-24T09:20:00Z');
    t = await track(order.trackingToken);
    expect(current(t)).toMatchObject({
      key: 'collected',
      when: 'Tue 24 Nov, 09:20',
      lines: ['2 bags collected by our driver'],
    });
    expect(await site.html(path)).toContain('2 bags collected by our driver');

    // Intake: two garments, the report in the account.
    await custody.intake(2, '2026-11-24T11:05:00Z');
    t = await track(order.trackingToken);
    expect(current(t)).toMatchObject({
      key: 'intake',
      when: 'Tue 24 Nov, 11:05',
      lines: ['2 garments tagged and photographed'],
    });

    await move('cleaning', '2026-11-24T12:00:00Z');
    expect(current(await track(order.trackingToken)).key).toBe('cleaning');
    await move('ready', '2026-11-25T16:00:00Z');
    expect(current(await track(order.trackingToken))).toMatchObject({
      key: 'ready',
      when: 'Wed 25 Nov, 16:00',
    });

    // Out for delivery, behind another customer's stop (NW1 before W9 in the same slot).
    const other = await insertOrderRow(db, at('2026-11-24T08:00:00Z'), {
      status: 'out for delivery',
      customerName: 'Zebedee Quartermain',
      customerEmail: 'zebedee@example.com',
      customerPhone: '07700900999',
      postcode: 'NW1 6XE',
      fullAddress: '3 Baker Mews\nLondon\nNW1 6XE',
      deliveryStartsAt: order.deliveryStartsAt,
      deliveryEndsAt: order.deliveryEndsAt,
    });
    await move('out for delivery', '2026-11-26T08:30:00Z');
    t = await track(order.trackingToken);
    expect(t.live).toBe(true);
    expect(current(t).lines).toEqual(['You are stop 2, expected between 09:10 and 09:40']);
    html = await site.html(path);
    expect(html).toContain('You are stop 2, expected between 09:10 and 09:40');
    // Refreshes itself: without JavaScript by a meta refresh that only such a browser reads
    // (with JavaScript the page's loader is asked again, so leaving the page stops it).
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="60"\/?><\/noscript>/);
    expect(html.match(/http-equiv="refresh"/g)).toHaveLength(1);

    // Nothing personal in the page or the API: not Grace's, not the other stop's.
    const json = JSON.stringify(t);
    for (const secret of [
      grace.email,
      '07700 900456',
      '07700900456',
      'Sutherland Avenue',
      'Flat 3',
      'Hopper',
      '2HQ',
      'Zebedee',
      'Quartermain',
      '6XE',
      'Baker Mews',
      other.id,
      order.id,
    ]) {
      expect(html, secret).not.toContain(secret);
      expect(json, secret).not.toContain(secret);
    }

    // The stop ahead is delivered: Grace is stop 1 now.
    await custody.deliver(other.id, '2026-11-26T09:05:00Z');
    clock = at('2026-11-26T09:06:00Z');
    expect(current(await track(order.trackingToken)).lines).toEqual([
      'You are stop 1, expected between 09:05 and 09:35',
    ]);

    // Delivered, left with the concierge, with a proof-of-delivery photo.
    const photo = await storePhoto(site.server.services, {
      orderId: order.id,
      kind: 'delivery',
      bytes: await phonePhotoWithGps(800, 600),
      staffId: null,
    });
    await custody.deliver(order.id, '2026-11-26T09:14:00Z', {
      leftWith: 'With the concierge',
      photoId: photo.id,
    });
    t = await track(order.trackingToken);
    expect(t.live).toBe(false);
    expect(current(t)).toMatchObject({
      key: 'delivered',
      when: 'Thu 26 Nov, 09:14',
      lines: ['Left: With the concierge'],
    });
    expect(t.steps.every((s) => s.state !== 'to-come')).toBe(true);
    // The photo: a signed URL that serves the image to the holder of the link.
    const src = t.steps.find((s) => s.key === 'delivered')!.photoUrl!;
    expect(src).toMatch(new RegExp(`^/photos/${photo.id}\\?expires=\\d+&sig=`));
    const image = await site.page(src);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    html = await site.html(path);
    expect(html).toContain(`src="${src.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('Left: With the concierge');
    expect(html).not.toContain('http-equiv="refresh"');

    // Every status e-mail of the order carries the tracking link.
    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, grace.email));
    const url = `${site.server.services.config.publicUrl}${path}`;
    const templates = mails.map((m) => m.template);
    expect(templates).toEqual(
      expect.arrayContaining([
        'order-confirmation',
        'order-collected',
        'order-out-for-delivery',
        'order-delivered',
      ]),
    );
    for (const mail of mails.filter((m) => m.template !== 'account-welcome')) {
      expect(mail.textBody, mail.template).toContain(`Track your order: ${url}`);
      expect(mail.html, mail.template).toContain(`href="${url}"`);
    }
  });

  it('a cancelled order says so', async () => {
    const db = site.server.database.db;
    const order = await insertOrderRow(db, at('2026-11-27T09:00:00Z'));
    const staff = await createStaffUser(db, {
      email: 'kim.tracking@shop.test',
      name: 'Kim',
      role: 'staff',
      password: 'staff-password-123',
    });
    clock = at('2026-11-25T10:00:00Z');
    await moveOrder(site.server.services, {
      actor: { id: staff.id, name: staff.name, role: 'staff' },
      orderId: order.id,
      to: 'cancelled',
    });
    const t = await track(order.trackingToken);
    expect(t.steps.map((s) => `${s.key}:${s.state}`)).toEqual(['booked:done', 'cancelled:current']);
    expect(await site.html(trackingPath(order.trackingToken))).toContain(
      'This order is cancelled.',
    );
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'order-cancelled-by-shop'));
    expect(mail!.textBody).toContain(trackingPath(order.trackingToken));
  });

  it('a collection moved through its change link shows on the page and in the API, when it was moved', async () => {
    const db = site.server.database.db;
    const order = await insertOrderRow(db, at('2026-11-27T09:00:00Z'));
    clock = at('2026-11-25T10:00:00Z');
    const services = { ...site.server.services, now: () => clock };
    // The page offers the change (through the e-mailed link, decision 043); the link it e-mails.
    const link = (await track(order.trackingToken)).steps.find((s) => s.key === 'booked')!.link!;
    expect(link.label).toBe('Change the collection time');
    const query = new URL(collectionChangePath(services, order), 'http://localhost').searchParams;
    const caller = {
      orderId: order.id,
      leg: 'collection' as const,
      windowMs: Number(query.get('c')),
      token: query.get('t'),
    };
    const { windows } = await rescheduleOptions(services, caller);
    const choice = windows.find((w) => !w.full)!;
    await chooseNewWindow(services, {
      ...caller,
      date: choice.slot_date,
      start: choice.slot_start,
    });
    const t = await track(order.trackingToken);
    const moved = t.steps.filter((s) => s.key === 'moved');
    expect(moved).toHaveLength(1);
    expect(moved[0]!.title).toMatch(
      new RegExp(
        `^Collection moved to \\w{3} \\d{1,2} \\w{3}, ${choice.slot_start}–\\d\\d:\\d\\d$`,
      ),
    );
    expect(moved[0]!.when).toBe('Wed 25 Nov, 10:00');
    expect(await site.html(trackingPath(order.trackingToken))).toContain(moved[0]!.title);
  });

  it('an unknown token, or the order id, is the 404 page and a 404 in the API', async () => {
    const order = await insertOrderRow(site.server.database.db, at('2026-11-27T09:00:00Z'));
    for (const token of ['00000000-0000-4000-8000-000000000000', order.id, 'not-a-token']) {
      const page = await site.page(`/track/${token}`);
      expect(page.status, token).toBe(404);
      expect(await page.text()).toContain('Page not found');
      const reply = await site.server.api<{ status: boolean }>(`/api/track/${token}`);
      expect(reply.status, token).toBe(404);
      expect(reply.body.status).toBe(false);
    }
  });
  it('every e-mail builder about an order carries the link: status, invoice, receipt, refund, credit, approval, answer', async () => {
    const services = site.server.services;
    const brand = services.config.brand;
    const order = await insertOrderRow(services.db, at('2026-11-27T09:00:00Z'), {
      amountDuePence: 2000,
      totalPence: 2000,
    });
    const url = `${services.config.publicUrl}${trackingPath(order.trackingToken)}`;
    const approval = { id: order.id, expiresAt: at('2026-12-01T00:00:00Z'), amountPence: 4000 };
    const messages = [
      ...(['collected', 'out for delivery', 'delivered', 'cancelled'] as const).map((to) =>
        statusEmail(brand, services, order, to, clock)!,
      ),
      invoiceEmail(brand, services, order, [], clock),
      invoiceEmail(brand, services, order, [], clock, 'charge-failed'),
      receiptEmail(brand, services, order, 2000),
      refundEmail(brand, services, order, 500, { paypal: true, cardLast4: null }),
      overpaymentCreditEmail(brand, services, order, 500),
      approvalRequestEmail(brand, services, { order, items: [], approval, capPence: 3000 }),
      staffAnswerEmail(brand, services, { order, body: 'Yes.', approval: null }),
    ];
    for (const m of messages) {
      expect(m.text, m.template).toContain(`Track your order: ${url}`);
      expect(m.html, m.template).toContain(`href="${url}"`);
    }
  });
});
