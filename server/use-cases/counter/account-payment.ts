import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import type { CurrentStaff } from '../../auth/staff';
import { customers, orders, payments } from '../../db/schema';
import { ConflictError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit } from '../audit/record-audit';
import { creditBalance, useAccountCredit } from '../credit/account-credit';
import { issueInvoice } from '../invoices/vat-documents';
import { findOrder } from '../orders/find-order';
import { refuseWhileCardWaits } from './card-at-counter';
import { counterBranch } from './counter-branch';
import { accountPaidMessage } from './present-counter-payments';
import { counterTicket } from './ticket';
import { lockOpenDay, recordTillSale } from './till';

/*
 * The customer's own money at the counter (issue 32, decision 053), when the ticket's
 * customer has an online account: their account credit (the ledger's use, as online orders
 * use it: useAccountCredit, the customer's row locked) or the card they saved online, charged
 * off-session through the card provider (TEST MODE works offline). Credit is not money into
 * the till (it was paid before); a saved card's charge is a card sale in the till. The ticket
 * is paid (or in part), its invoice issued (decision 023). A decline writes nothing.
 */

type Staff = Pick<CurrentStaff, 'id' | 'name' | 'role' | 'sessionBranchId'>;
type Deps = Pick<AppServices, 'db' | 'config' | 'payments' | 'logger' | 'now'>;

/** The card the customer saved online most recently (a succeeded card setup), or null. */
async function savedCardOfCustomer(deps: Pick<Deps, 'db'>, customerId: string) {
  const [card] = await deps.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(payments.kind, 'card_setup'),
        eq(payments.status, 'succeeded'),
        isNotNull(payments.paymentMethodId),
        isNotNull(payments.providerCustomerId),
      ),
    )
    .orderBy(desc(payments.updatedAt))
    .limit(1);
  return card?.payment ?? null;
}

/** The ticket's customer, when they have an online account; otherwise 409. */
async function accountHolder(deps: Pick<Deps, 'db'>, customerId: string | null) {
  const [customer] = customerId
    ? await deps.db.select().from(customers).where(eq(customers.id, customerId))
    : [];
  if (!customer || customer.isGuest || customer.passwordHash === null) {
    throw new ConflictError(
      'The ticket’s customer has no online account: take cash or a card.',
      'no-account-payment',
    );
  }
  return customer;
}

export async function payFromAccount(
  deps: Deps,
  input: { staff: Staff; orderId: string; source: 'credit' | 'saved-card' },
) {
  const now = deps.now();
  const { staff } = input;
  const { brand } = deps.config;
  const branch = await counterBranch(deps.db, { staff, now });
  await counterTicket(deps, { staff, orderId: input.orderId });
  const order = await findOrder(deps.db, input.orderId);
  const number = orderNumber(brand, order.orderNo);
  if (order.amountDuePence <= 0) {
    throw new ConflictError(`Ticket ${number} is paid: nothing is due.`, 'nothing-due');
  }
  const customer = await accountHolder(deps, order.customerId);
  // A card for the ticket on the reader would pay it a second time when it goes through.
  await refuseWhileCardWaits(deps.db, { orderId: order.id, number });
  const audit = (tx: Parameters<typeof recordAudit>[0], after: Record<string, unknown>) =>
    recordAudit(tx, {
      actor: { id: staff.id, name: staff.name, role: staff.role },
      now,
      action: `counter.${input.source}`,
      entity: 'order',
      entityId: order.id,
      before: { duePence: order.amountDuePence },
      after,
    });

  if (input.source === 'credit') {
    if ((await creditBalance(deps.db, customer.id)) <= 0) {
      throw new ConflictError(`${customer.name} has no account credit.`, 'no-account-payment');
    }
    return deps.db.transaction(async (tx) => {
      await findOrder(tx, order.id, true);
      await refuseWhileCardWaits(tx, { orderId: order.id, number });
      const used = await useAccountCredit(tx, { orderId: order.id, now, brand });
      if (used <= 0) {
        throw new ConflictError(`${customer.name} has no account credit.`, 'no-account-payment');
      }
      const paid = await findOrder(tx, order.id);
      const invoice = await issueInvoice(tx, { brand, order: paid, now });
      await audit(tx, {
        creditPence: used,
        duePence: paid.amountDuePence,
        invoice: invoice.number,
      });
      return { message: accountPaidMessage('credit', used) };
    });
  }

  const card = await savedCardOfCustomer(deps, customer.id);
  if (!card) {
    throw new ConflictError(`${customer.name} has no card saved online.`, 'no-saved-card');
  }
  // The charge's takings go into this counter's open till: none open, the card is not charged.
  await deps.db.transaction((tx) =>
    lockOpenDay(tx, { branchId: branch.id, branchName: branch.name, now }),
  );
  const amount = order.amountDuePence;
  const [tried] = await deps.db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'charge')));
  const result = await deps.payments.card.chargeOffSession({
    orderId: order.id,
    providerCustomerId: card.providerCustomerId!,
    paymentMethodId: card.paymentMethodId!,
    amountPence: amount,
    idempotencyKey: `counter-charge:${order.id}:${amount}:${order.paidPence}:${tried?.n ?? 0}`,
  });
  if (result.status !== 'succeeded') {
    throw new ConflictError(
      `${result.message} Nothing was taken: take cash or a card on the reader.`,
      'card-declined',
    );
  }
  let outcome: { message: string };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const locked = await findOrder(tx, order.id, true);
      const inserted = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: deps.payments.card.name,
          kind: 'charge',
          providerRef: result.chargeId,
          status: 'succeeded',
          amountPence: amount,
          providerCustomerId: card.providerCustomerId,
          paymentMethodId: card.paymentMethodId,
          cardBrand: card.cardBrand,
          cardLast4: card.cardLast4,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      // The provider's idempotency gave back a charge recorded already: counted once.
      if (inserted.length === 0) return { message: accountPaidMessage('saved-card', amount) };
      // Cash or credit took some of it while the card was charged (what was due was read
      // before the charge, without a lock): nothing is written, the charge is given back.
      if (locked.amountDuePence < amount) throw new PaidMeanwhile();
      const due = locked.amountDuePence - amount;
      const [paid] = await tx
        .update(orders)
        .set({
          paidPence: locked.paidPence + amount,
          amountDuePence: due,
          paymentMethod: 'card',
          paymentState: due === 0 ? 'paid' : locked.paymentState,
        })
        .where(eq(orders.id, order.id))
        .returning();
      await recordTillSale(tx, {
        branchId: branch.id,
        branchName: branch.name,
        staff,
        orderId: order.id,
        pence: amount,
        now,
        method: 'card',
      });
      const invoice = await issueInvoice(tx, { brand, order: paid!, now });
      await audit(tx, { chargedPence: amount, charge: result.chargeId, invoice: invoice.number });
      return { message: accountPaidMessage('saved-card', amount, card.cardLast4 ?? undefined) };
    });
  } catch (error) {
    if (!(error instanceof PaidMeanwhile)) throw error;
    const back = await deps.payments.card.refundPayment({
      paymentId: result.chargeId,
      amountPence: amount,
      idempotencyKey: `counter-charge-back:${result.chargeId}`,
    });
    throw new ConflictError(
      back.status === 'failed'
        ? `The ticket was paid another way while the card was charged, and giving the charge back failed (${back.message}): refund it from the order page.`
        : 'The ticket was paid another way while the card was charged: the charge was given back to the card.',
      'paid-meanwhile',
    );
  }
  return outcome;
}

/** The order's due fell while its saved card was charged (the charge is given back). */
class PaidMeanwhile extends Error {}
