import { describe, expect, it } from 'vitest';
import { payNowHref, showPayNow } from './order-rules';

describe('Pay Now', () => {
  it('shows only for an amount due above 0 on a pending payment order', () => {
    expect(showPayNow({ amount_due: '27.50', status: 'pending payment' })).toBe(true);
    expect(showPayNow({ amount_due: '0.00', status: 'pending payment' })).toBe(false);
    expect(showPayNow({ amount_due: '27.50', status: 'pending' })).toBe(false);
    expect(showPayNow({ amount_due: '27.50', status: 'cancelled' })).toBe(false);
  });
  it('also shows once the shop e-mailed the invoice and something is still due', () => {
    expect(showPayNow({ amount_due: '41.50', status: 'ready', invoiced: true })).toBe(true);
    expect(showPayNow({ amount_due: '41.50', status: 'ready', invoiced: false })).toBe(false);
    expect(showPayNow({ amount_due: '0.00', status: 'delivered', invoiced: true })).toBe(false);
  });
  it('links to the payment page with the amount and the Skip Basket tag', () => {
    expect(payNowHref({ id: 'abc', amount_due: '27.50' })).toBe(
      '/order/payment/abc?amount=27.50&tag=Skip%20Basket',
    );
  });
});
