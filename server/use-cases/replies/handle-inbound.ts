import { and, asc, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import type { DbOrTx } from '../../db/client';
import {
  customers,
  orderMessages,
  orders,
  textMessages,
  textOptOuts,
  type TextChannel,
} from '../../db/schema';
import { ConflictError } from '../../errors';
import type { AppServices } from '../../services';
import { cancelOrder } from '../cancellations/cancel-order';
import { recordAudit } from '../audit/record-audit';
import { textablePhone } from '../messages/phone';
import { keywordOf } from '../messages/text-rules';
import { replyTexts } from '../messages/text-templates';

export type InboundText = {
  channel: TextChannel;
  /** E.164 of the sender. */
  from: string;
  body: string;
  providerSid: string;
};

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'now'>;

/**
 * The customers whose number is the sender's. Phones are stored as typed ("07700 900123"),
 * so the database narrows by the last nine digits and textablePhone decides.
 */
async function customersOf(tx: DbOrTx, from: string): Promise<string[]> {
  const tail = from.replace(/\D/g, '').slice(-9);
  if (tail.length < 9) return [];
  const digits = (column: typeof customers.phone | typeof orders.customerPhone) =>
    sql`regexp_replace(${column}, '[^0-9]', '', 'g') like ${`%${tail}`}`;
  const [byCustomer, byOrder] = await Promise.all([
    tx
      .select({ id: customers.id, phone: customers.phone })
      .from(customers)
      .where(digits(customers.phone)),
    tx
      .select({ id: orders.customerId, phone: orders.customerPhone })
      .from(orders)
      .where(digits(orders.customerPhone)),
  ]);
  const ids = [...byCustomer, ...byOrder]
    .filter((row) => row.id && textablePhone(row.phone) === from)
    .map((row) => row.id!);
  return [...new Set(ids)];
}

/** An order is open until it is delivered or cancelled. */
const CLOSED_STATUSES = ['delivered', 'cancelled'] as const;

/**
 * SKIP: the sender's next collection still to come is cancelled through the customer's own
 * cancel (cancel-order.ts: its slot places freed, its e-mail queued, the 2-hour rule of spec 9
 * kept), in this transaction, and audited.
 */
async function skipNext(tx: DbOrTx, deps: Deps, customerIds: string[], now: Date) {
  const { brand, publicUrl } = deps.config;
  if (customerIds.length === 0) return { reply: replyTexts.nothingToSkip(brand), orderId: null };
  const [next] = await tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.customerId, customerIds),
        inArray(orders.status, ['pending', 'pending payment']),
        gt(orders.pickupStartsAt, now),
      ),
    )
    .orderBy(asc(orders.pickupStartsAt))
    .limit(1);
  if (!next) return { reply: replyTexts.nothingToSkip(brand), orderId: null };
  try {
    // Its transaction becomes a savepoint of this one: the cancel and the record of the reply
    // commit together (a transaction has the database's transaction(), as a savepoint).
    await cancelOrder(
      { ...deps, db: tx as unknown as Deps['db'] },
      { customerId: next.customerId!, orderId: next.id },
    );
  } catch (error) {
    if (error instanceof ConflictError) {
      return { reply: replyTexts.cannotSkip(brand, error.message), orderId: next.id };
    }
    throw error;
  }
  await recordAudit(tx, {
    actor: null,
    now,
    action: 'order.cancel.text-skip',
    entity: 'order',
    entityId: next.id,
    before: { status: next.status },
    after: { status: 'cancelled', by: 'customer', via: 'text SKIP' },
  });
  return {
    reply: replyTexts.skipped(brand, orderNumber(brand, next.orderNo), publicUrl),
    orderId: next.id,
  };
}

/** Anything else: a message for staff on the sender's most recent open order, if any. */
async function toStaff(tx: DbOrTx, customerIds: string[], body: string, now: Date) {
  if (customerIds.length === 0) return null;
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(inArray(orders.customerId, customerIds), notInArray(orders.status, [...CLOSED_STATUSES])),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return null;
  await tx.insert(orderMessages).values({
    orderId: order.id,
    author: 'customer',
    body: body.trim().slice(0, 2000),
    createdAt: now,
  });
  return order.id;
}

/**
 * A reply from a customer (issue 17, decision 031), after the webhook checked the provider's
 * signature. Recorded as an inbound text, then answered, in one transaction: SKIP cancels the
 * sender's next collection; STOP (STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) opts the number out
 * of every text; START (UNSTOP) opts it back in; HELP gives the shop's phone and e-mail;
 * anything else is a message for staff on the sender's latest open order (or stays an inbound
 * text in the mailbox when none matches). Once per provider message id: a retried webhook
 * finds its text recorded, changes nothing and gets no reply (the first one was answered).
 * Returns the reply to send back, or null.
 */
export async function handleInboundText(
  deps: Deps,
  input: InboundText,
): Promise<{ reply: string | null }> {
  const now = deps.now();
  const { brand } = deps.config;
  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(textMessages)
      .values({
        direction: 'inbound',
        channel: input.channel,
        template: 'inbound',
        phone: input.from,
        body: input.body,
        status: 'received',
        providerSid: input.providerSid,
        createdAt: now,
        sendAfter: now,
      })
      .onConflictDoNothing({ target: textMessages.providerSid })
      .returning({ id: textMessages.id });
    if (!recorded) return { reply: null };
    const customerIds = await customersOf(tx, input.from);
    const keyword = keywordOf(input.body);
    let reply: string | null = null;
    let orderId: string | null = null;
    if (keyword === 'stop') {
      await tx
        .insert(textOptOuts)
        .values({ phone: input.from, optedOutAt: now })
        .onConflictDoNothing();
      reply = replyTexts.stopped(brand);
    } else if (keyword === 'start') {
      await tx.delete(textOptOuts).where(eq(textOptOuts.phone, input.from));
      reply = replyTexts.started(brand);
    } else if (keyword === 'help') {
      reply = replyTexts.help(brand);
    } else if (keyword === 'skip') {
      ({ reply, orderId } = await skipNext(tx, deps, customerIds, now));
    } else {
      orderId = await toStaff(tx, customerIds, input.body, now);
    }
    await tx
      .update(textMessages)
      .set({
        template: keyword ? `inbound-${keyword}` : orderId ? 'inbound-order-message' : 'inbound',
        customerId: customerIds[0] ?? null,
        orderId,
      })
      .where(eq(textMessages.id, recorded.id));
    return { reply };
  });
}
