import { describe, expect, it } from 'vitest';
import { canTakeIntake } from '@shared/order-pipeline';
import { normaliseTag, suggestTag, TAG_PATTERN } from './tags';

describe('garment tags', () => {
  it('suggests the order number and the next two-digit sequence', () => {
    expect(suggestTag(100042, [])).toBe('100042-01');
    expect(suggestTag(100042, ['100042-01', '100042-03', 'X1'])).toBe('100042-04');
    expect(suggestTag(100042, ['100042-99'])).toBe('100042-100');
  });
  it('reads a typed or scanned tag the same way', () => {
    expect(normaliseTag('  100042-01a ')).toBe('100042-01A');
    expect(TAG_PATTERN.test('100042-01')).toBe(true);
    expect(TAG_PATTERN.test('-1')).toBe(false);
    expect(TAG_PATTERN.test('A B')).toBe(false);
  });
  it('takes intake while collected or cleaning only', () => {
    expect(['pending', 'collected', 'cleaning', 'ready', 'delivered'].map(canTakeIntake)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});
