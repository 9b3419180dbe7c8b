import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SIMPLIFIED_INVOICE_LIMIT_PENCE, vatBreakdown, vatContainedIn } from './vat';

describe('VAT contained in VAT-inclusive prices (20 %)', () => {
  test('one sixth, to the nearest penny', () => {
    expect(vatContainedIn(1200)).toBe(200);
    expect(vatContainedIn(2500)).toBe(417); // 416.67
    expect(vatContainedIn(1)).toBe(0);
    expect(vatContainedIn(3)).toBe(1); // 0.5 rounds up
    expect(vatContainedIn(0)).toBe(0);
    expect(vatContainedIn(-750)).toBe(-125);
  });

  test('a line per garment, a discount line, and the totals as sums of the lines', () => {
    const v = vatBreakdown([
      { description: 'Shirt', quantity: 3, unitGrossPence: 350 },
      { description: 'Two-piece suit', quantity: 1, unitGrossPence: 1595 },
      { description: 'Discount', quantity: 1, unitGrossPence: -500 },
    ]);
    expect(v.lines.map((l) => [l.grossPence, l.vatPence, l.netPence])).toEqual([
      [1050, 175, 875],
      [1595, 266, 1329],
      [-500, -83, -417],
    ]);
    expect(v).toMatchObject({ grossPence: 2145, vatPence: 358, netPence: 1787, simplified: true });
  });

  test('a simplified invoice up to £250 VAT included, a full one above', () => {
    const at = (pence: number) =>
      vatBreakdown([{ description: 'x', quantity: 1, unitGrossPence: pence }]);
    expect(at(SIMPLIFIED_INVOICE_LIMIT_PENCE).simplified).toBe(true);
    expect(at(SIMPLIFIED_INVOICE_LIMIT_PENCE + 1).simplified).toBe(false);
  });

  test('net plus VAT is the gross, line by line and in total; the VAT of a line is a sixth to the half penny', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            q: fc.integer({ min: 1, max: 50 }),
            p: fc.integer({ min: -5_000, max: 100_000 }),
          }),
          { maxLength: 30 },
        ),
        (rows) => {
          const v = vatBreakdown(
            rows.map((r) => ({ description: 'x', quantity: r.q, unitGrossPence: r.p })),
          );
          for (const l of v.lines) {
            expect(l.netPence + l.vatPence).toBe(l.grossPence);
            expect(Math.abs(l.vatPence - l.grossPence / 6)).toBeLessThanOrEqual(0.5);
          }
          expect(v.netPence + v.vatPence).toBe(v.grossPence);
        },
      ),
    );
  });
});

describe('money outside the scope of VAT (decision 063)', () => {
  test('a line of compensation carries no VAT; the totals add it to the gross and the net', () => {
    const vat = vatBreakdown([
      { description: 'Cleaning charge given back', quantity: 1, unitGrossPence: 350 },
      { description: 'Compensation', quantity: 1, unitGrossPence: 2400, outsideScope: true },
    ]);
    expect(vat.lines.map((l) => l.vatPence)).toEqual([58, 0]);
    expect(vat).toMatchObject({ grossPence: 2750, vatPence: 58, netPence: 2692 });
  });
});
