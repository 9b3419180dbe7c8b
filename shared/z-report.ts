import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { tillDay } from './api/admin/till';
import { LONDON_ZONE } from './london-zone';

/*
 * The words and figures of a till day's report (issue 32, decisions 051 and 056), from the
 * contract's TillDay (the presenter's money as '12.50'): the one list both the page
 * (app/features/admin/counter/z-report.tsx) and the PDF (server/adapters/pdf/render-z-report.ts)
 * show, so the paper a shop files says what the screen said. Pure.
 */

export type TillDayView = z.infer<typeof tillDay>;
type Entry = TillDayView['entries'][number];

/** "12.50" as "£12.50", "-3.00" as "-£3.00". */
export const gbp = (amount: string) =>
  amount.startsWith('-') ? `-£${amount.slice(1)}` : `£${amount}`;

const kinds = { sale: 'Sale', refund: 'Refund', 'paid-in': 'Paid in', 'paid-out': 'Paid out' };
const london = (iso: string, format: string) =>
  DateTime.fromISO(iso, { zone: LONDON_ZONE }).toFormat(format);

/** The report's rows: label, value, and the page's test id where a test reads it. */
export function zReportRows(day: TillDayView): [string, string, string?][] {
  const rows: [string, string, string?][] = [
    ['Opening float', gbp(day.float)],
    ['Cash takings', gbp(day.takings.cash), 'z-cash'],
    ['Card takings', gbp(day.takings.card), 'z-card'],
    ['Total takings', gbp(day.takings.total), 'z-total'],
    ['of which VAT', gbp(day.vat), 'z-vat'],
    ['Refunds', gbp(day.refunds)],
    ['Cash paid in', gbp(day.paid_in)],
    ['Cash paid out', gbp(day.paid_out)],
    ['Tickets in (raised)', String(day.tickets_in)],
    ['Tickets out (handed over)', String(day.tickets_out)],
    ['Cash expected', gbp(day.expected_cash), 'z-expected'],
  ];
  if (day.counted_cash !== null) rows.push(['Cash counted', gbp(day.counted_cash), 'z-counted']);
  if (day.difference !== null) rows.push(['Difference', gbp(day.difference), 'z-difference']);
  return rows;
}

/** "Day-end (Z) report · Maida Vale · 2026-11-23" (running takings while the day is open). */
export const zReportTitle = (day: TillDayView) =>
  `${day.closed_at ? 'Day-end (Z) report' : 'Running takings'} · ${day.branch} · ${day.day}`;

/** Who opened and closed the day, when (London). */
export function zReportOpenedClosed(day: TillDayView): string {
  const at = (iso: string) => london(iso, 'ccc d LLL, HH:mm');
  return `Opened by ${day.opened_by} at ${at(day.opened_at)}${
    day.closed_at ? `; closed by ${day.closed_by} at ${at(day.closed_at)}` : ''
  }`;
}

/** An entry's time (London, HH:mm) and what it was: "Sale (cash) · LD-1234 · reason". */
export function zEntry(entry: Entry) {
  return {
    time: london(entry.at, 'HH:mm'),
    what: `${kinds[entry.kind]} (${entry.method})${entry.order_no ? ` · ${entry.order_no}` : ''}${
      entry.reason ? ` · ${entry.reason}` : ''
    }`,
    amount: gbp(entry.amount),
  };
}
