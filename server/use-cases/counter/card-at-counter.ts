import { and, count, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { orderNumber } from '@shared/order-number';
import type { CurrentStaff } from '../../auth/staff';
import type { DbOrTx } from '../../db/client';
import { counterCardPayments, orders, payments } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { issueInvoice } from '../invoices/vat-documents';
import { findOrder } from '../orders/find-order';
import { counterBranch } from './counter-branch';
import { raiseTicket } from './raise-ticket';
import { counterTicket } from './ticket';
import { lockOpenDay } from './till';
import { recordCardMoney } from '../till/till-waiting';
import { amountOverDueMessage } from './present-counter-payments';

/*
 * A card at the counter on the branch's smart reader (issue 32, decision 053): Stripe
 * Terminal, server-driven, or TEST MODE's simulated reader. Starting sends a PaymentIntent for
 * the amount due (or a deposit) to the reader and records it 'waiting'; nothing is paid then.
 * The outcome comes from the provider only, by its webhook or by the screen polling the
 * reader: `settleCounterCard` locks the row and moves it from 'waiting' once, so a webhook
 * twice (or a webhook and a poll) pays once. A card that succeeds marks the ticket paid (in
 * part for a deposit), writes a till entry sale/card and issues the VAT invoice (the one
 * gapless series, decision 023) in one transaction. A decline writes nothing but the row's
 * outcome.
 */

type Staff = Pick<CurrentStaff, 'id' | 'name' | 'role' | 'sessionBranchId'>;
type Deps = Pick<AppServices, 'db' | 'config' | 'payments' | 'logger' | 'now'>;
export type CardRow = typeof counterCardPayments.$inferSelect;

const actorOf = (staff: Staff) => ({ id: staff.id, name: staff.name, role: staff.role });

/** The session's counter branch with a reader the provider knows; otherwise 409, nothing written. */
export async function counterReader(deps: Deps, staff: Staff) {
  const branch = await counterBranch(deps.db, { staff, now: deps.now() });
  if (!branch.terminalReaderId) {
    throw new ConflictError(
      `${branch.name} has no card reader set: the owner sets its reader id. Take cash for now.`,
      'no-reader',
    );
  }
  if (!(await deps.payments.reader.readerExists(branch.terminalReaderId))) {
    throw new ConflictError(
      `The card reader ${branch.terminalReaderId} of ${branch.name} is unknown to the payment provider: check its id in the branch settings.`,
      'reader-unknown',
    );
  }
  return { ...branch, readerId: branch.terminalReaderId };
}

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];

/**
 * 409 reader-busy while a card for the ticket waits on the reader: the balance taken another
 * way (cash, credit, the saved card) would be paid twice when the card then goes through.
 * Call it with the order's row locked, as starting a card locks it.
 */
export async function refuseWhileCardWaits(tx: DbOrTx, input: { orderId: string; number: string }) {
  const [waiting] = await tx
    .select({ id: counterCardPayments.id })
    .from(counterCardPayments)
    .where(
      and(
        eq(counterCardPayments.orderId, input.orderId),
        eq(counterCardPayments.status, 'waiting'),
      ),
    );
  if (waiting) {
    throw new ConflictError(
      `A card payment for ticket ${input.number} is waiting on the reader: finish or cancel it first.`,
      'reader-busy',
    );
  }
}

/** Sends the amount due (or part of it: a deposit) of a ticket to the counter's reader. */
export async function startCounterCard(
  deps: Deps,
  input: { staff: Staff; orderId: string; amountPence?: number },
): Promise<CardRow> {
  const now = deps.now();
  const { staff } = input;
  const branch = await counterReader(deps, staff);
  const ready = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId, true);
    await counterTicket({ db: tx }, { staff, orderId: order.id });
    const due = order.amountDuePence;
    const number = orderNumber(deps.config.brand, order.orderNo);
    if (due <= 0)
      throw new ConflictError(`Ticket ${number} is paid: nothing is due.`, 'nothing-due');
    const amount = input.amountPence ?? due;
    if (amount > due) {
      throw new ValidationError(
        amountOverDueMessage(due),
        { amount_pence: [amountOverDueMessage(due)] },
        'amount-over-due',
      );
    }
    // The card's takings go into this counter's open till: none open, the reader is not asked.
    const day = await lockOpenDay(tx, { branchId: branch.id, branchName: branch.name, now });
    await refuseWhileCardWaits(tx, { orderId: order.id, number });
    const [tried] = await tx
      .select({ n: count() })
      .from(counterCardPayments)
      .where(eq(counterCardPayments.orderId, order.id));
    return { order, number, amount, attempt: tried?.n ?? 0, dayId: day.id };
  });
  const { paymentId } = await deps.payments.reader.startReaderPayment({
    readerId: branch.readerId,
    orderId: ready.order.id,
    amountPence: ready.amount,
    description: `Ticket ${ready.number} at ${branch.name}`,
    idempotencyKey: `counter-card:${ready.order.id}:${ready.amount}:${ready.attempt}`,
  });
  const started = await deps.db.transaction(async (tx) => {
    // Cash or credit taken while the reader was asked (no row said a card waits yet) leaves
    // less due than the card's amount: the reader is stopped rather than paid a second time.
    const order = await findOrder(tx, ready.order.id, true);
    if (order.amountDuePence < ready.amount) return { row: null, due: order.amountDuePence };
    const [row] = await tx
      .insert(counterCardPayments)
      .values({
        orderId: ready.order.id,
        branchId: branch.id,
        readerId: branch.readerId,
        provider: deps.payments.reader.name,
        paymentIntentId: paymentId,
        amountPence: ready.amount,
        status: 'waiting',
        staffId: staff.id,
        staffName: staff.name,
        dayId: ready.dayId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new ConflictError(
        `A card payment for ticket ${ready.number} is waiting on the reader already.`,
        'reader-busy',
      );
    }
    await recordAudit(tx, {
      actor: actorOf(staff),
      now,
      action: 'counter.card-start',
      entity: 'order',
      entityId: ready.order.id,
      after: { cardPaymentId: row.id, paymentIntent: paymentId, amountPence: ready.amount },
    });
    return { row, due: order.amountDuePence };
  });
  if (started.row) return started.row;
  await deps.payments.reader.cancelReaderAction(branch.readerId);
  if (started.due <= 0) {
    throw new ConflictError(`Ticket ${ready.number} is paid: nothing is due.`, 'nothing-due');
  }
  const words = amountOverDueMessage(started.due);
  throw new ValidationError(words, { amount_pence: [words] }, 'amount-over-due');
}

/**
 * Settles a reader payment from what the provider says (the webhook, or the screen's poll):
 * once. Returns the row as it now is, or null for a PaymentIntent this server did not start.
 */
export async function settleCounterCard(
  deps: Deps,
  input: { paymentIntentId: string },
): Promise<CardRow | null> {
  const [row] = await deps.db
    .select()
    .from(counterCardPayments)
    .where(eq(counterCardPayments.paymentIntentId, input.paymentIntentId));
  if (!row || row.status !== 'waiting') return row ?? null;
  const state = await deps.payments.reader.readerPaymentState({
    readerId: row.readerId,
    paymentId: row.paymentIntentId,
  });
  if (state.status === 'waiting') return row;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(counterCardPayments)
      .where(eq(counterCardPayments.id, row.id))
      .for('update');
    // A second webhook (or a poll) waited here for the first: it was settled, once.
    if (!locked || locked.status !== 'waiting') return locked ?? null;
    if (state.status !== 'succeeded') {
      const [ended] = await tx
        .update(counterCardPayments)
        .set({ status: state.status, message: state.message, settledAt: now })
        .where(eq(counterCardPayments.id, row.id))
        .returning();
      return ended!;
    }
    const [paidRow] = await tx
      .update(counterCardPayments)
      .set({
        status: 'succeeded',
        settledAt: now,
        cardBrand: state.cardBrand ?? null,
        cardLast4: state.cardLast4 ?? null,
      })
      .where(eq(counterCardPayments.id, row.id))
      .returning();
    await takeCardPayment(deps, tx, { row: paidRow!, now });
    return paidRow!;
  });
}

/** The ticket paid by a settled card, its till entry and its invoice, in the caller's tx. */
async function takeCardPayment(deps: Deps, tx: Tx, input: { row: CardRow; now: Date }) {
  const { row, now } = input;
  const order = await findOrder(tx, row.orderId, true);
  const due = Math.max(0, order.amountDuePence - row.amountPence);
  if (row.amountPence > order.amountDuePence) {
    deps.logger.warn('counter card: more paid than due', { orderId: order.id, due, row: row.id });
  }
  const [paid] = await tx
    .update(orders)
    .set({
      paidPence: order.paidPence + row.amountPence,
      amountDuePence: due,
      paymentMethod: 'card',
      paymentState: due === 0 ? 'paid' : order.paymentState,
    })
    .where(eq(orders.id, order.id))
    .returning();
  // A provider payment like the online ones: an owner's refund goes back to this card.
  await tx.insert(payments).values({
    orderId: order.id,
    provider: row.provider,
    kind: 'charge',
    providerRef: row.paymentIntentId,
    status: 'succeeded',
    amountPence: row.amountPence,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    createdAt: now,
    updatedAt: now,
  });
  // Into the branch's open day; the day it was started in closed meanwhile: into the next
  // open day, audited, never into the closed one (decision 058).
  await recordCardMoney(tx, {
    branchId: row.branchId,
    staff: { id: row.staffId, name: row.staffName },
    orderId: order.id,
    kind: 'sale',
    pence: row.amountPence,
    now,
    startedDayId: row.dayId,
  });
  const invoice = await issueInvoice(tx, { brand: deps.config.brand, order: paid!, now });
  await recordAudit(tx, {
    actor: { id: row.staffId ?? 'system', name: row.staffName, role: 'staff' },
    now,
    action: 'counter.card-paid',
    entity: 'order',
    entityId: order.id,
    before: { paidPence: order.paidPence, duePence: order.amountDuePence },
    after: {
      paidPence: paid!.paidPence,
      duePence: due,
      paymentIntent: row.paymentIntentId,
      invoice: invoice.number,
    },
  });
}

/** Stripe's events about a reader whose action ended (the signature checked by the route). */
export function isReaderEvent(event: Stripe.Event) {
  return (
    event.type === 'terminal.reader.action_succeeded' ||
    event.type === 'terminal.reader.action_failed'
  );
}

/**
 * `terminal.reader.action_succeeded` / `action_failed`: the payment is read back from Stripe
 * and settled once (a replay, or a second event, finds it settled); a PaymentIntent this
 * server did not start is ignored.
 */
export async function handleReaderEvent(deps: Deps, input: { event: Stripe.Event }) {
  const { event } = input;
  if (!isReaderEvent(event)) return;
  const reader = event.data.object as Stripe.Terminal.Reader;
  const intent = reader.action?.process_payment_intent?.payment_intent;
  const id = typeof intent === 'string' ? intent : intent?.id;
  if (id) await settleCounterCard(deps, { paymentIntentId: id });
}

/** A card payment for the screen: settled first from the reader when still waiting (the poll). */
export async function counterCardState(deps: Deps, input: { staff: Staff; id: number }) {
  const [row] = await deps.db
    .select()
    .from(counterCardPayments)
    .where(eq(counterCardPayments.id, input.id));
  if (!row) throw new NotFoundError('We could not find that card payment.');
  await counterTicket(deps, { staff: input.staff, orderId: row.orderId });
  const now = row.status === 'waiting' ? await settleCounterCard(deps, row) : row;
  return now ?? row;
}

/** The screen's Cancel: the reader stops; a card that went through first stays paid. */
export async function cancelCounterCard(deps: Deps, input: { staff: Staff; id: number }) {
  const row = await counterCardState(deps, input);
  if (row.status !== 'waiting') return row;
  await deps.payments.reader.cancelReaderAction(row.readerId);
  const settled = await settleCounterCard(deps, row);
  if (settled && settled.status !== 'waiting') return settled;
  return deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(counterCardPayments)
      .set({ status: 'canceled', settledAt: deps.now() })
      .where(and(eq(counterCardPayments.id, row.id), eq(counterCardPayments.status, 'waiting')))
      .returning();
    if (ended) {
      await recordAudit(tx, {
        actor: actorOf(input.staff),
        now: deps.now(),
        action: 'counter.card-cancel',
        entity: 'order',
        entityId: row.orderId,
        after: { cardPaymentId: row.id },
      });
    }
    return ended ?? row;
  });
}

/** TEST MODE (or a Stripe test key): a test card presented on the reader, as a tap. */
export async function simulateCounterCard(
  deps: Deps,
  input: { staff: Staff; id: number; outcome: 'approved' | 'declined' },
) {
  if (!deps.payments.reader.simulated) {
    throw new NotFoundError('The card reader is a real one: tap a card on it.');
  }
  const row = await counterCardState(deps, input);
  if (row.status !== 'waiting') {
    throw new ConflictError('The card reader is not waiting for a card.', 'reader-idle');
  }
  await deps.payments.reader.presentTestCard({ readerId: row.readerId, outcome: input.outcome });
  return (await settleCounterCard(deps, row)) ?? row;
}

/**
 * A new ticket paid by card (all of it, or a deposit): the reader is checked first (none set
 * or unknown: 409 and no ticket), the ticket raised unpaid, then its card sent to the reader.
 */
export async function raiseTicketByCard(
  deps: Deps,
  input: Omit<Parameters<typeof raiseTicket>[1], 'payment'> & { depositPence?: number },
) {
  await counterReader(deps, input.staff);
  const raised = await raiseTicket(deps, {
    ...input,
    payment: { kind: 'card', depositPence: input.depositPence },
  });
  const card = await startCounterCard(deps, {
    staff: input.staff,
    orderId: raised.order.id,
    amountPence: input.depositPence,
  });
  return { ...raised, card };
}
