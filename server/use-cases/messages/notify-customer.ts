import { and, count, eq, gte, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, textMessages, textOptOuts, type orders } from '../../db/schema';
import type { AppServices } from '../../services';
import { collectionChangePath } from '../../auth/reschedule-access';
import { approvalLink } from '../mail/approval-emails';
import { rescheduleLink } from '../mail/driver-emails';
import { paymentLink } from '../mail/order-emails';
import { textablePhone } from './phone';
import { pushNotice } from './push-templates';
import { pushCustomer } from './queue-push';
import { queueText, type QueuedText } from './queue-text';
import { capDay, emailStillGoes, sendAfterFor, textChannelOf, underDailyCap } from './text-rules';
import { serviceText, type TextEvent, type TextFacts } from './text-templates';

type Order = typeof orders.$inferSelect;
type Customer = typeof customers.$inferSelect;

/** What happened, with what its text needs beyond the order (links are made here). */
export type NotifyEvent =
  | { event: 'booking-confirmed' }
  | { event: 'collection-reminder' }
  | { event: 'driver-on-the-way'; expected: { from: Date; to: Date } }
  | { event: 'not-home'; leg: 'collection' | 'delivery'; eventId: number; at: Date }
  | { event: 'intake-report' }
  | { event: 'approval-needed'; approval: { id: string; expiresAt: Date; amountPence: number } }
  | { event: 'invoice' }
  | { event: 'charge-failed' }
  | { event: 'out-for-delivery' }
  | { event: 'delivered' }
  | { event: 'counter-ready'; branchName: string }
  | { event: 'counter-uncollected'; branchName: string; days: number };

export type NotifyDeps = Pick<AppServices, 'config' | 'links'>;

export type NotifyResult = {
  /**
   * queued (now or after quiet hours), suppressed (with why), none (no text channel), or
   * duplicate (a once-only text written before).
   */
  text: 'queued' | 'suppressed' | 'none' | 'duplicate';
  /** Whether the caller should still send the event's e-mail (text-rules emailStillGoes). */
  email: boolean;
};

/**
 * Once-only events: a second call (a retried job, a second instance) writes nothing. Keys of
 * events that follow a window (out for delivery after "not home") carry that window.
 */
function dedupeKeyOf(what: NotifyEvent, order: Order): string | undefined {
  const delivery = order.deliveryStartsAt.getTime();
  switch (what.event) {
    case 'booking-confirmed':
      return `booking-confirmed:${order.id}`;
    case 'collection-reminder':
      // Helper A's two-instance test relies on this key (issue 17).
      return `collection-reminder:${order.id}`;
    case 'driver-on-the-way':
      return `driver-on-the-way:${order.id}:${delivery}`;
    case 'out-for-delivery':
      return `out-for-delivery:${order.id}:${delivery}`;
    case 'delivered':
      return `delivered:${order.id}`;
    case 'counter-ready':
      return `counter-ready:${order.id}`;
    case 'counter-uncollected':
      return `counter-uncollected:${order.id}:${what.days}`;
    default:
      return undefined;
  }
}

function factsOf(what: NotifyEvent, order: Order, now: Date, deps: NotifyDeps): TextFacts {
  switch (what.event) {
    case 'not-home':
      return {
        event: what.event,
        leg: what.leg,
        rescheduleUrl: rescheduleLink(deps, {
          orderId: order.id,
          eventId: what.eventId,
          at: what.at,
        }),
      };
    case 'collection-reminder':
      return {
        event: what.event,
        changeUrl: `${deps.config.publicUrl}${collectionChangePath(deps, order)}`,
      };
    case 'approval-needed':
      return {
        event: what.event,
        approvalUrl: approvalLink(deps, what.approval),
        amountPence: what.approval.amountPence,
      };
    case 'invoice':
    case 'charge-failed':
      return { event: what.event, paymentUrl: paymentLink(deps, order, now) };
    case 'driver-on-the-way':
    case 'out-for-delivery':
      // Their words name the day when it is not today (issue 31).
      return { ...what, now };
    default:
      return what;
  }
}

/** Whether the number replied STOP (text_opt_outs). */
export async function optedOut(tx: DbOrTx, phone: string): Promise<boolean> {
  const [row] = await tx
    .select({ phone: textOptOuts.phone })
    .from(textOptOuts)
    .where(eq(textOptOuts.phone, phone))
    .limit(1);
  return row !== undefined;
}

/** Texts of this customer counted on the London day of `sendAfter` (not the suppressed). */
async function textsOnDay(tx: DbOrTx, customerId: string, sendAfter: Date): Promise<number> {
  const { from, to } = capDay(sendAfter);
  const [row] = await tx
    .select({ n: count() })
    .from(textMessages)
    .where(
      and(
        eq(textMessages.customerId, customerId),
        eq(textMessages.direction, 'outbound'),
        ne(textMessages.status, 'suppressed'),
        gte(textMessages.sendAfter, from),
        lt(textMessages.sendAfter, to),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A text to one customer, through the rules: the opt-out list, quiet hours (held until 08:00
 * London by `sendAfter`, except driver-on-the-way), the daily cap. A suppressed text is still
 * written (status 'suppressed' with its reason) so staff see why nothing went. The one place
 * texts are written from (queueText), so the job queue's wiring changes only here.
 */
export async function textCustomer(
  tx: DbOrTx,
  input: {
    customer: Pick<Customer, 'id'>;
    phone: string;
    channel: QueuedText['channel'];
    purpose: 'service' | 'marketing';
    template: string;
    event: TextEvent | 'marketing';
    body: string;
    orderId?: string | null;
    dedupeKey?: string;
    now: Date;
  },
): Promise<'queued' | 'suppressed' | 'duplicate'> {
  const sendAfter = sendAfterFor(input.event, input.now);
  let suppressed: string | undefined;
  if (await optedOut(tx, input.phone)) suppressed = 'opted out';
  else if (!underDailyCap(await textsOnDay(tx, input.customer.id, sendAfter))) {
    suppressed = 'daily cap';
  }
  const id = await queueText(tx, {
    channel: input.channel,
    purpose: input.purpose,
    template: input.template,
    customerId: input.customer.id,
    orderId: input.orderId ?? null,
    phone: input.phone,
    body: input.body,
    sendAfter,
    dedupeKey: input.dedupeKey,
    suppressed,
  });
  if (id === null) return 'duplicate';
  return suppressed ? 'suppressed' : 'queued';
}

/**
 * The customer's service text and push notification (issue 33: PUSH_EVENTS, to the devices
 * they turned on) about an event of their order (issue 17, decision 031), written
 * in the caller's transaction next to the event's e-mail. A step (decision 020): the caller's
 * transaction first, its instant in `input.now`, the services last. Reads the customer's
 * choices (guests have a customer row too); no text channel, no textable number, or an order
 * without a customer → no text. Returns whether the e-mail of the event should still go.
 */
export async function notifyCustomer(
  tx: DbOrTx,
  input: { order: Order; now: Date } & NotifyEvent,
  deps: NotifyDeps,
): Promise<NotifyResult> {
  const { order, now, ...what } = input;
  const event = what as NotifyEvent;
  if (!order.customerId) return { text: 'none', email: true };
  const [customer] = await tx
    .select()
    .from(customers)
    .where(eq(customers.id, order.customerId))
    .limit(1);
  if (!customer || customer.deletedAt) return { text: 'none', email: true };
  const facts = factsOf(event, order, now, deps);
  // Web Push beside the text (issue 33): to the devices the customer turned on, same rules.
  const notice = pushNotice(deps.config.brand, deps.config.publicUrl, order, facts);
  if (notice) {
    await pushCustomer(tx, {
      customerId: customer.id,
      event: event.event,
      notice,
      orderId: order.id,
      dedupeKey: dedupeKeyOf(event, order),
      now,
    });
  }
  const channel = textChannelOf(customer);
  const phone = textablePhone(customer.phone) ?? textablePhone(order.customerPhone);
  if (!channel || !phone) return { text: 'none', email: true };
  const body = serviceText(deps.config.brand, deps.config.publicUrl, order, facts, channel);
  const outcome = await textCustomer(tx, {
    customer,
    phone,
    channel,
    purpose: 'service',
    template: event.event,
    event: event.event,
    body,
    orderId: order.id,
    dedupeKey: dedupeKeyOf(event, order),
    now,
  });
  // A duplicate was written before, and its e-mail decided with it.
  return {
    text: outcome,
    email: emailStillGoes(customer, event.event, outcome !== 'suppressed'),
  };
}
