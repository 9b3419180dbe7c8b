import { describe, expect, it } from 'vitest';
import { orderNoIn, orderNumber } from './order-number';

describe('order numbers carry the brand’s prefix', () => {
  it('formats with the prefix of brand.json', () => {
    expect(orderNumber({ orderPrefix: 'LD' }, 100001)).toBe('LD-100001');
    expect(orderNumber({ orderPrefix: 'KC' }, 100001)).toBe('KC-100001');
  });
  it('reads a typed number with or without its own prefix, any case', () => {
    const kc = { orderPrefix: 'KC' };
    expect(orderNoIn(kc, 'KC-100001')).toBe(100001);
    expect(orderNoIn(kc, ' kc-100001 ')).toBe(100001);
    expect(orderNoIn(kc, '100001')).toBe(100001);
    expect(orderNoIn(kc, 'LD-100001')).toBeNull();
    expect(orderNoIn(kc, 'Smith')).toBeNull();
    expect(orderNoIn(kc, '1234567890')).toBeNull();
  });
});
