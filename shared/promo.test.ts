import { describe, expect, it } from 'vitest';
import {
  checkPromo,
  invoicePromoDiscount,
  normalisePromoCode,
  promoDiscount,
  referralRule,
  type PromoRule,
} from './promo';

const now = new Date('2026-11-24T12:00:00Z');
const base: PromoRule = {
  code: 'APP30',
  kind: 'percent',
  percentOff: 30,
  amountOffPence: null,
  firstOrderOnly: false,
  minSpendPence: 0,
  startsAt: null,
  endsAt: null,
  perCustomerLimit: null,
  totalLimit: null,
  used: 0,
  active: true,
};
const ctx = { now, previousOrders: 0, customerUses: 0, spendPence: 4000 };

describe('promoDiscount', () => {
  it('takes a percentage rounded down to the penny, or a fixed sum, never above the spend', () => {
    expect(promoDiscount(base, 4000)).toBe(1200);
    expect(promoDiscount(base, 3333)).toBe(999);
    expect(promoDiscount({ kind: 'fixed', percentOff: null, amountOffPence: 1000 }, 4000)).toBe(
      1000,
    );
    expect(promoDiscount({ kind: 'fixed', percentOff: null, amountOffPence: 1000 }, 600)).toBe(600);
    expect(promoDiscount(base, 0)).toBe(0);
  });
});

describe('checkPromo', () => {
  it('accepts a code within every rule and says what it takes off', () => {
    expect(checkPromo('APP30', base, ctx)).toEqual({ ok: true, discountPence: 1200 });
  });

  it('refuses an unknown or deactivated code as unknown', () => {
    expect(checkPromo('NOPE', null, ctx)).toMatchObject({ ok: false, reason: 'unknown' });
    const off = checkPromo('APP30', { ...base, active: false }, ctx);
    expect(off).toMatchObject({ ok: false, reason: 'unknown' });
    expect(!off.ok && off.message).toBe(
      'We do not know the code APP30. Please check it and try again.',
    );
  });

  it('refuses before the start and from the end (London dates in the message)', () => {
    const later = checkPromo('APP30', { ...base, startsAt: new Date('2026-12-01T00:00:00Z') }, ctx);
    expect(later).toEqual({
      ok: false,
      reason: 'not-started',
      message: 'The code APP30 starts on 01/12/2026.',
    });
    const ended = checkPromo('APP30', { ...base, endsAt: new Date('2026-11-24T12:00:00Z') }, ctx);
    expect(ended).toEqual({ ok: false, reason: 'expired', message: 'The code APP30 has expired.' });
    const open = checkPromo('APP30', { ...base, endsAt: new Date('2026-11-24T12:00:01Z') }, ctx);
    expect(open.ok).toBe(true);
  });

  it('refuses a code used up in total, and one the customer has used to its limit', () => {
    expect(checkPromo('APP30', { ...base, totalLimit: 5, used: 5 }, ctx)).toMatchObject({
      reason: 'used-up',
      message: 'The code APP30 has been used up.',
    });
    expect(checkPromo('APP30', { ...base, totalLimit: 5, used: 4 }, ctx).ok).toBe(true);
    expect(
      checkPromo(
        'APP30',
        { ...base, perCustomerLimit: 1 },
        { ...ctx, previousOrders: 1, customerUses: 1 },
      ),
    ).toMatchObject({ reason: 'customer-limit', message: 'You have already used the code APP30.' });
    expect(
      checkPromo(
        'APP30',
        { ...base, perCustomerLimit: 2 },
        { ...ctx, previousOrders: 3, customerUses: 1 },
      ).ok,
    ).toBe(true);
  });

  it('refuses a first-order code to a customer with an earlier order', () => {
    const rule = { ...base, firstOrderOnly: true };
    expect(checkPromo('APP30', rule, { ...ctx, previousOrders: 1 })).toEqual({
      ok: false,
      reason: 'first-order-only',
      message: 'The code APP30 is for a first order only.',
    });
    expect(checkPromo('APP30', rule, ctx).ok).toBe(true);
  });

  it('refuses below the minimum spend, naming it; an unknown spend is checked at invoicing', () => {
    const rule = { ...base, minSpendPence: 5000 };
    expect(checkPromo('APP30', rule, ctx)).toEqual({
      ok: false,
      reason: 'below-minimum',
      message: 'The code APP30 is for orders of £50.00 or more.',
    });
    expect(checkPromo('APP30', rule, { ...ctx, spendPence: null })).toEqual({
      ok: true,
      discountPence: 0,
    });
    expect(invoicePromoDiscount(rule, 4999)).toBe(0);
    expect(invoicePromoDiscount(rule, 5000)).toBe(1500);
  });

  it('makes a referral code a first-order £10 off', () => {
    const rule = referralRule('FRIEND-7QX2');
    expect(checkPromo('FRIEND-7QX2', rule, ctx)).toEqual({ ok: true, discountPence: 1000 });
    expect(checkPromo('FRIEND-7QX2', rule, { ...ctx, previousOrders: 2 })).toMatchObject({
      reason: 'first-order-only',
    });
  });
});

describe('normalisePromoCode', () => {
  it('reads codes as customers type them', () => {
    expect(normalisePromoCode(' app 30 ')).toBe('APP30');
  });
});
