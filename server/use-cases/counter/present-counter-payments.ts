import { formatGbp, formatPence } from '@shared/money';
import type { counterCardPayments } from '../../db/schema';

/*
 * The words and views of money taken or given back at the counter beyond cash at drop-off
 * (decision 053): a card on the reader, a deposit, the customer's saved card or credit, a
 * cash refund. Money is formatted here only (the conventions test keeps it so).
 */

type CardRow = typeof counterCardPayments.$inferSelect;

/** A card payment on the reader as the counter's screen polls it. */
export function cardPaymentView(row: CardRow, simulated: boolean) {
  return {
    id: row.id,
    ticket_id: row.orderId,
    amount: formatPence(row.amountPence),
    status: row.status,
    message: cardStatusMessage(row),
    reader_id: row.readerId,
    card: row.cardLast4 ? `${row.cardBrand ?? 'card'} •••• ${row.cardLast4}` : null,
    simulated,
  };
}

export function cardStatusMessage(row: Pick<CardRow, 'status' | 'amountPence' | 'message'>) {
  switch (row.status) {
    case 'waiting':
      return `Waiting for the card on the reader… (${formatGbp(row.amountPence)})`;
    case 'succeeded':
      return `${formatGbp(row.amountPence)} paid by card.`;
    case 'failed':
      return `${row.message ?? 'The card was declined.'} Nothing was taken: try another card or take cash.`;
    default:
      return 'The card payment was cancelled. Nothing was taken.';
  }
}

export function amountOverDueMessage(duePence: number) {
  return `At most ${formatGbp(duePence)} is due on this ticket.`;
}

export function depositMessages(totalPence: number) {
  return {
    message: 'A deposit is part of the total.',
    field: `Enter a deposit below the total of ${formatGbp(totalPence)}; for all of it, leave the deposit out.`,
  };
}

export function accountPaidMessage(source: 'credit' | 'saved-card', pence: number, last4?: string) {
  return source === 'credit'
    ? `${formatGbp(pence)} paid from the customer’s account credit.`
    : `${formatGbp(pence)} charged to the customer’s saved card${last4 ? ` ending ${last4}` : ''}.`;
}

export function refundOverCashMessage(cashPence: number) {
  return cashPence > 0
    ? `At most ${formatGbp(cashPence)} was paid in cash on this ticket.`
    : 'Nothing was paid in cash on this ticket: a card payment is refunded to the card from the order page.';
}

export function refundedMessage(pence: number, number: string) {
  return `${formatGbp(pence)} refunded in cash on ticket ${number}.`;
}
