import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertOrderRow, staffLogIn } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffUser } from '../../auth/staff';
import { approvalToken } from '../../auth/approval-access';
import { orderMessages, outbox, payments, priceApprovals, services } from '../../db/schema';

/*
 * Issue 15 over HTTP: an order capped at £30 and itemised at £40 answers 409 to the charge
 * until the holder of the approval link approves it (once); a question is refused when empty
 * or too long, and staff's answer is e-mailed.
 */

const now = new Date('2026-11-24T10:00:00Z');
const password = 'staff-password-123';

describe('approval API', () => {
  let server: TestServer;
  let staff: string;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    await createStaffUser(server.database.db, {
      email: 'sam@shop.test',
      name: 'Sam Staff',
      role: 'staff',
      password,
    });
    staff = await staffLogIn(server, 'sam@shop.test', password);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function cappedOrderAt40() {
    const db = server.database.db;
    const order = await insertOrderRow(db, new Date('2026-11-23T09:00:00Z'), {
      status: 'cleaning',
      priceCapPence: 3000,
    });
    await db.insert(payments).values({
      orderId: order.id,
      provider: 'test',
      kind: 'card_setup',
      providerRef: `seti_${order.id}`,
      status: 'succeeded',
      amountPence: 0,
      providerCustomerId: 'cus_test',
      paymentMethodId: 'pm_card_visa',
      cardLast4: '4242',
      createdAt: now,
      updatedAt: now,
    });
    const [onRequest] = await db.select().from(services).where(eq(services.pricePence, 0)).limit(1);
    const saved = await server.api<{ message: string; awaiting_approval: boolean }>(
      `/api/admin/orders/${order.id}/items`,
      {
        method: 'PUT',
        headers: { Authorization: `Bearer ${staff}` },
        body: { lines: [{ service_id: onRequest!.id, quantity: 1, unit_price: '40.00' }] },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.awaiting_approval).toBe(true);
    expect(saved.body.message).toContain('£40.00 is above the customer');
    const [approval] = await db
      .select()
      .from(priceApprovals)
      .where(eq(priceApprovals.orderId, order.id));
    return { order, approval: approval!, token: approvalToken(server.services, approval!) };
  }

  const charge = (orderId: string) =>
    server.api<{ message: string; charge_status?: string }>(`/api/admin/orders/${orderId}/charge`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff}` },
    });

  it('refuses the charge (409) until the link approves, once; then charges', async () => {
    const { order, approval, token } = await cappedOrderAt40();
    const refused = await charge(order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /comes to £40\.00, above the customer's cap of £30\.00: it needs their approval first\./,
    );

    const seen = await server.api<{ approval: { state: string; amount: string; cap: string } }>(
      `/api/approvals/${approval.id}`,
      { headers: { 'X-Approval-Token': token } },
    );
    expect(seen.status).toBe(200);
    expect(seen.body.approval).toMatchObject({ state: 'open', amount: '40.00', cap: '30.00' });
    expect((await server.api(`/api/approvals/${approval.id}`)).status).toBe(401);

    const other = await cappedOrderAt40();
    const foreign = await server.api(`/api/approvals/${other.approval.id}/approve`, {
      method: 'POST',
      headers: { 'X-Approval-Token': token },
    });
    expect(foreign.status).toBe(401);

    const approve = () =>
      server.api<{ message: string; amount: string }>(`/api/approvals/${approval.id}/approve`, {
        method: 'POST',
        headers: { 'X-Approval-Token': token },
      });
    const approved = await approve();
    expect(approved.status).toBe(200);
    expect(approved.body.amount).toBe('40.00');
    expect((await approve()).status).toBe(409);

    const charged = await charge(order.id);
    expect(charged.status).toBe(200);
    expect(charged.body.charge_status).toBe('succeeded');
  });

  it('a question: 422 when empty or too long; staff answer is e-mailed', async () => {
    const { order, approval, token } = await cappedOrderAt40();
    const ask = (message: string) =>
      server.api<{ message: string; errors?: Record<string, string[]> }>(
        `/api/approvals/${approval.id}/question`,
        { body: { message }, headers: { 'X-Approval-Token': token } },
      );
    const empty = await ask('   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.message).toEqual(['Please write your message.']);
    const long = await ask('x'.repeat(2001));
    expect(long.status).toBe(422);
    expect(long.body.errors?.message?.[0]).toMatch(/under 2000 characters/);
    expect((await ask('Why £40?')).status).toBe(200);

    const thread = await server.database.db
      .select()
      .from(orderMessages)
      .where(eq(orderMessages.orderId, order.id));
    expect(thread.map((m) => [m.author, m.body])).toEqual([['customer', 'Why £40?']]);

    const detail = await server.api<{ order: { messages: { author: string; body: string }[] } }>(
      `/api/admin/orders/${order.id}`,
      { headers: { Authorization: `Bearer ${staff}` } },
    );
    expect(detail.body.order.messages).toMatchObject([{ author: 'customer', body: 'Why £40?' }]);
    const answer = await server.api<{ message: string }>(`/api/admin/orders/${order.id}/messages`, {
      body: { message: 'Two suits, one with a silk lining.' },
      headers: { Authorization: `Bearer ${staff}` },
    });
    expect(answer.status).toBe(200);
    const mails = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'order-message-answer'));
    expect(mails.some((m) => m.textBody.includes('Two suits, one with a silk lining.'))).toBe(true);
  });
});
