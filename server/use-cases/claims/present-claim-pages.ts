import type { OrderNumbering } from '@shared/order-number';
import { orderNumber } from '@shared/order-number';
import { formatPence } from '@shared/money';
import { claimItemKinds, claimWindowEndsAt, londonDateTime } from '@shared/claims/window';
import type { ClaimableOrderRows, StaffClaimRows } from './claim-pages';
import { claimListView } from './present-claims';

/*
 * What the claims pages show (issue 34, decision 063 "Pages"): an order ready to be claimed
 * on (its garments, each kind's window open, closed or not open yet, and when it ends), and the
 * back office's list of claims waiting on the shop with their age. Money as '3.50', times in
 * London for people.
 */

const HOUR = 3_600_000;

export function claimableOrderView(numbering: OrderNumbering, rows: ClaimableOrderRows, now: Date) {
  const { order, garments, times, settings } = rows;
  const windows = claimItemKinds.map((kind) => {
    const endsAt = claimWindowEndsAt(kind, times, settings);
    return {
      kind,
      state: !endsAt
        ? ('not-open' as const)
        : now.getTime() > endsAt.getTime()
          ? ('closed' as const)
          : ('open' as const),
      ends_at: endsAt?.toISOString() ?? null,
      ends_display: endsAt ? londonDateTime(endsAt) : null,
    };
  });
  const ends = windows.flatMap((w) => (w.ends_at ? [Date.parse(w.ends_at)] : []));
  return {
    order_id: order.id,
    order_no: orderNumber(numbering, order.orderNo),
    garments: garments.map((g) => ({
      id: g.id,
      label: `Tag ${g.tagNumber} · ${g.itemName}`,
      colour: g.colour,
      brand: g.brand,
      cleaning_charge: formatPence(g.unitPricePence),
    })),
    windows,
    /** Some kind of claim may be made now. */
    open: windows.some((w) => w.state === 'open'),
    /** Every window has opened and closed: when the last one closed. */
    closed_display: windows.every((w) => w.state === 'closed')
      ? londonDateTime(new Date(Math.max(...ends)))
      : null,
    credit_bonus_percent: settings.creditBonusPercent,
    answer_within_hours: settings.answerWithinHours,
    claims: claimListView(rows.claims),
  };
}
export type ClaimableOrder = ReturnType<typeof claimableOrderView>;

export function staffClaimListView(numbering: OrderNumbering, rows: StaffClaimRows, now: Date) {
  return rows.map(({ claim, orderNo, branchName }) => ({
    id: claim.id,
    order_id: claim.orderId,
    order_no: orderNumber(numbering, orderNo),
    status: claim.status,
    branch: branchName ?? 'No branch',
    made_display: londonDateTime(claim.madeAt),
    age_hours: Math.floor((now.getTime() - claim.madeAt.getTime()) / HOUR),
    answer_due_display: londonDateTime(claim.answerDueAt),
    overdue: now.getTime() > claim.answerDueAt.getTime(),
  }));
}
export type StaffClaimList = ReturnType<typeof staffClaimListView>;
