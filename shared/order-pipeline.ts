import { isOrderStatus, type OrderStatus } from './order-status';

/**
 * The order pipeline the shop runs (issue 7): pending → collected → cleaning → ready →
 * out for delivery → delivered, plus cancelled. 'pending payment' is an order whose payment
 * details are still missing; the driver may collect it all the same. Pure.
 */
const moves: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['collected', 'cancelled'],
  'pending payment': ['collected', 'cancelled'],
  collected: ['cleaning', 'cancelled'],
  cleaning: ['ready'],
  ready: ['out for delivery'],
  // A delivery nobody was home for goes back to the shop.
  'out for delivery': ['delivered', 'ready'],
  delivered: [],
  cancelled: [],
};

/** The statuses an order in `from` may move to. */
export function nextStatuses(from: string): readonly OrderStatus[] {
  return isOrderStatus(from) ? moves[from] : [];
}

export function canMove(from: string, to: string): boolean {
  return nextStatuses(from).includes(to as OrderStatus);
}

/** Moves a customer wants to hear about; the e-mail's template name. */
export function customerEmailFor(to: OrderStatus): string | null {
  switch (to) {
    case 'collected':
      return 'order-collected';
    case 'out for delivery':
      return 'order-out-for-delivery';
    case 'delivered':
      return 'order-delivered';
    case 'cancelled':
      return 'order-cancelled-by-shop';
    default:
      return null;
  }
}

/**
 * Whether an order may take a payment: any time before it is delivered or cancelled, and a
 * delivered one while its invoice is outstanding.
 */
export function canTakePayment(order: { status: string; amountDuePence: number }): boolean {
  if (order.status === 'delivered') return order.amountDuePence > 0;
  return isOrderStatus(order.status) && order.status !== 'cancelled';
}

/** Items may be listed and priced once the order is in the shop, until it leaves it. */
export function canItemise(status: string): boolean {
  return ['collected', 'cleaning', 'ready'].includes(status);
}

/** The button label for a move, as staff read it. */
export function moveLabel(to: OrderStatus): string {
  return (
    {
      collected: 'Mark collected',
      cleaning: 'Start cleaning',
      ready: 'Mark ready',
      'out for delivery': 'Out for delivery',
      delivered: 'Mark delivered',
      cancelled: 'Cancel order',
      pending: 'Back to pending',
      'pending payment': 'Back to pending payment',
    } as const
  )[to];
}

/** Intake happens in the shop: once the order is collected, until it is ready. */
export function canTakeIntake(status: string): boolean {
  return status === 'collected' || status === 'cleaning';
}
