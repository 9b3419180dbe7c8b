import { describe, expect, it } from 'vitest';
import {
  capMessages,
  capProblem,
  defaultPriceCap,
  estimateOrder,
  NOT_SURE_CAP_PENCE,
  roundUpToFivePounds,
} from './estimate';

/* The estimate and cap maths have no clock: nothing here depends on the time of day. */

const suit = { serviceId: 1, name: 'Two-piece suit', quantity: 1, unitPricePence: 1850 };
const shirt = { serviceId: 2, name: 'Shirt on hanger', quantity: 3, unitPricePence: 350 };
const kilt = { serviceId: 3, name: 'Kilt', quantity: 1, unitPricePence: 0 };

describe('estimateOrder', () => {
  it('adds the lines by quantity; above the minimum the total is the items', () => {
    const estimate = estimateOrder({ lines: [suit, { ...shirt, quantity: 4 }], notSure: false });
    expect(estimate).toMatchObject({
      itemsPence: 3250,
      totalPence: 3250,
      minimumApplies: false,
      callForPrice: [],
      defaultCapPence: 3500,
    });
    expect(estimate.lines.map((l) => l.linePence)).toEqual([1850, 1400]);
  });

  it('raises items below £25 to the minimum, and says so', () => {
    const estimate = estimateOrder({ lines: [shirt], notSure: false });
    expect(estimate).toMatchObject({
      itemsPence: 1050,
      totalPence: 2500,
      minimumApplies: true,
      defaultCapPence: 2500,
    });
  });

  it('is exactly £25 at the boundary without the minimum rule', () => {
    const estimate = estimateOrder({
      lines: [{ ...suit, unitPricePence: 2500 }],
      notSure: false,
    });
    expect(estimate).toMatchObject({ totalPence: 2500, minimumApplies: false });
  });

  it('leaves call-for-price items out of the estimate and names them', () => {
    const estimate = estimateOrder({
      lines: [kilt, suit, { ...shirt, quantity: 2 }],
      notSure: false,
    });
    expect(estimate.itemsPence).toBe(2550);
    expect(estimate.totalPence).toBe(2550);
    expect(estimate.callForPrice).toEqual(['Kilt']);
    expect(estimate.lines[0]).toMatchObject({ callForPrice: true, linePence: 0 });
  });

  it('with only call-for-price items the estimate is the minimum', () => {
    const estimate = estimateOrder({ lines: [kilt], notSure: false });
    expect(estimate).toMatchObject({ totalPence: 2500, minimumApplies: true, itemsPence: 0 });
  });

  it('"Not sure" or nothing listed: no estimate, the not-sure cap', () => {
    for (const stated of [
      estimateOrder({ lines: [suit], notSure: true }),
      estimateOrder({ lines: [], notSure: false }),
    ]) {
      expect(stated).toMatchObject({
        lines: [],
        totalPence: null,
        minimumApplies: false,
        defaultCapPence: NOT_SURE_CAP_PENCE,
      });
    }
    expect(estimateOrder({ lines: [suit], notSure: true }).notSure).toBe(true);
  });
});

describe('the default cap', () => {
  it('is the estimate rounded up to the next whole £5, at least £25', () => {
    expect(roundUpToFivePounds(3000)).toBe(3000);
    expect(roundUpToFivePounds(3001)).toBe(3500);
    expect(roundUpToFivePounds(3499)).toBe(3500);
    expect(defaultPriceCap(3250)).toBe(3500);
    expect(defaultPriceCap(2500)).toBe(2500);
    expect(defaultPriceCap(1200)).toBe(2500);
    expect(defaultPriceCap(12_345)).toBe(12_500);
  });

  it('is £40 when the customer is not sure', () => {
    expect(NOT_SURE_CAP_PENCE).toBe(4000);
    expect(defaultPriceCap(null)).toBe(4000);
  });

  it('may not be below the minimum order', () => {
    expect(capProblem(2499)).toBe(capMessages.belowMinimum);
    expect(capMessages.belowMinimum).toBe('The cap cannot be below the £25 minimum order.');
    expect(capProblem(2500)).toBeNull();
  });
});
