import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createLinkSigner } from '../../auth/signed-links';
import { loadConfig } from '../../config';
import type { orders } from '../../db/schema';
import { newWindowEmail } from './driver-emails';

/* The confirmation after a customer chose a new window through the "not home" link. */

const config = loadConfig({ NODE_ENV: 'test' });
const site = { config, links: createLinkSigner(randomBytes(32)) };
const order = {
  id: '8d2b7c1e-6f3a-4a51-9d0b-2f7e4c9a1b36',
  orderNo: 100042,
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  trackingToken: 'a3f1c9e2-5b7d-4e80-8c14-6d2f0b9e7a51',
  pickupStartsAt: new Date('2026-11-27T07:00:00Z'),
  pickupEndsAt: new Date('2026-11-27T08:00:00Z'),
  deliveryStartsAt: new Date('2026-11-30T09:00:00Z'),
  deliveryEndsAt: new Date('2026-11-30T10:00:00Z'),
} as typeof orders.$inferSelect;

describe('newWindowEmail', () => {
  it('confirms a new collection, and says so when the delivery moved with it', () => {
    const mail = newWindowEmail(config.brand, site, {
      order,
      leg: 'collection',
      deliveryMoved: true,
    });
    expect(mail).toMatchObject({
      to: 'ada@example.com',
      template: 'new-collection-window',
      subject: 'Your new collection time for order LD-100042',
    });
    expect(mail.text).toContain(
      'our driver will come to collect your order Fri 27 Nov 2026, 07:00–08:00',
    );
    expect(mail.text).toContain('your delivery has moved to Mon 30 Nov 2026, 09:00–10:00');
    expect(mail.text).toContain(`/track/${order.trackingToken}`);
  });

  it('confirms a new delivery without talk of a moved one', () => {
    const mail = newWindowEmail(config.brand, site, {
      order,
      leg: 'delivery',
      deliveryMoved: false,
    });
    expect(mail.template).toBe('new-delivery-window');
    expect(mail.text).toContain('will bring your order back Mon 30 Nov 2026, 09:00–10:00');
    expect(mail.text).not.toContain('has moved');
  });
});
