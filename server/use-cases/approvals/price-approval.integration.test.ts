import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  auditLog,
  orderMessages,
  orders,
  outbox,
  payments,
  priceApprovals,
  services as priceList,
} from '../../db/schema';
import { createUseCaseWorld, type UseCaseWorld } from '@tests/helpers/use-case-world';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { pdfText } from '@tests/helpers/pdf-text';
import { approvalToken } from '../../auth/approval-access';
import { AppError } from '../../errors';
import { setOrderItems } from '../orders/set-order-items';
import { chargeSavedCard } from '../payments/charge-order';
import { answerCustomer, orderThread } from './order-thread';
import {
  approvalDetail,
  approvePrice,
  askAboutPrice,
  resendApprovalRequest,
} from './price-approval';
import { sendApprovalReminders } from './remind-approvals';

/*
 * Issue 15: above the customer's cap, itemising asks for their approval; the saved card is
 * not charged until they give it (409), by a link that works once, for one request of one
 * order, until it expires; a question reaches the order's thread and staff's answer is
 * e-mailed; one reminder after a day.
 */

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2026-11-24T10:00:00Z');
let clock = start;
let world: UseCaseWorld;
let onRequest: number;

beforeAll(async () => {
  world = await createUseCaseWorld(start);
  world.services.now = () => clock;
  const [service] = await world.database.db
    .select()
    .from(priceList)
    .where(eq(priceList.pricePence, 0))
    .limit(1);
  onRequest = service!.id;
});
afterAll(async () => {
  await world?.close();
});

/** Ada's collected order with a card saved, capped at `capPence`, itemised at `totalPence`. */
async function cappedOrder(capPence: number | null, totalPence: number) {
  clock = start;
  const order = await insertOrderRow(world.database.db, new Date('2026-11-23T09:00:00Z'), {
    customerId: world.customerId,
    status: 'collected',
    customerName: 'Ada',
    priceCapPence: capPence,
  });
  await world.database.db.insert(payments).values({
    orderId: order.id,
    provider: 'test',
    kind: 'card_setup',
    providerRef: `seti_${order.id}`,
    status: 'succeeded',
    amountPence: 0,
    providerCustomerId: 'cus_test',
    paymentMethodId: 'pm_card_visa',
    cardBrand: 'visa',
    cardLast4: '4242',
    createdAt: start,
    updatedAt: start,
  });
  const saved = await setOrderItems(world.services, {
    actor: world.actor,
    orderId: order.id,
    lines: [{ service_id: onRequest, quantity: 1, unit_price_pence: totalPence }],
    discountPence: 0,
  });
  return { order, saved };
}

async function approvalsOf(orderId: string) {
  return world.database.db
    .select()
    .from(priceApprovals)
    .where(eq(priceApprovals.orderId, orderId))
    .orderBy(priceApprovals.requestedAt);
}

async function mailsTo(to: string, template: string) {
  return world.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.template, template)))
    .orderBy(desc(outbox.id));
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const charge = (orderId: string) =>
  chargeSavedCard(world.services, { orderId, actor: world.actor });

describe('approval above the cap', () => {
  test('capped at £30 and itemised at £40: no charge until approved, then charged', async () => {
    const { order, saved } = await cappedOrder(3000, 4000);
    expect(saved.approvalRequested).toEqual({ amountPence: 4000, capPence: 3000 });
    const [approval] = await approvalsOf(order.id);
    expect(approval).toMatchObject({ amountPence: 4000, answer: null, remindedAt: null });
    expect(approval!.expiresAt.getTime() - start.getTime()).toBe(7 * DAY);

    // The e-mail: the itemised invoice with its PDF and the two actions.
    const [mail] = await mailsTo('ada@example.com', 'order-approval');
    expect(mail!.subject).toContain('£40.00');
    expect(mail!.textBody).toContain(`/order/approval/${approval!.id}?t=`);
    expect(mail!.textBody).toContain('Ask a question');
    expect(mail!.attachments).toHaveLength(1);
    const pdf = await pdfText(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64'));
    expect(pdf).toContain('Invoice number');

    const refused = await refusal(charge(order.id));
    expect(refused.code).toBe('approval-needed');
    expect(refused.message).toMatch(
      /^Order [A-Z]+-\d+ comes to £40\.00, above the customer's cap of £30\.00: it needs their approval first\.$/,
    );

    const token = approvalToken(world.services, approval!);
    const approved = await approvePrice(world.services, { approvalId: approval!.id, token });
    expect(approved).toMatchObject({ amountPence: 4000, via: 'link' });
    const [after] = await world.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.approvedPence).toBe(4000);

    const [audit] = await world.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.approve-price')));
    expect(audit).toMatchObject({ staffId: null, at: start });
    expect(audit!.after).toMatchObject({
      by: 'customer',
      via: 'link',
      approvalId: approval!.id,
      amountPence: 4000,
      customerId: world.customerId,
    });

    const charged = await charge(order.id);
    expect(charged.status).toBe('succeeded');
    expect(charged.amountPence).toBe(4000);
  });

  test('at or under the cap, and orders without a cap, are charged as before', async () => {
    const under = await cappedOrder(3000, 3000);
    expect(under.saved.approvalRequested).toBeNull();
    expect(await approvalsOf(under.order.id)).toEqual([]);
    expect((await charge(under.order.id)).status).toBe('succeeded');
    const uncapped = await cappedOrder(null, 9000);
    expect(uncapped.saved.approvalRequested).toBeNull();
    expect((await charge(uncapped.order.id)).status).toBe('succeeded');
  });

  test('the link works once, expires, and never for another order or request', async () => {
    const { order } = await cappedOrder(3000, 4000);
    const other = await cappedOrder(3000, 5000);
    const [mine] = await approvalsOf(order.id);
    const [theirs] = await approvalsOf(other.order.id);
    const myToken = approvalToken(world.services, mine!);

    // Another order's request with this link: refused, and nothing approved.
    expect(
      (await refusal(approvePrice(world.services, { approvalId: theirs!.id, token: myToken })))
        .code,
    ).toBe('link-invalid');
    expect(
      (await refusal(approvePrice(world.services, { approvalId: mine!.id, token: 'forged.x' })))
        .code,
    ).toBe('link-invalid');
    // Past its expiry: refused.
    clock = new Date(start.getTime() + 7 * DAY + 1000);
    expect(
      (await refusal(approvePrice(world.services, { approvalId: mine!.id, token: myToken }))).code,
    ).toBe('link-invalid');
    clock = new Date(start.getTime() + DAY);

    // Once: the second use is refused.
    await approvePrice(world.services, { approvalId: mine!.id, token: myToken });
    expect(
      (await refusal(approvePrice(world.services, { approvalId: mine!.id, token: myToken }))).code,
    ).toBe('approval-closed');

    // A new request (the items changed) supersedes the open one: its old link stops working.
    await setOrderItems(world.services, {
      actor: world.actor,
      orderId: other.order.id,
      lines: [{ service_id: onRequest, quantity: 1, unit_price_pence: 5500 }],
      discountPence: 0,
    });
    const [first, second] = await approvalsOf(other.order.id);
    expect(first!.answer).toBe('superseded');
    expect(second).toMatchObject({ answer: null, amountPence: 5500 });
    const stale = approvalToken(world.services, first!);
    expect(
      (await refusal(approvePrice(world.services, { approvalId: first!.id, token: stale }))).code,
    ).toBe('approval-closed');
  });

  test('the customer logged in approves from their account; nobody else does', async () => {
    const { order } = await cappedOrder(3000, 4000);
    const [approval] = await approvalsOf(order.id);
    expect(
      (
        await refusal(
          approvePrice(world.services, {
            approvalId: approval!.id,
            customerId: '00000000-0000-4000-8000-000000000000',
          }),
        )
      ).code,
    ).toBe('link-invalid');
    const detail = await approvalDetail(world.services, {
      approvalId: approval!.id,
      customerId: world.customerId,
    });
    expect(detail).toMatchObject({ via: 'account', state: 'open', capPence: 3000 });
    const approved = await approvePrice(world.services, {
      approvalId: approval!.id,
      customerId: world.customerId,
    });
    expect(approved.via).toBe('account');
    expect((await charge(order.id)).status).toBe('succeeded');
  });

  test('a question reaches the thread; staff answer by e-mail with the link', async () => {
    const { order } = await cappedOrder(3000, 4000);
    const [approval] = await approvalsOf(order.id);
    const token = approvalToken(world.services, approval!);
    await askAboutPrice(world.services, {
      approvalId: approval!.id,
      token,
      body: 'Why is the coat £40?',
    });
    const [toShop] = await mailsTo(world.services.config.brand.email, 'order-question-staff');
    expect(toShop!.textBody).toContain('Why is the coat £40?');
    await answerCustomer(world.services, {
      actor: world.actor,
      orderId: order.id,
      body: 'It was a long wool coat with a lining.',
    });
    const thread = await orderThread(world.database.db, order.id);
    expect(thread.map((m) => [m.author, m.body])).toEqual([
      ['customer', 'Why is the coat £40?'],
      ['staff', 'It was a long wool coat with a lining.'],
    ]);
    expect(thread[1]!.staffId).toBe(world.actor.id);
    const [answer] = await mailsTo('ada@example.com', 'order-message-answer');
    expect(answer!.textBody).toContain('It was a long wool coat with a lining.');
    expect(answer!.textBody).toContain(`/order/approval/${approval!.id}?t=`);
    // The question leaves the request open: the customer may still approve.
    await approvePrice(world.services, { approvalId: approval!.id, token });
    expect(
      await world.database.db
        .select()
        .from(orderMessages)
        .where(eq(orderMessages.orderId, order.id)),
    ).toHaveLength(2);
  });

  test('questions on one order are limited (each e-mails the shop): the 11th in an hour is refused', async () => {
    const { order } = await cappedOrder(3000, 4000);
    const [approval] = await approvalsOf(order.id);
    const caller = { approvalId: approval!.id, token: approvalToken(world.services, approval!) };
    for (let i = 1; i <= 10; i++) {
      await askAboutPrice(world.services, { ...caller, body: `Question ${i}` });
    }
    const refused = await askAboutPrice(world.services, { ...caller, body: 'Question 11' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('rate-limited');
    expect((refused as AppError).message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    const thread = await orderThread(world.database.db, order.id);
    expect(thread.map((m) => m.body)).not.toContain('Question 11');
    expect(thread).toHaveLength(10);
  });

  test('staff send an expired request again: a fresh link that works, the old one replaced; not for an order that waits for nothing', async () => {
    const { order } = await cappedOrder(3000, 4000);
    const [old] = await approvalsOf(order.id);
    const oldToken = approvalToken(world.services, old!);
    clock = new Date(start.getTime() + 8 * DAY);
    expect(
      (await refusal(approvePrice(world.services, { approvalId: old!.id, token: oldToken }))).code,
    ).toBe('link-invalid');
    const before = (await mailsTo('ada@example.com', 'order-approval')).length;

    const sent = await resendApprovalRequest(world.services, {
      actor: world.actor,
      orderId: order.id,
    });
    expect(sent.customerEmail).toBe('ada@example.com');
    const [replaced, fresh] = await approvalsOf(order.id);
    expect(replaced).toMatchObject({ id: old!.id, answer: 'superseded' });
    expect(fresh).toMatchObject({ answer: null, amountPence: 4000 });
    expect(fresh!.expiresAt.getTime()).toBe(clock.getTime() + 7 * DAY);
    const mails = await mailsTo('ada@example.com', 'order-approval');
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.textBody).toContain(`/order/approval/${fresh!.id}?t=`);
    const [audit] = await world.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.approval-resent')));
    expect(audit!.after).toMatchObject({ approvalId: fresh!.id, amountPence: 4000 });

    await approvePrice(world.services, {
      approvalId: fresh!.id,
      token: approvalToken(world.services, fresh!),
    });
    // Approved: nothing waits, so nothing is sent again.
    const refused = await refusal(
      resendApprovalRequest(world.services, { actor: world.actor, orderId: order.id }),
    );
    expect(refused.code).toBe('conflict');
    expect(refused.message).toMatch(/^Order LD-\d+ is not waiting for the customer's approval\.$/);
    expect(await mailsTo('ada@example.com', 'order-approval')).toHaveLength(before + 1);
  });

  test('one reminder after a day without an answer', async () => {
    const { order } = await cappedOrder(3000, 4000);
    const [approval] = await approvalsOf(order.id);
    const reminders = () =>
      world.database.db.select().from(outbox).where(eq(outbox.template, 'order-approval-reminder'));
    const before = (await reminders()).length;
    clock = new Date(start.getTime() + DAY - 60_000);
    await sendApprovalReminders(world.services);
    expect((await reminders()).length).toBe(before);
    clock = new Date(start.getTime() + DAY + 60_000);
    // Two sweeps at once (two instances): one reminder.
    await Promise.all([
      sendApprovalReminders(world.services),
      sendApprovalReminders(world.services),
    ]);
    clock = new Date(start.getTime() + 2 * DAY);
    await sendApprovalReminders(world.services);
    const sent = (await reminders()).filter((m) => m.textBody.includes(approval!.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('Reminder');
    const [row] = await approvalsOf(order.id);
    expect(row!.remindedAt).toEqual(new Date(start.getTime() + DAY + 60_000));
  });
});
