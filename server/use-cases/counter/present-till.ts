import { formatGbp, formatPence } from '@shared/money';
import { orderNumber, type OrderNumbering } from '@shared/order-number';
import type { tillDays } from '../../db/schema';
import type { TillReport } from './till-report';

/* A till day as the contract's TillDay (shared/api/admin/till.ts): money as '12.50'. */

const money = (pence: number | null) => (pence === null ? null : formatPence(pence));

export function tillDayView(numbering: OrderNumbering, report: TillReport) {
  const { day, branch, totals } = report;
  return {
    id: day.id,
    branch,
    day: day.day,
    opened_by: day.openedByName,
    opened_at: day.openedAt.toISOString(),
    float: formatPence(day.floatPence),
    closed_by: day.closedByName,
    closed_at: day.closedAt?.toISOString() ?? null,
    takings: {
      cash: formatPence(totals.cashTakingsPence),
      card: formatPence(totals.cardTakingsPence),
      total: formatPence(totals.cashTakingsPence + totals.cardTakingsPence),
    },
    refunds: formatPence(totals.refundsPence),
    paid_in: formatPence(totals.paidInPence),
    paid_out: formatPence(totals.paidOutPence),
    vat: formatPence(totals.vatPence),
    tickets_in: totals.ticketsIn,
    tickets_out: totals.ticketsOut,
    expected_cash: formatPence(totals.expectedCashPence),
    counted_cash: money(day.countedPence),
    difference: money(day.differencePence),
    note: day.note,
    entries: totals.entries.map(({ entry, orderNo }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      kind: entry.kind,
      method: entry.method,
      amount: formatPence(entry.pence),
      by: entry.staffName,
      order_id: entry.orderId,
      order_no: orderNo === null ? null : orderNumber(numbering, orderNo),
      reason: entry.reason,
    })),
  };
}

export function tillDaySummaryView(row: { day: typeof tillDays.$inferSelect; branch: string }) {
  return {
    id: row.day.id,
    branch: row.branch,
    day: row.day.day,
    closed: row.day.closedAt !== null,
    difference: money(row.day.differencePence),
  };
}

/** The answer to cash paid in or out of a branch's till. */
/** Card money waiting for the next day opened (decision 058), as the till page says it. */
export function tillWaitingView(waiting: { entries: number; pence: number }) {
  return { entries: waiting.entries, total: formatPence(waiting.pence) };
}

export function paidMessage(kind: 'paid-in' | 'paid-out', pence: number, branch: string): string {
  return `${formatGbp(pence)} paid ${kind === 'paid-in' ? 'into' : 'out of'} the till at ${branch}.`;
}

/** The answer to a day closed with the cash counted, `differencePence` counted less expected. */
export function closedMessage(branch: string, day: string, differencePence: number): string {
  const off =
    differencePence === 0
      ? 'the cash is right'
      : `${formatGbp(Math.abs(differencePence))} ${differencePence > 0 ? 'over' : 'short'}`;
  return `The till at ${branch} is closed for ${day}: ${off}.`;
}
