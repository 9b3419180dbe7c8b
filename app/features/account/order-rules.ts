/**
 * Spec 4: Pay Now only when something is due and the order awaits payment: its status is
 * 'pending payment', or the shop has e-mailed the invoice (docs/decisions/008). Pure.
 */
export function showPayNow(order: {
  amount_due: string;
  status: string;
  invoiced?: boolean;
}): boolean {
  if (!(Number(order.amount_due) > 0) || order.status === 'cancelled') return false;
  return order.status === 'pending payment' || order.invoiced === true;
}

/** The payment page of spec 2 for one order, with its amount and the 'Skip Basket' tag. */
export function payNowHref(order: { id: string; amount_due: string }): string {
  return `/order/payment/${encodeURIComponent(order.id)}?amount=${encodeURIComponent(order.amount_due)}&tag=Skip%20Basket`;
}
