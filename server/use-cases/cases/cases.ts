import { and, asc, count, eq, inArray, isNull, min } from 'drizzle-orm';
import {
  caseWindow,
  caseWindowEndsAt,
  caseWindowOpen,
  type CaseInput,
} from '@shared/intake-report';
import { londonDate } from '@shared/london-time';
import { orderNumber } from '@shared/order-number';
import type { DbOrTx } from '../../db/client';
import { orderCases, orderGarments, orders } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { recordAudit, type Actor } from '../audit/record-audit';
import { accessIntakeReport, type IntakeCaller } from '../intake-report/intake-report';
import { caseAnswerEmail, caseOpenedEmail } from '../mail/intake-report-emails';
import type { AppServices } from '../../services';
import { pushStaff } from '../messages/push-staff';

/*
 * Cases on the intake report (issue 16, docs/decisions/028): for 48 hours after the report
 * the customer may say "an item is missing" or "this note is wrong"; the case stays open on
 * the board until staff answer it, and the answer is e-mailed to the customer.
 */

export const caseMessages = {
  closed: (b: { phone: string; email: string }, endedAt: Date) =>
    `Cases on this intake report could be opened until ${londonDate(endedAt)} (${caseWindow} after we sent it). Please call us on ${b.phone} or write to ${b.email}, and we will look into it.`,
  wrongGarment: 'Choose one of the garments of this order.',
  notFound: 'We could not find that case.',
  answered: 'This case has already been answered.',
} as const;

/**
 * The customer opens a case, by their session or the report's signed link: 404 on another
 * customer's order, 409 once the 48 hours are over (saying how to reach the shop). The shop
 * is told by e-mail; audited (actor null: the customer).
 */
export async function openCase(
  deps: Pick<AppServices, 'db' | 'links' | 'mail' | 'config' | 'now'>,
  input: IntakeCaller & CaseInput,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { order, via } = await accessIntakeReport(tx, { ...input, now, lock: true }, deps);
    if (!caseWindowOpen(order.intakeReportedAt, now)) {
      throw new ConflictError(
        caseMessages.closed(deps.config.brand, caseWindowEndsAt(order.intakeReportedAt)),
      );
    }
    let garment: typeof orderGarments.$inferSelect | null = null;
    if (input.order_garment_id !== undefined) {
      [garment = null] = await tx
        .select()
        .from(orderGarments)
        .where(
          and(eq(orderGarments.id, input.order_garment_id), eq(orderGarments.orderId, order.id)),
        )
        .limit(1);
      if (!garment) {
        throw new ValidationError(caseMessages.wrongGarment, {
          order_garment_id: [caseMessages.wrongGarment],
        });
      }
    }
    // Each case e-mails the shop: a link in the wrong hands must not flood its mailbox.
    await hitRateLimit(tx, rateRules.intakeCasePerOrder, order.id, now);
    const [kase] = await tx
      .insert(orderCases)
      .values({
        orderId: order.id,
        kind: input.kind,
        orderGarmentId: garment?.id ?? null,
        body: input.description,
        openedAt: now,
      })
      .returning();
    await deps.mail.enqueue(
      caseOpenedEmail(deps.config.brand, deps, { order, kase: kase!, garment }),
      tx,
    );
    // Staff who asked for it on a device (issue 33).
    await pushStaff(tx, { event: 'new-case', order, caseId: kase!.id, now }, deps);
    await recordAudit(tx, {
      actor: null,
      now,
      action: 'order.case-open',
      entity: 'order',
      entityId: order.id,
      after: {
        by: 'customer',
        customerId: order.customerId,
        via,
        caseId: kase!.id,
        kind: kase!.kind,
        orderGarmentId: kase!.orderGarmentId,
      },
    });
    return { case: kase!, garment, orderNo: orderNumber(deps.config.brand, order.orderNo) };
  });
}

/**
 * Staff answer a case: once (a conditional update; a second answer is 409), e-mailed to the
 * customer, audited. The case is closed by its answer.
 */
export async function answerCase(
  deps: Pick<AppServices, 'db' | 'links' | 'mail' | 'config' | 'now'>,
  input: { actor: Actor; caseId: number; answer: string },
) {
  const { actor, caseId, answer } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [kase] = await tx
      .select()
      .from(orderCases)
      .where(eq(orderCases.id, caseId))
      .limit(1)
      .for('update');
    if (!kase) throw new NotFoundError(caseMessages.notFound);
    if (kase.answer !== null) throw new ConflictError(caseMessages.answered, 'already-done');
    const [order] = await tx.select().from(orders).where(eq(orders.id, kase.orderId)).limit(1);
    const [closed] = await tx
      .update(orderCases)
      .set({ answer, answeredAt: now, answeredBy: actor.id })
      .where(and(eq(orderCases.id, caseId), isNull(orderCases.answer)))
      .returning();
    if (!closed) throw new ConflictError(caseMessages.answered, 'already-done');
    if (order!.customerEmail) {
      await deps.mail.enqueue(
        caseAnswerEmail(deps.config.brand, deps, { order: order!, kase, answer }),
        tx,
      );
    }
    await recordAudit(tx, {
      actor,
      now,
      action: 'order.case-answer',
      entity: 'order',
      entityId: order!.id,
      before: { caseId, answer: null },
      after: { caseId, answer, emailed: order!.customerEmail !== '' },
    });
    return { case: closed, customerEmail: order!.customerEmail };
  });
}

/** Open cases per order, for the board's badges: order id → number of open cases. */
export async function openCaseCounts(db: DbOrTx, orderIds?: string[]) {
  if (orderIds && orderIds.length === 0) return new Map<string, { open: number; since: Date }>();
  const rows = await db
    .select({ orderId: orderCases.orderId, n: count(), since: min(orderCases.openedAt) })
    .from(orderCases)
    .where(
      and(isNull(orderCases.answer), orderIds ? inArray(orderCases.orderId, orderIds) : undefined),
    )
    .groupBy(orderCases.orderId);
  return new Map(rows.map((r) => [r.orderId, { open: Number(r.n), since: r.since! }]));
}

/** How many cases wait for an answer, for the back office's navigation. One count. */
export async function openCaseTotal(deps: Pick<AppServices, 'db'>): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(orderCases)
    .where(isNull(orderCases.answer));
  return Number(row?.n ?? 0);
}

/** The board's list of orders with open cases, oldest case first, and their count. */
export async function openCases(deps: Pick<AppServices, 'db'>) {
  const counts = await openCaseCounts(deps.db);
  const ids = [...counts.keys()];
  const rows = ids.length
    ? await deps.db
        .select()
        .from(orders)
        .where(inArray(orders.id, ids))
        .orderBy(asc(orders.orderNo))
    : [];
  const list = rows
    .map((order) => ({ order, ...counts.get(order.id)! }))
    .sort((a, b) => a.since.getTime() - b.since.getTime());
  return { total: list.reduce((sum, r) => sum + r.open, 0), orders: list };
}
