import { describe, expect, it } from 'vitest';
import { MINIMUM_LINE_NAME, amountDue, invoiceProblems, priceInvoice } from './invoice';

const line = (unitPricePence: number, quantity = 1) => ({
  serviceId: 1,
  itemName: 'Two-piece suit',
  quantity,
  unitPricePence,
});

describe('priceInvoice', () => {
  it('adds lines by quantity and takes the discount off', () => {
    const priced = priceInvoice([line(1650, 2), line(450, 3)], 500);
    expect(priced).toMatchObject({
      subtotalPence: 4650,
      discountPence: 500,
      totalPence: 4150,
      minimumLine: null,
    });
  });

  it('raises an order below £25 to the minimum with a visible line', () => {
    const priced = priceInvoice([line(450, 2)], 0);
    expect(priced.minimumLine).toEqual({
      itemName: MINIMUM_LINE_NAME,
      quantity: 1,
      unitPricePence: 1600,
    });
    expect(priced.subtotalPence).toBe(2500);
    expect(priced.totalPence).toBe(2500);
  });

  it('applies the minimum after the discount', () => {
    const priced = priceInvoice([line(3000)], 1000);
    expect(priced.minimumLine?.unitPricePence).toBe(500);
    expect(priced.subtotalPence - priced.discountPence).toBe(2500);
    expect(priced.totalPence).toBe(2500);
  });

  it('is exactly £25 at the boundary, with no minimum line', () => {
    expect(priceInvoice([line(2500)], 0)).toMatchObject({ totalPence: 2500, minimumLine: null });
  });

  it('caps the discount at the lines and charges nothing for an empty order', () => {
    expect(priceInvoice([line(3000)], 9999).discountPence).toBe(3000);
    expect(priceInvoice([], 0)).toMatchObject({ totalPence: 0, minimumLine: null });
  });

  it('refuses fractions of a penny and negative amounts', () => {
    expect(() => priceInvoice([line(10.5)], 0)).toThrow();
    expect(() => priceInvoice([line(100, 0)], 0)).toThrow();
    expect(() => priceInvoice([line(100)], -1)).toThrow();
  });

  it('amountDue never goes below zero', () => {
    expect(amountDue(4150, 0)).toBe(4150);
    expect(amountDue(4150, 5000)).toBe(0);
  });
});

describe('invoiceProblems', () => {
  it('refuses a line or an order above its ceiling, and a discount larger than the items', () => {
    expect(invoiceProblems([{ quantity: 2, unitPricePence: 850 }], 100)).toEqual({});
    expect(invoiceProblems([{ quantity: 500, unitPricePence: 999_999 }], 0)).toMatchObject({
      'lines.0.quantity': [expect.stringMatching(/at most £50000\.00/)],
      lines: [expect.stringMatching(/at most £100000\.00/)],
    });
    expect(invoiceProblems([{ quantity: 2, unitPricePence: 850 }], 99_900)).toEqual({
      discount: ['The discount (£999.00) is larger than the items (£17.00).'],
    });
  });
});
