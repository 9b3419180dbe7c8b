import { describe, expect, it } from 'vitest';
import { textablePhone } from './phone';

describe('textablePhone', () => {
  it('gives a UK mobile as typed in E.164', () => {
    expect(textablePhone('07911 123456')).toBe('+447911123456');
    expect(textablePhone('+44 7911 123456')).toBe('+447911123456');
    // Ofcom's drama range: the demo's and the tests' customers.
    expect(textablePhone('07700900123')).toBe('+447700900123');
  });

  it('refuses numbers no text reaches, and what is no number', () => {
    expect(textablePhone('020 7946 0123')).toBeNull(); // a landline
    expect(textablePhone('07640 123456')).toBeNull(); // a pager
    expect(textablePhone('07000 123456')).toBeNull(); // a personal number
    expect(textablePhone('not a phone')).toBeNull();
    expect(textablePhone('')).toBeNull();
  });
});
