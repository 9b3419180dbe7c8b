import { formatGbp, formatPence } from '@shared/money';

/**
 * What the payment replies and messages say of money. The payment use-cases compute in
 * pence and call these for the words; money is formatted here (and in the order presenter and
 * the e-mail builders of mail/), nowhere else in use-cases.
 */
export const paymentText = {
  /** The amount a started payment is for, as the API sends it ('12.50'). */
  amount: (pence: number) => formatPence(pence),
  paid: (pence: number) => `Thank you: ${formatGbp(pence)} paid.`,
  paidFromCredit: (pence: number) =>
    `${formatGbp(pence)} paid from account credit: no card charge.`,
  charged: (pence: number, cardLast4: string | null) =>
    `${formatGbp(pence)} charged to the card ending ${cardLast4 ?? '····'}.`,
  credited: (pence: number) =>
    `${formatGbp(pence)} is now credit on the customer's account; they have been e-mailed.`,
  refunded: (givenPence: number, remainingPence: number) =>
    remainingPence === 0
      ? `${formatGbp(givenPence)} refunded to the customer; they have been e-mailed.`
      : `${formatGbp(givenPence)} refunded; ${formatGbp(remainingPence)} is still paid above the total.`,
  /** A refund from the back office: all of it, or what the providers gave back. */
  refundedWithCreditNote: (givenPence: number, requestedPence: number) =>
    givenPence === requestedPence
      ? `${formatGbp(givenPence)} refunded; the customer has been e-mailed the credit note.`
      : `${formatGbp(givenPence)} of ${formatGbp(requestedPence)} refunded; the provider refused the rest. The customer has been e-mailed the credit note.`,
  /** Why staff may not charge yet: the total is above what the customer agreed to (issue 15). */
  needsApproval: (o: {
    orderNo: string;
    totalPence: number;
    capPence: number;
    approvedPence: number | null;
  }) =>
    o.approvedPence !== null && o.approvedPence > o.capPence
      ? `Order ${o.orderNo} comes to ${formatGbp(o.totalPence)}, above the ${formatGbp(o.approvedPence)} the customer approved: it needs their approval first.`
      : `Order ${o.orderNo} comes to ${formatGbp(o.totalPence)}, above the customer's cap of ${formatGbp(o.capPence)}: it needs their approval first.`,
} as const;
