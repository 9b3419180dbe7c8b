import { describe, expect, it } from 'vitest';
import { againCapPence } from './book-again';

describe('againCapPence (issue 31)', () => {
  it('is at or above the last bill and the last cap, in whole £5', () => {
    expect(againCapPence(5550, 4500)).toBe(6000);
    expect(againCapPence(3000, 4000)).toBe(4000);
    expect(againCapPence(4001, null)).toBe(4500);
    expect(againCapPence(0, null)).toBeNull();
  });
});
