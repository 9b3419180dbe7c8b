import { describe, expect, it } from 'vitest';
import { promoDiscount } from './promo';
import { appOfferLabel, appOfferRule, appOfferText, checkAppOffer } from './app-offer';

/* Issue 33: the app's first-order offer, decided without I/O. */

describe("the app's offer", () => {
  const percent = 30;
  const app = { source: 'app' as const, earlierClaims: 0, otherOffer: false };

  it('is written from the number it is given', () => {
    expect(appOfferText(percent)).toBe('30% off your first app order');
    expect(appOfferLabel(12)).toBe('App discount (12% off your first app order)');
  });

  it('takes the percentage off the cleaning, rounded down to the penny', () => {
    expect(promoDiscount(appOfferRule(percent), 6380)).toBe(1914);
  });

  it('is for a first claim from the app, with no other offer', () => {
    expect(checkAppOffer(percent, app)).toEqual({ ok: true });
    expect(checkAppOffer(percent, { ...app, earlierClaims: 1 })).toMatchObject({
      ok: false,
      code: 'app-offer-used',
    });
    expect(checkAppOffer(percent, { ...app, source: 'web' })).toMatchObject({
      ok: false,
      code: 'app-offer-app-only',
    });
    expect(checkAppOffer(percent, { ...app, otherOffer: true })).toMatchObject({
      ok: false,
      code: 'app-offer-not-combined',
      message: expect.stringContaining('30% off your first app order') as string,
    });
  });
});
