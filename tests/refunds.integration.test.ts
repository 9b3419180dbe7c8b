import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import {
  auditLog,
  financialDocuments,
  orders,
  outbox,
  payments,
  services as priceList,
} from '../server/db/schema';
import { placeGuestOrder, saveTestCard, spreadSlots } from '@tests/helpers/fixtures';
import { pdfText } from '@tests/helpers/pdf-text';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 15: refunds from the back office, in part or whole, through the provider that took
 * the money (TEST MODE here; Stripe and PayPal share the code path of providers.integration),
 * each with a credit note PDF e-mailed to the customer. Owner only.
 */

const now = new Date('2026-11-23T06:00:00Z');
const password = 'a-long-staff-password';
type Reply = {
  status: boolean;
  message: string;
  errors?: Record<string, string[]>;
  refunded?: string;
};

describe('refunds with credit notes', () => {
  let server: TestServer;
  let owner: Record<string, string>;
  let staff: Record<string, string>;
  let orderId = '';

  const login = async (email: string) => {
    const reply = await server.api<{ token: string }>('/api/admin/login', {
      body: { email, password },
    });
    return { Authorization: `Bearer ${reply.body.token}` };
  };
  const refund = (body: Record<string, unknown>, headers = owner) =>
    server.api<Reply>(`/api/admin/orders/${orderId}/refund`, { body, headers });
  const order = async () =>
    (await server.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    const db = server.database.db;
    await createStaffUser(db, { email: 'olive@shop.test', name: 'Olive', role: 'owner', password });
    await createStaffUser(db, { email: 'sam@shop.test', name: 'Sam', role: 'staff', password });
    owner = await login('olive@shop.test');
    staff = await login('sam@shop.test');
    const placed = await placeGuestOrder(server, {
      details: { email: 'refund-me@example.com' },
      order: { status: 'pending payment' },
      slots: spreadSlots(3),
    });
    orderId = placed.order.order_id;
    await saveTestCard(server, orderId, 'pm_card_visa');
    await db.update(orders).set({ status: 'collected' }).where(eq(orders.id, orderId));
    const [suit] = await db.select().from(priceList).where(eq(priceList.pricePence, 1595)).limit(1);
    const items = await server.api<Reply>(`/api/admin/orders/${orderId}/items`, {
      method: 'PUT',
      body: { lines: [{ service_id: suit!.id, quantity: 2 }] },
      headers: staff,
    });
    expect(items.status).toBe(200);
    const charged = await server.api<Reply>(`/api/admin/orders/${orderId}/charge`, {
      body: {},
      headers: staff,
    });
    expect(charged.body.status).toBe(true);
    expect(await order()).toMatchObject({ paidPence: 3190, totalPence: 3190, amountDuePence: 0 });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('refused with a clear message: staff who are not the owner, no reason, more than paid', async () => {
    expect((await refund({ amount: '5.00', reason: 'Stain not removed' }, staff)).status).toBe(403);
    const noReason = await refund({ amount: '5.00', reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.reason).toEqual(['Please say why the money is refunded.']);
    const tooMuch = await refund({ amount: '40.00', reason: 'Everything' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors?.amount).toEqual([
      'A refund can be at most what the customer has paid on this order.',
    ]);
    const notMoney = await refund({ amount: 'ten', reason: 'x' });
    expect(notMoney.status).toBe(422);
    expect(notMoney.body.errors?.amount).toEqual(['Enter an amount like 12.50.']);
    // Nothing moved.
    expect(await order()).toMatchObject({ paidPence: 3190, totalPence: 3190 });
  });

  test('a part refund: the money goes back to the card, the order costs less, a credit note is e-mailed', async () => {
    const reply = await refund({ amount: '5.00', reason: 'A stain on the jacket was not removed' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: true,
      refunded: '5.00',
      message: '£5.00 refunded; the customer has been e-mailed the credit note.',
    });
    expect(await order()).toMatchObject({
      paidPence: 2690,
      totalPence: 2690,
      discountPence: 500,
      amountDuePence: 0,
    });
    const [refundRow] = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
    expect(refundRow).toMatchObject({ provider: 'test', status: 'succeeded', amountPence: 500 });
    const [credit] = await server.database.db
      .select()
      .from(financialDocuments)
      .where(
        and(eq(financialDocuments.orderId, orderId), eq(financialDocuments.kind, 'credit-note')),
      );
    expect(credit).toMatchObject({ totalPence: 500, paymentId: refundRow!.id });
    const [mail] = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'order-refund'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.textBody).toContain('A stain on the jacket was not removed');
    expect(mail!.attachments?.[0]?.filename).toBe(`credit-note-${credit!.number}.pdf`);
    const text = await pdfText(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64'));
    expect(text).toContain(`Credit note number: ${credit!.number}`);
    expect(text).toMatch(/Credits invoice: INV-\d{6}/);
    expect(text).toMatch(/Total credited \(VAT included\) £5\.00/);
    expect(text).toContain('Reason: A stain on the jacket was not removed');
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.refund')));
    expect(audit!.after).toMatchObject({ refundedPence: 500, creditNote: credit!.number });

    // Staff read it as a refund with its credit note, never as a discount (walkthrough 9).
    const seen = await server.api<{
      order: {
        discount: string;
        price_discount: string;
        charged_total: string;
        refunds: { amount: string; credit_note: string }[];
      };
    }>(`/api/admin/orders/${orderId}`, { headers: staff });
    expect(seen.status).toBe(200);
    expect(seen.body.order).toMatchObject({
      price_discount: '0.00',
      charged_total: '31.90',
      refunds: [{ amount: '5.00', credit_note: credit!.number }],
    });
  });

  test('the rest refunded in whole; then nothing is left to refund (409)', async () => {
    const reply = await refund({ amount: '26.90', reason: 'Order cancelled after cleaning' });
    expect(reply.status).toBe(200);
    expect(await order()).toMatchObject({ paidPence: 0, totalPence: 0, amountDuePence: 0 });
    const credits = await server.database.db
      .select()
      .from(financialDocuments)
      .where(
        and(eq(financialDocuments.orderId, orderId), eq(financialDocuments.kind, 'credit-note')),
      );
    expect(credits.map((c) => c.totalPence).sort((a, b) => a - b)).toEqual([500, 2690]);
    const again = await refund({ amount: '1.00', reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Nothing has been paid on order /);
  });
});
