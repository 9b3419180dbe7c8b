import { describe, expect, it } from 'vitest';
import { formatGbp, formatGbpInText, formatPence, parsePounds } from './money';

describe('money', () => {
  it('formats pence to two decimals', () => {
    expect(formatPence(0)).toBe('0.00');
    expect(formatPence(5)).toBe('0.05');
    expect(formatPence(1250)).toBe('12.50');
    expect(formatPence(-35)).toBe('-0.35');
    expect(formatGbp(2500)).toBe('£25.00');
    expect(() => formatPence(1.5)).toThrow();
  });
  it('writes an amount in a sentence without pence when there are none', () => {
    expect(formatGbpInText(2500)).toBe('£25');
    expect(formatGbpInText(2550)).toBe('£25.50');
    expect(formatGbpInText(5)).toBe('£0.05');
    expect(formatGbpInText(-500)).toBe('-£5');
  });
  it('parses pounds without floating point', () => {
    expect(parsePounds('12.5')).toBe(1250);
    expect(parsePounds('0.35')).toBe(35);
    expect(parsePounds('19.99')).toBe(1999);
    expect(parsePounds('12')).toBe(1200);
    expect(parsePounds('-1')).toBeNull();
    expect(parsePounds('1.234')).toBeNull();
    expect(parsePounds('abc')).toBeNull();
  });
});
