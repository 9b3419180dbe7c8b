import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLinkSigner } from '../../auth/signed-links';
import { approvalPagePath } from '../../auth/approval-access';
import { paymentPagePath } from '../../auth/order-access';
import { collectionChangePath, reschedulePagePath } from '../../auth/reschedule-access';
import {
  gsm7,
  isGsm7,
  marketingText,
  MARKETING_OPT_OUT,
  replyTexts,
  serviceText,
  smsSegments,
  type TextFacts,
} from './text-templates';

const config = loadConfig({ NODE_ENV: 'test' });
const brand = { ...config.brand, shortName: 'Maida Vale Cleaners' };
// A real deployment's address, as long as the links will be.
const publicUrl = 'https://www.maidavale-cleaners.co.uk';
const links = { links: createLinkSigner(randomBytes(32)) };

const order = {
  id: '6f1c2b8e-3a4d-4c5e-8f90-1a2b3c4d5e6f',
  orderNo: 100042,
  trackingToken: '0b7e4c1a-9d2f-4e3b-a6c5-7d8e9f0a1b2c',
  // Tuesday 24 November 2026, 09:00–10:00 London (GMT); delivery Thursday 26, 18:00–19:00.
  pickupStartsAt: new Date('2026-11-24T09:00:00Z'),
  pickupEndsAt: new Date('2026-11-24T10:00:00Z'),
  deliveryStartsAt: new Date('2026-11-26T18:00:00Z'),
  deliveryEndsAt: new Date('2026-11-26T19:00:00Z'),
  amountDuePence: 4250,
};
const now = new Date('2026-11-23T18:00:00Z');
const site = { links: links.links };

const everyEvent: TextFacts[] = [
  { event: 'booking-confirmed' },
  {
    event: 'collection-reminder',
    changeUrl: `${publicUrl}${collectionChangePath(site, order)}`,
  },
  {
    event: 'driver-on-the-way',
    expected: { from: new Date('2026-11-26T18:20:00Z'), to: new Date('2026-11-26T18:50:00Z') },
  },
  {
    event: 'not-home',
    leg: 'collection',
    // A real-length event id (the stop_events sequence a few years in).
    rescheduleUrl: `${publicUrl}${reschedulePagePath(site, { orderId: order.id, eventId: 1234567, at: now })}`,
  },
  { event: 'intake-report' },
  {
    event: 'approval-needed',
    amountPence: 9900,
    approvalUrl: `${publicUrl}${approvalPagePath(site, { id: order.id, expiresAt: now })}`,
  },
  {
    event: 'invoice',
    paymentUrl: `${publicUrl}${paymentPagePath(site, order.id, now, { amount: '42.50', tag: 'Skip Basket' })}`,
  },
  {
    event: 'charge-failed',
    paymentUrl: `${publicUrl}${paymentPagePath(site, order.id, now, { amount: '42.50', tag: 'Skip Basket' })}`,
  },
  { event: 'out-for-delivery' },
  { event: 'delivered' },
  { event: 'counter-ready', branchName: "St John's Wood" },
  // Decision 054: the longest branch name, the last notice.
  { event: 'counter-uncollected', branchName: "St John's Wood", days: 90 },
];

describe('service texts', () => {
  it.each(everyEvent.map((f) => [f.event, f] as const))(
    '%s: names the brand and the order, links to the order, GSM-7 in at most two segments',
    (_event, facts) => {
      const text = serviceText(brand, publicUrl, order, facts);
      expect(text).toContain('Maida Vale Cleaners');
      expect(text).toContain('LD-100042');
      // The tracking link, or (for approval, payment, the reminder and "not home") the
      // order's signed page.
      const links = text.match(/https:\/\/\S+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      expect(
        links.some((l) => l.endsWith(`/track/${order.trackingToken}`) || l.includes(order.id)),
      ).toBe(true);
      expect(isGsm7(text)).toBe(true);
      expect(smsSegments(text)).toBeLessThanOrEqual(2);
    },
  );

  it('WhatsApp: its own words for the counter’s ready and uncollected texts, the SMS words else (issue 32)', () => {
    const ready = serviceText(
      brand,
      publicUrl,
      order,
      { event: 'counter-ready', branchName: "St John's Wood" },
      'whatsapp',
    );
    expect(ready.split('\n')).toEqual([
      '*Maida Vale Cleaners*',
      "Good news: your ticket LD-100042 is ready for collection at St John's Wood branch.",
      'To pay when you collect: £42.50.',
      `See your ticket: ${publicUrl}/track/${order.trackingToken}`,
    ]);
    const paid = serviceText(
      brand,
      publicUrl,
      { ...order, amountDuePence: 0 },
      { event: 'counter-ready', branchName: 'Maida Vale' },
      'whatsapp',
    );
    expect(paid).toContain('It is paid: just bring your ticket, or give us your phone number.');
    for (const days of [30, 90]) {
      const reminder = serviceText(
        brand,
        publicUrl,
        order,
        { event: 'counter-uncollected', branchName: 'Maida Vale', days },
        'whatsapp',
      );
      expect(reminder).toContain(
        `ticket LD-100042 has been ready for collection at Maida Vale branch for ${days} days.`,
      );
      expect(reminder).toContain('items may be disposed of after 90 days undelivered');
      expect(reminder.startsWith('*Maida Vale Cleaners*\n')).toBe(true);
      expect(reminder.includes('Last notice')).toBe(days >= 90);
      // Not the SMS words.
      expect(reminder).not.toBe(
        serviceText(brand, publicUrl, order, {
          event: 'counter-uncollected',
          branchName: 'Maida Vale',
          days,
        }),
      );
    }
    // Other events send the same words on both channels.
    expect(serviceText(brand, publicUrl, order, { event: 'delivered' }, 'whatsapp')).toBe(
      serviceText(brand, publicUrl, order, { event: 'delivered' }),
    );
  });

  it('says "ready for collection at <Branch> branch" on every counter event, SMS and WhatsApp (issue 32)', () => {
    const counterEvents = [
      { event: 'counter-ready', branchName: "St John's Wood" },
      ...[30, 60, 80, 90].map((days) => ({
        event: 'counter-uncollected' as const,
        branchName: "St John's Wood",
        days,
      })),
    ] as const;
    for (const facts of counterEvents) {
      for (const channel of ['sms', 'whatsapp'] as const) {
        const text = serviceText(brand, publicUrl, order, facts, channel);
        expect(text, `${facts.event} ${channel}`).toContain(
          "ready for collection at St John's Wood branch",
        );
        expect(text).not.toMatch(/at our /);
      }
    }
  });

  it('carries the tracking link on every status text (the texts that offer a change carry the signed page)', () => {
    for (const facts of everyEvent) {
      const signed = [
        'approval-needed',
        'invoice',
        'charge-failed',
        'collection-reminder',
        'not-home',
      ];
      if (signed.includes(facts.event)) {
        continue;
      }
      expect(serviceText(brand, publicUrl, order, facts)).toContain(
        `${publicUrl}/track/${order.trackingToken}`,
      );
    }
  });

  it('the reminder: tomorrow in London time, SKIP, and the signed page to change the slot', () => {
    const text = serviceText(brand, publicUrl, order, everyEvent[1]!);
    expect(text).toBe(
      `Maida Vale Cleaners: we collect order LD-100042 tomorrow, 09:00-10:00. Reply SKIP to cancel, or change the time here: ${publicUrl}${collectionChangePath(site, order)}`,
    );
  });

  it('not home: the signed page to choose a new time, as the e-mail', () => {
    const text = serviceText(brand, publicUrl, order, everyEvent[3]!);
    expect(text).toMatch(
      new RegExp(
        `Choose a new time here: ${publicUrl}/order/reschedule/${order.id}\\?stop=1234567&t=\\d+\\.[\\w-]{43}$`,
      ),
    );
  });

  it('driver on the way: the expected time in London, summer time included', () => {
    const summer = {
      event: 'driver-on-the-way' as const,
      expected: { from: new Date('2026-07-01T17:20:00Z'), to: new Date('2026-07-01T17:50:00Z') },
    };
    expect(serviceText(brand, publicUrl, order, summer)).toContain(
      'expected between 18:20 and 18:50',
    );
  });

  it('driver on the way and out for delivery name the day when it is not today (issue 31)', () => {
    const expected = {
      from: new Date('2026-11-26T18:20:00Z'),
      to: new Date('2026-11-26T18:50:00Z'),
    };
    const onTheDay = new Date('2026-11-26T08:00:00Z');
    const dayBefore = new Date('2026-11-25T23:59:00Z');
    const onTheWay = (at: Date) =>
      serviceText(brand, publicUrl, order, { event: 'driver-on-the-way', expected, now: at });
    expect(onTheWay(onTheDay)).toContain('expected between 18:20 and 18:50.');
    expect(onTheWay(dayBefore)).toContain('expected Thu 26 Nov between 18:20 and 18:50.');
    const out = (at: Date) =>
      serviceText(brand, publicUrl, order, { event: 'out-for-delivery', now: at });
    expect(out(onTheDay)).toContain('is out for delivery today, 18:00-19:00.');
    expect(out(dayBefore)).toContain('is out for delivery, Thu 26 Nov 18:00-19:00.');
    for (const text of [onTheWay(dayBefore), out(dayBefore)]) {
      expect(isGsm7(text)).toBe(true);
      expect(smsSegments(text)).toBeLessThanOrEqual(2);
    }
  });

  it('money: the invoice and the failed charge say the amount due in pounds', () => {
    expect(serviceText(brand, publicUrl, order, everyEvent[6]!)).toContain('£42.50 due');
    expect(serviceText(brand, publicUrl, order, everyEvent[7]!)).toContain('(£42.50)');
    expect(serviceText(brand, publicUrl, order, everyEvent[5]!)).toContain('£99.00');
  });

  it('the approval text offers what its page offers: approve, or ask a question (walkthrough 3)', () => {
    const text = serviceText(brand, publicUrl, order, everyEvent[5]!);
    expect(text).toContain('Please approve it or ask us a question:');
    expect(text).not.toContain('decline');
  });

  it('a brand with typographic punctuation still gives GSM-7 texts', () => {
    const fancy = { ...brand, shortName: 'O’Brien’s – Cleaners…' };
    const text = serviceText(fancy, publicUrl, order, { event: 'delivered' });
    expect(text.startsWith("O'Brien's - Cleaners...:")).toBe(true);
    expect(isGsm7(text)).toBe(true);
  });
});

describe('GSM-7', () => {
  it('counts segments: 160 in one, 153 each beyond', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    // An extension character takes two septets; a curly quote makes it UCS-2 (70 a segment).
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments('€'.repeat(81))).toBe(2);
    expect(smsSegments(`${'a'.repeat(70)}’`)).toBe(2);
  });

  it('replaces what is not in the alphabet', () => {
    expect(gsm7('“Hi” – it’s 5…  done 🙂')).toBe('"Hi" - it\'s 5... done ?');
    expect(isGsm7('£5 café')).toBe(true);
    expect(isGsm7('5 – 6')).toBe(false);
  });
});

describe('marketing and replies', () => {
  it('every marketing text names the brand and ends with the opt-out', () => {
    const text = marketingText(brand, '  20% off curtains this week – book by Sunday!  ');
    expect(text).toBe(
      'Maida Vale Cleaners: 20% off curtains this week - book by Sunday! Reply STOP to opt out',
    );
    expect(text.endsWith(MARKETING_OPT_OUT)).toBe(true);
  });

  it('HELP gives the shop phone and e-mail; STOP says how to restart', () => {
    expect(replyTexts.help(config.brand)).toContain(config.brand.phone);
    expect(replyTexts.help(config.brand)).toContain(config.brand.email);
    expect(replyTexts.stopped(config.brand)).toContain('Reply START');
    for (const text of [replyTexts.help(config.brand), replyTexts.stopped(config.brand)]) {
      expect(isGsm7(text)).toBe(true);
    }
  });
});
