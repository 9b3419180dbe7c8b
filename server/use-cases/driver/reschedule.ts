import { and, eq } from 'drizzle-orm';
import { londonWindow } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import type { SlotChoice } from '@shared/slots';
import type { DbOrTx } from '../../db/client';
import { stopEvents } from '../../db/schema';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../errors';
import {
  legChangeTokenValid,
  rescheduleAccessMessages,
  rescheduleTokenValid,
} from '../../auth/reschedule-access';
import { checkReschedule } from '../accounts/cancellation-policy';
import { findOrder, type OrderRow } from '../orders/find-order';
import { confirmMove } from '../orders/reschedule-order';
import { moveWindow, windowsToMoveTo } from '../slots/move-window';
import type { AppServices } from '../../services';
import { eventsOf, windowOf, type Leg } from './driver-stops';

/*
 * After "not home" (issue 16, docs/decisions/026) the customer chooses a new window through
 * the e-mailed, signed link: the windows offered are the booking's (shared/slots.ts: lead
 * time, opening hours, capacity; a delivery after the turnaround), and choosing one takes its
 * place and frees the old one in one transaction (the conditional upsert of reserve-slots, so
 * never overbooked). The link works while the order keeps the window that was missed.
 */

export const rescheduleMessages = {
  gone: 'Sorry, that window is no longer available. Please choose another one.',
  noDelivery:
    'Sorry, there is no delivery window left after that collection. Please choose another one or call us.',
  tooLate:
    'This collection is too close to change online (or is no longer waiting to be collected). Please call us.',
  tooLateDelivery:
    'This delivery is too close to change online (or is already on its way). Please call us.',
} as const;

/** How a missed stop's or a change link's move is refused (one message when it is taken). */
const moveMessages = {
  unavailable: rescheduleMessages.gone,
  full: rescheduleMessages.gone,
  'no-delivery': rescheduleMessages.noDelivery,
};

/**
 * Who opens the page: the link of a missed stop (`eventId`), or a change link for the window
 * it named (`windowMs`): the evening-before reminder's for the collection (issue 17, decision
 * 031), the confirmation e-mail's and the tracking page's for either leg (`leg`, decision 035).
 */
type Caller = { orderId: string; token: string | null | undefined } & (
  | { eventId: number; windowMs?: undefined; leg?: undefined }
  | { windowMs: number; eventId?: undefined; leg?: Leg }
);

/** The reason the page opens: a missed stop, or a collection the customer wants to move. */
export type RescheduleReason = 'missed' | 'change';

/**
 * The order of a change link, while its leg is still in the window the link named and far
 * enough ahead to change (the terms' notice of spec 9, `checkReschedule`); else 401 or 409.
 */
async function legToChange(
  db: DbOrTx,
  links: Pick<AppServices, 'links'>,
  caller: { orderId: string; leg: Leg; windowMs: number; token: string | null | undefined },
  now: Date,
  lock: boolean,
) {
  if (!legChangeTokenValid(links, caller, caller.token, now)) {
    throw new UnauthorizedError(rescheduleAccessMessages.refused, 'link-invalid');
  }
  const order = await findOrder(db, caller.orderId, lock).catch(() => {
    throw new NotFoundError('We could not find that order.');
  });
  if (windowOf(order, caller.leg).startsAt.getTime() !== caller.windowMs) {
    throw new ConflictError(rescheduleAccessMessages.used, 'link-used');
  }
  if (!checkReschedule(order, caller.leg, now).allowed) {
    throw new ConflictError(
      caller.leg === 'collection' ? rescheduleMessages.tooLate : rescheduleMessages.tooLateDelivery,
      'order-not-reschedulable',
    );
  }
  return { order, leg: caller.leg, reason: 'change' as const };
}

/** The order and its missed stop, when the link still opens them (else 401 or 409). */
async function missedStop(
  db: DbOrTx,
  links: Pick<AppServices, 'links'>,
  caller: Caller,
  now: Date,
  lock = false,
): Promise<{ order: OrderRow; leg: Leg; reason: RescheduleReason }> {
  if (caller.windowMs !== undefined) {
    const leg = caller.leg ?? 'collection';
    return legToChange(db, links, { ...caller, leg, windowMs: caller.windowMs }, now, lock);
  }
  if (!rescheduleTokenValid(links, caller, caller.token, now)) {
    throw new UnauthorizedError(rescheduleAccessMessages.refused, 'link-invalid');
  }
  const order = await findOrder(db, caller.orderId, lock).catch(() => {
    throw new NotFoundError('We could not find that order.');
  });
  const [event] = await db
    .select()
    .from(stopEvents)
    .where(and(eq(stopEvents.id, caller.eventId), eq(stopEvents.orderId, order.id)))
    .limit(1);
  if (!event || event.outcome !== 'not-home') {
    throw new UnauthorizedError(rescheduleAccessMessages.refused, 'link-invalid');
  }
  const leg = event.leg;
  const settled = (await eventsOf(db, [order.id])).some(
    (e) => e.leg === leg && e.outcome !== 'not-home',
  );
  if (
    settled ||
    order.status === 'cancelled' ||
    windowOf(order, leg).startsAt.getTime() !== event.windowStartsAt.getTime()
  ) {
    throw new ConflictError(rescheduleAccessMessages.used, 'link-used');
  }
  return { order, leg, reason: 'missed' };
}

/** What the customer's page shows: the order, the missed window and the windows on offer. */
export async function rescheduleOptions(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'now'>,
  input: Caller,
) {
  const now = deps.now();
  const { order, leg, reason } = await missedStop(deps.db, deps, input, now);
  const window = windowOf(order, leg);
  return {
    orderNo: orderNumber(deps.config.brand, order.orderNo),
    leg,
    reason,
    missed: londonWindow(window.startsAt, window.endsAt),
    windows: await windowsToMoveTo(deps.db, { order, leg, now }),
  };
}

/**
 * Moves the missed leg to the chosen window: takes its place (or 409 when it has just gone),
 * frees the old one, and for a collection moves the delivery too when it would come before
 * the turnaround (to the first free delivery window after it). Audited, and confirmed to the
 * customer by e-mail. One transaction.
 */
export async function chooseNewWindow(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'mail' | 'now'>,
  input: Caller & SlotChoice,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { order, leg, reason } = await missedStop(tx, deps, input, now, true);
    const { moved, deliveryMoved } = await moveWindow(tx, {
      order,
      leg,
      choice: { date: input.date, start: input.start },
      now,
      messages: moveMessages,
    });
    // The customer chose it through a signed link (a missed stop's, or a change link): no
    // member of staff acted.
    return confirmMove(tx, deps, {
      order,
      moved,
      leg,
      deliveryMoved,
      action:
        reason === 'change'
          ? leg === 'collection'
            ? 'order.collection-changed'
            : 'order.delivery-changed'
          : `stop.new-window.${leg}`,
      now,
    });
  });
}
