import { z } from 'zod';
import { text } from './text';

/*
 * The customer's price cap and their approval above it (issue 15, docs/decisions/024). At
 * booking the customer sets a cap (orders.price_cap_pence): staff may charge the saved card up
 * to it. When the itemised total is above it, the order waits for the customer's approval
 * (orders.approved_pence, the most they approved). Orders placed before caps existed have no
 * cap and are charged as before.
 */

/** How long the e-mailed approval link works. */
export const APPROVAL_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** No answer this long after the request: one reminder e-mail. */
export const APPROVAL_REMINDER_AFTER_MS = 24 * 60 * 60 * 1000;

/** The longest question or answer on an order's thread. */
export const MESSAGE_MAX_LENGTH = 2000;

type Capped = {
  priceCapPence: number | null;
  approvedPence: number | null;
  totalPence: number;
};

/** What staff may charge without asking: the cap, or more once the customer approved more. */
export function approvedLimitPence(order: Capped): number | null {
  if (order.priceCapPence === null) return null;
  return Math.max(order.priceCapPence, order.approvedPence ?? 0);
}

/** Whether the order's total is above what the customer agreed to (no cap: never). */
export function isAboveApproval(order: Capped): boolean {
  const limit = approvedLimitPence(order);
  return limit !== null && order.totalPence > limit;
}

/** Whether the order waits for its customer: above their approval, with something due. */
export function awaitsApproval(order: Capped & { amountDuePence: number }): boolean {
  return isAboveApproval(order) && order.amountDuePence > 0;
}

/** A message on an order's thread: the customer's question or the shop's answer. */
export const messageBody = text({ error: 'Please write your message.' })
  .trim()
  .min(1, 'Please write your message.')
  .max(
    MESSAGE_MAX_LENGTH,
    `Please keep your message under ${MESSAGE_MAX_LENGTH} characters (or call us).`,
  );

export const messageInput = z.object({ message: messageBody });
