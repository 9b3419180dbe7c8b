import { describe, expect, it } from 'vitest';
import {
  canItemise,
  canMove,
  canTakePayment,
  customerEmailFor,
  nextStatuses,
} from './order-pipeline';
import { orderStatuses } from './order-status';

describe('order pipeline', () => {
  it('follows pending → collected → cleaning → ready → out for delivery → delivered', () => {
    const path = ['pending', 'collected', 'cleaning', 'ready', 'out for delivery', 'delivered'];
    for (let i = 0; i < path.length - 1; i += 1) expect(canMove(path[i]!, path[i + 1]!)).toBe(true);
  });

  it('refuses skipping, going back past the shop, and leaving an end state', () => {
    expect(canMove('pending', 'ready')).toBe(false);
    expect(canMove('collected', 'delivered')).toBe(false);
    expect(canMove('cleaning', 'collected')).toBe(false);
    expect(canMove('delivered', 'ready')).toBe(false);
    expect(canMove('cancelled', 'pending')).toBe(false);
    expect(canMove('cleaning', 'cancelled')).toBe(false);
    expect(nextStatuses('delivered')).toEqual([]);
    expect(nextStatuses('nonsense')).toEqual([]);
  });

  it('lets a failed delivery go back to ready and an unpaid booking be collected', () => {
    expect(canMove('out for delivery', 'ready')).toBe(true);
    expect(canMove('pending payment', 'collected')).toBe(true);
  });

  it('e-mails the customer on collected, out for delivery, delivered and cancelled only', () => {
    expect(customerEmailFor('collected')).toBe('order-collected');
    expect(customerEmailFor('out for delivery')).toBe('order-out-for-delivery');
    expect(customerEmailFor('delivered')).toBe('order-delivered');
    expect(customerEmailFor('cancelled')).toBe('order-cancelled-by-shop');
    expect(customerEmailFor('cleaning')).toBeNull();
    expect(customerEmailFor('ready')).toBeNull();
  });

  it('allows itemising only while the items are in the shop', () => {
    expect(canItemise('pending')).toBe(false);
    expect(canItemise('collected')).toBe(true);
    expect(canItemise('ready')).toBe(true);
    expect(canItemise('out for delivery')).toBe(false);
  });

  it('takes a payment until delivery, and after it only while money is owed', () => {
    const open = orderStatuses.filter((s) => s !== 'delivered' && s !== 'cancelled');
    for (const status of open) expect(canTakePayment({ status, amountDuePence: 0 })).toBe(true);
    expect(canTakePayment({ status: 'cancelled', amountDuePence: 500 })).toBe(false);
    expect(canTakePayment({ status: 'delivered', amountDuePence: 0 })).toBe(false);
    expect(canTakePayment({ status: 'delivered', amountDuePence: 500 })).toBe(true);
    expect(canTakePayment({ status: 'lost', amountDuePence: 500 })).toBe(false);
  });
});
