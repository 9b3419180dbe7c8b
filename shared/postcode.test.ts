import { describe, expect, it } from 'vitest';
import { isUkPostcode, normalisePostcode, outwardCode, postcodeDistrict } from './postcode';

describe('UK postcodes', () => {
  it('normalise case and spacing', () => {
    expect(normalisePostcode('w92hd')).toBe('W9 2HD');
    expect(normalisePostcode(' sw1w 9pp ')).toBe('SW1W 9PP');
    expect(normalisePostcode('NW10 3NB')).toBe('NW10 3NB');
  });
  it('refuse what is not a postcode', () => {
    for (const bad of ['', 'London', '12345', 'W9', 'W9 2H', 'QQQ 1AA']) {
      expect(isUkPostcode(bad)).toBe(false);
    }
  });
  it('give the district that coverage is checked by', () => {
    expect(outwardCode('W1U 4QW')).toBe('W1U');
    expect(postcodeDistrict('W1U')).toBe('W1');
    expect(postcodeDistrict('WC1N')).toBe('WC1');
    expect(postcodeDistrict('E1W')).toBe('E1');
    expect(postcodeDistrict('NW10')).toBe('NW10');
    expect(postcodeDistrict('W9')).toBe('W9');
  });
});
