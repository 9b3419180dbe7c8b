import { describe, expect, it } from 'vitest';
import { csvField, csvOf } from './csv';

describe('CSV (decision 054)', () => {
  it('quotes a comma, a quote and a line break, and ends lines with CRLF', () => {
    expect(
      csvOf(
        ['Branch', 'Total'],
        [
          ['Maida Vale, W9', '12.50'],
          ['Say "hi"\nthere', 3],
        ],
      ),
    ).toBe('Branch,Total\r\n"Maida Vale, W9",12.50\r\n"Say ""hi""\nthere",3\r\n');
  });
  it('keeps numbers, negative ones too, and defuses a formula', () => {
    expect(csvField('-3.00')).toBe('-3.00');
    expect(csvField(-4)).toBe('-4');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvField('-bad')).toBe(`'-bad`);
  });
});
