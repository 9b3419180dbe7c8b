import { describe, expect, it } from 'vitest';
import { pagePathOf } from './shared-routes';

describe('pagePathOf', () => {
  it("reads a client navigation's data request as its page", () => {
    expect(pagePathOf('/account.data')).toBe('/account');
    expect(pagePathOf('/account/credit.data')).toBe('/account/credit');
    expect(pagePathOf('/_root.data')).toBe('/');
    expect(pagePathOf('/pricing')).toBe('/pricing');
    expect(pagePathOf('/maida-vale')).toBe('/maida-vale');
  });
});
