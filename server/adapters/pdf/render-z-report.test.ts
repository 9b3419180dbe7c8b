import { describe, expect, it } from 'vitest';
import { pdfText } from '@tests/helpers/pdf-text';
import { zReportRows, type TillDayView } from '@shared/z-report';
import { renderZReport } from './render-z-report';

/*
 * A closed till day's Z report as an A4 PDF (issue 32, decision 056): the page's rows (the
 * same list, shared/z-report.ts) with the counted cash, the difference and its note, and the
 * entries; a long day runs onto a second page.
 */

const entry = (
  id: number,
  amount: string,
  extra: Partial<TillDayView['entries'][number]> = {},
) => ({
  id,
  at: '2026-11-23T09:15:00Z',
  kind: 'sale' as const,
  method: 'cash' as const,
  amount,
  by: 'Maya Counter',
  order_id: null,
  order_no: `LD-1000${id}`,
  reason: null,
  ...extra,
});

const day: TillDayView = {
  id: 7,
  branch: 'Maida Vale',
  day: '2026-11-23',
  opened_by: 'Maya Counter',
  opened_at: '2026-11-23T07:30:00Z',
  float: '50.00',
  closed_by: 'Olive Owner',
  closed_at: '2026-11-23T19:45:00Z',
  takings: { cash: '37.50', card: '12.00', total: '49.50' },
  refunds: '-4.00',
  paid_in: '10.00',
  paid_out: '-2.50',
  vat: '8.25',
  tickets_in: 3,
  tickets_out: 1,
  expected_cash: '91.00',
  counted_cash: '90.70',
  difference: '-0.30',
  note: 'A 20p and a 10p lost under the till',
  entries: [
    entry(1, '37.50'),
    entry(2, '12.00', { method: 'card' }),
    entry(3, '-4.00', { kind: 'refund', reason: 'Stain not removed' }),
    entry(4, '10.00', { kind: 'paid-in', order_no: null, reason: 'Change from the bank' }),
    entry(5, '-2.50', { kind: 'paid-out', order_no: null, reason: 'Milk' }),
  ],
};

describe('the Z report PDF', () => {
  it('shows every figure of the page, the note and the entries, on A4', async () => {
    const pdf = await renderZReport(day, 'Maida Vale Dry Cleaners');
    const text = await pdfText(new Uint8Array(pdf));
    expect(text).toContain('Day-end (Z) report · Maida Vale · 2026-11-23');
    expect(text).toContain(
      'Opened by Maya Counter at Mon 23 Nov, 07:30; closed by Olive Owner at Mon 23 Nov, 19:45',
    );
    const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    for (const [label, value] of zReportRows(day)) expect(lines).toContain(`${label} ${value}`);
    expect(lines).toContain('Difference -£0.30');
    expect(text).toContain('Note: A 20p and a 10p lost under the till');
    expect(lines).toContain(
      '09:15 Refund (cash) · LD-10003 · Stain not removed Maya Counter -£4.00',
    );
    expect(lines).toContain('09:15 Paid out (cash) · Milk Maya Counter -£2.50');
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('runs a long day onto more pages, the entries all there', async () => {
    const long = { ...day, entries: Array.from({ length: 80 }, (_, i) => entry(i + 1, '1.00')) };
    const pdf = await renderZReport(long, 'Maida Vale Dry Cleaners');
    const text = await pdfText(new Uint8Array(pdf));
    expect(text).toContain('LD-10001 ');
    expect(text).toContain('LD-100080');
    expect(
      Buffer.from(pdf)
        .toString('latin1')
        .match(/\/Type \/Page\b/g)!.length,
    ).toBeGreaterThan(1);
  });
});
