import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { APPROVAL_LINK_TTL_MS, approvedLimitPence, awaitsApproval } from '@shared/order-approval';
import { orderNumber } from '@shared/order-number';
import type { DbOrTx } from '../../db/client';
import { orderItems, orderMessages, orders, priceApprovals } from '../../db/schema';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../errors';
import { approvalAccessMessages, approvalTokenValid } from '../../auth/approval-access';
import type { FinancialDocument } from '../../adapters/pdf/financial-document';
import { issueInvoice, pdfAttachment } from '../invoices/vat-documents';
import { recordAudit, type Actor } from '../audit/record-audit';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { approvalRequestEmail, customerQuestionEmail } from '../mail/approval-emails';
import type { AppServices } from '../../services';
import { notifyCustomer } from '../messages/notify-customer';

/*
 * The customer's approval of a total above their cap (issue 15, docs/decisions/024). Itemising
 * above the cap opens a request (a price_approvals row) and e-mails the itemised invoice with
 * its signed link; the customer approves it once, or asks a question on the order's thread.
 * A newer request supersedes the open one, so an old link never approves a changed total.
 */

type OrderRow = typeof orders.$inferSelect;
export type ApprovalRow = typeof priceApprovals.$inferSelect;

/** A request still waiting: not approved and not replaced (a question leaves it open). */
const stillOpen = or(isNull(priceApprovals.answer), eq(priceApprovals.answer, 'question'));

/** The open request of an order, newest first, or null. */
export async function openApprovalOf(db: DbOrTx, orderId: string): Promise<ApprovalRow | null> {
  const [row] = await db
    .select()
    .from(priceApprovals)
    .where(and(eq(priceApprovals.orderId, orderId), stillOpen))
    .orderBy(desc(priceApprovals.requestedAt))
    .limit(1);
  return row ?? null;
}

/** The latest request of an order, whatever its answer, or null. */
export async function latestApprovalOf(db: DbOrTx, orderId: string): Promise<ApprovalRow | null> {
  const [row] = await db
    .select()
    .from(priceApprovals)
    .where(eq(priceApprovals.orderId, orderId))
    .orderBy(desc(priceApprovals.requestedAt))
    .limit(1);
  return row ?? null;
}

/** The open requests of several orders (the account's list), by order id. */
export async function openApprovalsOf(db: DbOrTx, orderIds: string[]) {
  const rows = orderIds.length
    ? await db
        .select()
        .from(priceApprovals)
        .where(and(inArray(priceApprovals.orderId, orderIds), stillOpen))
        .orderBy(asc(priceApprovals.requestedAt))
    : [];
  return new Map(rows.map((r) => [r.orderId, r]));
}

/**
 * Step of setOrderItems, in its transaction with the order's new totals: above what the
 * customer agreed to, a new request replaces any open one and the itemised invoice goes to
 * the customer with the link; at or under it, an open request is no longer needed and is
 * closed. Returns the new request, or null.
 */
export async function requestApprovalIfAbove(
  tx: DbOrTx,
  input: { order: OrderRow; now: Date },
  deps: Pick<AppServices, 'mail' | 'config' | 'links'>,
): Promise<{ approval: ApprovalRow; capPence: number } | null> {
  const { order, now } = input;
  await supersedeOpenApproval(tx, { orderId: order.id, now });
  if (!awaitsApproval(order)) return null;
  const [approval] = await tx
    .insert(priceApprovals)
    .values({
      orderId: order.id,
      amountPence: order.totalPence,
      requestedAt: now,
      expiresAt: new Date(now.getTime() + APPROVAL_LINK_TTL_MS),
    })
    .returning();
  const capPence = approvedLimitPence(order)!;
  await mailRequest(tx, { order, approval: approval!, capPence, now, reminder: false }, deps);
  await notifyCustomer(tx, { order, now, event: 'approval-needed', approval: approval! }, deps);
  return { approval: approval!, capPence };
}

/**
 * The total changed while garments are still being checked in: a request for the old amount
 * is closed, and the new one waits for staff to finish intake (walkthrough 3: one request,
 * sent with the intake report, never one per garment).
 */
export async function supersedeOpenApproval(tx: DbOrTx, input: { orderId: string; now: Date }) {
  const { orderId, now } = input;
  await tx
    .update(priceApprovals)
    .set({ answer: 'superseded', answeredAt: now })
    .where(and(eq(priceApprovals.orderId, orderId), stillOpen));
}

/** The request e-mail (or its reminder): the itemised invoice, its PDF and the two actions. */
export async function mailRequest(
  tx: DbOrTx,
  input: {
    order: OrderRow;
    approval: ApprovalRow;
    capPence: number;
    now: Date;
    reminder: boolean;
  },
  deps: Pick<AppServices, 'mail' | 'config' | 'links'>,
) {
  const { order, approval, capPence, now, reminder } = input;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const invoice = await issueInvoice(tx, { brand: deps.config.brand, order, now });
  await deps.mail.enqueue(
    {
      ...approvalRequestEmail(deps.config.brand, deps, {
        order,
        items,
        approval,
        capPence,
        reminder,
      }),
      attachments: [await pdfAttachment(invoice.snapshot as FinancialDocument)],
    },
    tx,
  );
}

/** Who answers a request: the holder of its link, or the order's customer logged in. */
export type ApprovalCaller = {
  approvalId: string;
  /** `t` of the e-mailed link (X-Approval-Token). */
  token?: string | null;
  /** The customer logged in, if any. */
  customerId?: string | null;
};

export type ApprovalState = 'open' | 'approved' | 'superseded' | 'expired';

/**
 * The request a caller may see or answer, with its order, and how they came: by the link
 * (valid and not expired) or by their account. 404 unknown, 401 otherwise.
 */
async function accessApproval(db: DbOrTx, caller: ApprovalCaller, lock = false) {
  const query = db
    .select()
    .from(priceApprovals)
    .where(eq(priceApprovals.id, caller.approvalId))
    .limit(1);
  const [approval] = lock ? await query.for('update') : await query;
  if (!approval) throw new NotFoundError(approvalAccessMessages.notFound);
  const [order] = await db.select().from(orders).where(eq(orders.id, approval.orderId)).limit(1);
  if (!order) throw new NotFoundError(approvalAccessMessages.notFound);
  return { approval, order };
}

/** How the caller may act on the request, or a refusal. */
function viaOf(
  deps: Pick<AppServices, 'links'>,
  caller: ApprovalCaller,
  order: OrderRow,
  now: Date,
): 'link' | 'account' {
  if (approvalTokenValid(deps, caller.approvalId, caller.token, now)) return 'link';
  if (caller.customerId && order.customerId === caller.customerId) return 'account';
  throw new UnauthorizedError(approvalAccessMessages.refused, 'link-invalid');
}

function stateOf(approval: ApprovalRow, via: 'link' | 'account', now: Date): ApprovalState {
  if (approval.answer === 'approved') return 'approved';
  if (approval.answer === 'superseded') return 'superseded';
  // A link stops at its expiry; the customer logged in may still answer.
  if (via === 'link' && approval.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

const stateMessages: Record<Exclude<ApprovalState, 'open'>, string> = {
  approved: 'You have already approved this total. Thank you: there is nothing more to do.',
  superseded:
    'This request was replaced by a newer one: please use the link in our latest e-mail, or your account.',
  expired: approvalAccessMessages.refused,
};

/** What the approval page shows: the request, its order, items and thread. */
export async function approvalDetail(
  deps: Pick<AppServices, 'db' | 'links' | 'now'>,
  caller: ApprovalCaller,
) {
  const now = deps.now();
  const { approval, order } = await accessApproval(deps.db, caller);
  const via = viaOf(deps, caller, order, now);
  const items = await deps.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const messages = await deps.db
    .select()
    .from(orderMessages)
    .where(eq(orderMessages.orderId, order.id))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  return {
    approval,
    order,
    items,
    messages,
    via,
    state: stateOf(approval, via, now),
    capPence: order.priceCapPence,
  };
}

/**
 * The customer approves the request's amount: once (a conditional update claims it), never
 * after a newer request or past the link's expiry. The order may then be charged up to it.
 * Audited with who (the customer), how (link or account), the amount and the request's id.
 */
export async function approvePrice(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'now'>,
  caller: ApprovalCaller,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { approval, order } = await accessApproval(tx, caller, true);
    const via = viaOf(deps, caller, order, now);
    const state = stateOf(approval, via, now);
    if (state === 'expired') throw new UnauthorizedError(stateMessages.expired, 'link-invalid');
    if (state !== 'open') throw new ConflictError(stateMessages[state], 'approval-closed');
    const [claimed] = await tx
      .update(priceApprovals)
      .set({ answer: 'approved', answeredAt: now, answeredVia: via })
      .where(and(eq(priceApprovals.id, approval.id), stillOpen))
      .returning();
    if (!claimed) throw new ConflictError(stateMessages.approved, 'approval-closed');
    const [updated] = await tx
      .update(orders)
      .set({
        approvedPence: sql`greatest(coalesce(${orders.approvedPence}, 0), ${approval.amountPence})`,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await recordAudit(tx, {
      actor: null,
      now,
      action: 'order.approve-price',
      entity: 'order',
      entityId: order.id,
      before: { priceCapPence: order.priceCapPence, approvedPence: order.approvedPence },
      after: {
        by: 'customer',
        customerId: order.customerId,
        via,
        approvalId: approval.id,
        amountPence: approval.amountPence,
        approvedPence: updated!.approvedPence,
      },
    });
    return {
      orderId: order.id,
      orderNo: orderNumber(deps.config.brand, order.orderNo),
      amountPence: approval.amountPence,
      via,
    };
  });
}

/**
 * The customer's question about the total: a message on the order's thread (staff answer
 * from the back office), and the shop is told by e-mail. The request stays open, so the
 * customer can still approve once they have the answer; no reminder goes after a question.
 */
export async function askAboutPrice(
  deps: Pick<AppServices, 'db' | 'links' | 'mail' | 'config' | 'now'>,
  input: ApprovalCaller & { body: string },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { approval, order } = await accessApproval(tx, input, true);
    const via = viaOf(deps, input, order, now);
    const state = stateOf(approval, via, now);
    if (state === 'expired') throw new UnauthorizedError(stateMessages.expired, 'link-invalid');
    if (state !== 'open') throw new ConflictError(stateMessages[state], 'approval-closed');
    // Each question e-mails the shop: a link in the wrong hands must not flood its mailbox.
    await hitRateLimit(tx, rateRules.priceQuestionPerOrder, order.id, now);
    const [message] = await tx
      .insert(orderMessages)
      .values({ orderId: order.id, author: 'customer', body: input.body, createdAt: now })
      .returning();
    await tx
      .update(priceApprovals)
      .set({ answer: 'question', answeredAt: now, answeredVia: via })
      .where(and(eq(priceApprovals.id, approval.id), isNull(priceApprovals.answer)));
    await deps.mail.enqueue(
      customerQuestionEmail(deps.config.brand, deps, { order, body: input.body }),
      tx,
    );
    return { orderNo: orderNumber(deps.config.brand, order.orderNo), messageId: message!.id };
  });
}

/**
 * Staff send the request again, with a fresh link: for a customer whose link expired or whose
 * e-mail went astray. The open request is replaced (its link stops working) by a new one for
 * the same total, and the invoice goes out again. Only while the order waits for approval.
 */
export async function resendApprovalRequest(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'links' | 'now'>,
  input: { actor: Actor; orderId: string },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw new NotFoundError('We could not find that order.');
    const number = orderNumber(deps.config.brand, order.orderNo);
    if (!awaitsApproval(order)) {
      throw new ConflictError(`Order ${number} is not waiting for the customer's approval.`);
    }
    const before = await openApprovalOf(tx, order.id);
    const requested = await requestApprovalIfAbove(tx, { order, now }, deps);
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'order.approval-resent',
      entity: 'order',
      entityId: order.id,
      before: before ? { approvalId: before.id, expiresAt: before.expiresAt.toISOString() } : null,
      after: {
        approvalId: requested!.approval.id,
        amountPence: requested!.approval.amountPence,
        expiresAt: requested!.approval.expiresAt.toISOString(),
      },
    });
    return { orderNo: number, customerEmail: order.customerEmail };
  });
}
