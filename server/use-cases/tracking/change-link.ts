import { isUuid } from '@shared/text';
import { and, eq, isNull } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { customers, orders, stopEvents } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { legChangePath, reschedulePagePath } from '../../auth/reschedule-access';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { checkReschedule } from '../accounts/cancellation-policy';
import { changeLinkEmail } from '../mail/change-link-email';
import type { AppServices } from '../../services';

/*
 * A tracking link opens the timeline only (issue 31, decision 029): it is forwarded to
 * neighbours and concierges, so it carries no signed change link and no order id. Its
 * "change the time" leads here: the holder may ask for the signed link to be e-mailed to the
 * order's own address (or sign in). The reply never says which address.
 */

export type Leg = 'collection' | 'delivery';

type Order = typeof orders.$inferSelect;

export const changeLinkMessages = {
  sent: 'We have e-mailed the link to change it to the address on the order. It may take a few minutes to arrive.',
  tooLate: {
    collection:
      'This collection is too close to change online (or is no longer waiting to be collected). Please call us.',
    delivery:
      'This delivery is too close to change online (or is already on its way). Please call us.',
  },
} as const;

async function orderOf(deps: Pick<AppServices, 'db'>, token: string): Promise<Order> {
  if (!isUuid(token)) throw new NotFoundError();
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.trackingToken, token))
    .limit(1);
  if (!order) throw new NotFoundError();
  return order;
}

/** The driver's latest "nobody home" of this leg while the order is still in that window. */
async function missedStop(deps: Pick<AppServices, 'db'>, order: Order, leg: Leg) {
  const window = leg === 'collection' ? order.pickupStartsAt : order.deliveryStartsAt;
  const stops = await deps.db
    .select({
      id: stopEvents.id,
      leg: stopEvents.leg,
      outcome: stopEvents.outcome,
      at: stopEvents.at,
      windowStartsAt: stopEvents.windowStartsAt,
    })
    .from(stopEvents)
    .where(eq(stopEvents.orderId, order.id));
  return stops
    .filter((s) => s.outcome === 'not-home' && s.leg === leg)
    .filter((s) => s.windowStartsAt.getTime() === window.getTime())
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
}

/**
 * The signed page that changes this leg now: a missed visit's (decision 026) while the order
 * waits in the window that was missed, else the leg's change link (decision 035) while the
 * terms allow a change; null when neither.
 */
async function changePath(
  deps: Pick<AppServices, 'db' | 'links'>,
  order: Order,
  leg: Leg,
  now: Date,
) {
  const missed = await missedStop(deps, order, leg);
  if (missed)
    return reschedulePagePath(deps, { orderId: order.id, eventId: missed.id, at: missed.at });
  return checkReschedule(order, leg, now).allowed ? legChangePath(deps, order, leg) : null;
}

/** What the tracking page's "change the time" page shows: the order and whether it may change. */
export async function changeLinkOptions(
  deps: Pick<AppServices, 'db' | 'config' | 'links' | 'now'>,
  input: { token: string; leg: Leg },
): Promise<{
  orderNo: string;
  leg: Leg;
  changeable: boolean;
  registered: boolean;
  refused: string | null;
}> {
  const order = await orderOf(deps, input.token);
  const path = await changePath(deps, order, input.leg, deps.now());
  // Signing in is offered to an account that has a password (guests have a customer row too).
  const [account] = order.customerId
    ? await deps.db
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.id, order.customerId),
            eq(customers.isGuest, false),
            isNull(customers.deletedAt),
          ),
        )
        .limit(1)
    : [];
  return {
    orderNo: orderNumber(deps.config.brand, order.orderNo),
    leg: input.leg,
    changeable: path !== null,
    registered: account !== undefined,
    refused: path === null ? changeLinkMessages.tooLate[input.leg] : null,
  };
}

/**
 * "E-mail me the link to change it": the signed change link goes to the order's e-mail
 * address, at most `rateRules.changeLinkPerOrder` times an hour per order (429 after). 404 for
 * an unknown token; 409 when the leg can no longer be changed online.
 */
export async function emailChangeLink(
  deps: Pick<AppServices, 'db' | 'config' | 'links' | 'now' | 'mail'>,
  input: { token: string; leg: Leg },
): Promise<{ message: string }> {
  const now = deps.now();
  const order = await orderOf(deps, input.token);
  const path = await changePath(deps, order, input.leg, now);
  if (!path)
    throw new ConflictError(changeLinkMessages.tooLate[input.leg], 'order-not-reschedulable');
  await deps.db.transaction(async (tx) => {
    await hitRateLimit(tx, rateRules.changeLinkPerOrder, order.id, now);
    await deps.mail.enqueue(
      changeLinkEmail(deps.config.brand, deps.config.publicUrl, { order, leg: input.leg, path }),
      tx,
    );
  });
  return { message: changeLinkMessages.sent };
}
