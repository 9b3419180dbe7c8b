import { paymentHeaders } from '@tests/helpers/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createStaffUser } from '../../auth/staff';
import {
  auditLog,
  customerCredits,
  orderItems,
  orders,
  outbox,
  payments,
  services,
} from '../../db/schema';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

// Monday 23 November 2026, 06:00 in London.
const now = new Date('2026-11-23T06:00:00Z');
type Reply<T = object> = {
  status: boolean;
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
} & T;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const password = 'a-long-staff-password';

describe('back office API', () => {
  let server: TestServer;
  let owner: string;
  let staff: string;
  let customer: string;
  let seq = 0;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    const db = server.database.db;
    await createStaffUser(db, {
      email: 'owner@shop.test',
      name: 'Olive Owner',
      role: 'owner',
      password,
    });
    await createStaffUser(db, {
      email: 'sam@shop.test',
      name: 'Sam Staff',
      role: 'staff',
      password,
    });
    owner = await staffLogin('owner@shop.test');
    staff = await staffLogin('sam@shop.test');
    customer = (await registeredCustomer()).token;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function staffLogin(email: string) {
    const reply = await server.api<Reply<{ token: string }>>('/api/admin/login', {
      body: { email, password },
    });
    expect(reply.status).toBe(200);
    return reply.body.token;
  }

  async function registeredCustomer() {
    seq += 1;
    const email = `cust${seq}@example.com`;
    const reg = await server.api<Reply<{ checkout_token: string }>>('/api/register', {
      body: {
        name: 'Ada Lovelace',
        email,
        phone: '07700 900123',
        password: 'Secret123!',
        address: { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    expect(reg.status).toBe(200);
    const login = await server.api<Reply<{ token: string }>>('/api/login', {
      body: { email, password: 'Secret123!' },
    });
    return { email, checkoutToken: reg.body.checkout_token, token: login.body.token };
  }

  /** A booked order of a registered customer, collected on Tuesday 24 November. */
  async function bookedOrder(status: 'pending' | 'pending payment' = 'pending') {
    const who = await registeredCustomer();
    const hour = String(8 + (seq % 10)).padStart(2, '0');
    const placed = await server.api<{ order: { order_id: string } }>('/api/placeorder', {
      body: {
        pickup_date: '2026-11-24',
        pickup_start: `${hour}:00`,
        delivery_date: '2026-11-27',
        delivery_start: `${hour}:00`,
        customer_name: 'Ada Lovelace',
        customer_email: who.email,
        customer_phone: '07700 900123',
        status,
      },
      headers: { 'X-Checkout-Token': who.checkoutToken },
    });
    expect(placed.status).toBe(200);
    return { id: placed.body.order.order_id, ...who };
  }

  const move = (id: string, to: string, token = staff) =>
    server.api<Reply<{ order_status: string }>>(`/api/admin/orders/${id}/status`, {
      body: { to },
      headers: bearer(token),
    });

  async function serviceId(name: string) {
    const [row] = await server.database.db
      .select()
      .from(services)
      .where(eq(services.serviceName, name));
    if (!row) throw new Error(`no service ${name}`);
    return row;
  }

  async function mailsTo(email: string, template: string) {
    return server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.template, template)));
  }

  describe('roles', () => {
    const staffRoutes = [
      ['GET', '/api/admin/board'],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/slots'],
      ['GET', '/api/admin/customers?q=ada'],
      ['GET', '/api/admin/catalogue/faqs'],
    ] as const;
    const ownerRoutes = [
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/staff'],
    ] as const;

    it('refuses no credentials (401) and a customer token (403) everywhere', async () => {
      for (const [method, path] of [...staffRoutes, ...ownerRoutes]) {
        expect((await server.api(path, { method })).status, path).toBe(401);
        const asCustomer = await server.api<Reply>(path, { method, headers: bearer(customer) });
        expect(asCustomer.status, path).toBe(403);
        expect(asCustomer.body.message).toBe(
          'Customer accounts have no access to the back office.',
        );
      }
    });

    it('lets staff run orders but not owner-only pages; the owner everything', async () => {
      for (const [method, path] of staffRoutes) {
        expect((await server.api(path, { method, headers: bearer(staff) })).status, path).toBe(200);
        expect((await server.api(path, { method, headers: bearer(owner) })).status, path).toBe(200);
      }
      for (const [method, path] of ownerRoutes) {
        const asStaff = await server.api<Reply>(path, { method, headers: bearer(staff) });
        expect(asStaff.status, path).toBe(403);
        expect(asStaff.body.message).toBe('Only the owner can do this.');
        expect((await server.api(path, { method, headers: bearer(owner) })).status, path).toBe(200);
      }
      const rules = await server.api('/api/admin/slots/rules', {
        method: 'PUT',
        body: {},
        headers: bearer(staff),
      });
      expect(rules.status).toBe(403);
      const newStaff = await server.api('/api/admin/staff', {
        body: { name: 'X', email: 'x@shop.test', role: 'owner', password },
        headers: bearer(staff),
      });
      expect(newStaff.status).toBe(403);
    });

    it('gives one answer for a wrong password and an unknown e-mail; a forged token is 401', async () => {
      const wrong = await server.api<Reply>('/api/admin/login', {
        body: { email: 'owner@shop.test', password: 'nope' },
      });
      const unknown = await server.api<Reply>('/api/admin/login', {
        body: { email: 'who@shop.test', password: 'nope' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.message).toBe(unknown.body.message);
      const forged = await server.api('/api/admin/board', { headers: bearer('x'.repeat(43)) });
      expect(forged.status).toBe(401);
    });

    it('a disabled staff member is signed out at once', async () => {
      const db = server.database.db;
      const temp = await createStaffUser(db, {
        email: 'temp@shop.test',
        name: 'Temp',
        role: 'staff',
        password,
      });
      const token = await staffLogin('temp@shop.test');
      expect((await server.api('/api/admin/board', { headers: bearer(token) })).status).toBe(200);
      const off = await server.api(`/api/admin/staff/${temp.id}/disabled`, {
        body: { disabled: true },
        headers: bearer(owner),
      });
      expect(off.status).toBe(200);
      expect((await server.api('/api/admin/board', { headers: bearer(token) })).status).toBe(401);
    });
  });

  describe('pipeline', () => {
    it('allows only valid moves, timestamps them and e-mails the customer where it matters', async () => {
      const order = await bookedOrder();
      const skip = await move(order.id, 'ready');
      expect(skip.status).toBe(409);
      expect(skip.body.message).toMatch(/cannot go from pending to ready/);

      expect((await move(order.id, 'collected')).status).toBe(200);
      expect(await mailsTo(order.email, 'order-collected')).toHaveLength(1);
      expect((await move(order.id, 'cleaning')).status).toBe(200);
      expect((await move(order.id, 'collected')).status).toBe(409);
      expect((await move(order.id, 'ready')).status).toBe(200);
      expect((await move(order.id, 'out for delivery')).status).toBe(200);
      expect(await mailsTo(order.email, 'order-out-for-delivery')).toHaveLength(1);
      expect((await move(order.id, 'delivered')).status).toBe(200);
      expect(await mailsTo(order.email, 'order-delivered')).toHaveLength(1);
      expect((await move(order.id, 'cancelled')).status).toBe(409);

      const detail = await server.api<{
        order: { events: { to: string; actor: string; at: string }[] };
      }>(`/api/admin/orders/${order.id}`, { headers: bearer(staff) });
      expect(detail.body.order.events.map((e) => e.to)).toEqual([
        'pending',
        'collected',
        'cleaning',
        'ready',
        'out for delivery',
        'delivered',
      ]);
      expect(detail.body.order.events.at(-1)).toMatchObject({
        actor: 'staff:Sam Staff',
        at: now.toISOString(),
      });
    });

    it('refuses a move from a status the order has already left (two people at once)', async () => {
      const order = await bookedOrder();
      const stale = await server.api<Reply>(`/api/admin/orders/${order.id}/status`, {
        body: { to: 'collected', from: 'pending payment' },
        headers: bearer(staff),
      });
      expect(stale.status).toBe(409);
      const bad = await server.api<Reply>(`/api/admin/orders/${order.id}/status`, {
        body: { to: 'washed' },
        headers: bearer(staff),
      });
      expect(bad.status).toBe(422);
    });

    it('a cancellation by the shop e-mails the customer and frees the slot', async () => {
      const order = await bookedOrder();
      expect((await move(order.id, 'cancelled')).status).toBe(200);
      expect(await mailsTo(order.email, 'order-cancelled-by-shop')).toHaveLength(1);
    });
  });

  describe('itemising, invoice and payment', () => {
    async function collected() {
      const order = await bookedOrder();
      expect((await move(order.id, 'collected')).status).toBe(200);
      return order;
    }
    const setItems = (id: string, body: unknown) =>
      server.api<
        Reply<{ order_no: string; total: string; amount_due: string; minimum_applied: boolean }>
      >(`/api/admin/orders/${id}/items`, { method: 'PUT', body, headers: bearer(staff) });

    it('is refused before collection', async () => {
      const order = await bookedOrder();
      const suit = await serviceId('Two-piece suit');
      const early = await setItems(order.id, { lines: [{ service_id: suit.id, quantity: 1 }] });
      expect(early.status).toBe(409);
    });

    it('computes totals in pence on the server and raises a small order to £25', async () => {
      const order = await collected();
      const shirt = await serviceId('Shirt on hanger');
      const small = await setItems(order.id, { lines: [{ service_id: shirt.id, quantity: 2 }] });
      expect(small.status).toBe(200);
      expect(small.body).toMatchObject({
        total: '25.00',
        amount_due: '25.00',
        minimum_applied: true,
      });
      const lines = await server.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      expect(lines.find((l) => l.kind === 'minimum')).toMatchObject({
        itemName: 'Minimum order charge (£25 minimum)',
        unitPricePence: 2500 - 2 * shirt.pricePence,
      });

      const suit = await serviceId('Two-piece suit');
      const big = await setItems(order.id, {
        lines: [
          { service_id: suit.id, quantity: 2, unit_price: '1.00' },
          { service_id: shirt.id, quantity: 3 },
        ],
        discount: '5.00',
      });
      // A listed price is the price list's, whatever the request says.
      const expected = 2 * suit.pricePence + 3 * shirt.pricePence - 500;
      expect(big.body).toMatchObject({
        total: (expected / 100).toFixed(2),
        minimum_applied: false,
      });
    });

    it('needs an agreed price for a call-for-price item and rejects bad quantities', async () => {
      const order = await collected();
      const [onRequest] = await server.database.db
        .select()
        .from(services)
        .where(eq(services.pricePence, 0))
        .limit(1);
      const missing = await setItems(order.id, {
        lines: [{ service_id: onRequest!.id, quantity: 1 }],
      });
      expect(missing.status).toBe(422);
      expect(
        Object.values(missing.body.errors ?? {})
          .flat()
          .join(' '),
      ).toMatch(/priced on request/);
      const priced = await setItems(order.id, {
        lines: [{ service_id: onRequest!.id, quantity: 1, unit_price: '85.00' }],
      });
      expect(priced.body.total).toBe('85.00');
      const zero = await setItems(order.id, {
        lines: [{ service_id: onRequest!.id, quantity: 0 }],
      });
      expect(zero.status).toBe(422);
      const money = await setItems(order.id, {
        lines: [{ service_id: onRequest!.id, quantity: 1, unit_price: '12.345' }],
      });
      expect(money.status).toBe(422);
    });

    it('e-mails the itemised invoice; the customer sees the amount due and pays it with a card', async () => {
      const order = await collected();
      const suit = await serviceId('Two-piece suit');
      await setItems(order.id, { lines: [{ service_id: suit.id, quantity: 2 }] });
      const invoice = await server.api<Reply>(`/api/admin/orders/${order.id}/invoice`, {
        body: {},
        headers: bearer(staff),
      });
      expect(invoice.status).toBe(200);
      const [mail] = await mailsTo(order.email, 'order-invoice');
      expect(mail!.textBody).toContain('2 × Two-piece suit');
      expect(mail!.textBody).toContain(`/order/payment/${order.id}?amount=`);

      const mine = await server.api<{
        customer: {
          orders: { id: string; amount_due: string; invoiced: boolean; items: unknown[] }[];
        };
      }>('/api/orders', { headers: bearer(order.token) });
      const seen = mine.body.customer.orders.find((o) => o.id === order.id)!;
      expect(seen.amount_due).toBe(((2 * suit.pricePence) / 100).toFixed(2));
      expect(seen.invoiced).toBe(true);
      expect(seen.items).toHaveLength(1);

      // The payment page: the amount due, paid with a card.
      const payment = await server.api<{ payment_id: string; client_secret: string }>(
        '/api/payment/card/pay',
        { body: { id: order.id }, headers: paymentHeaders(server, order.id) },
      );
      await server.api('/api/payment/test/confirm', {
        body: {
          intent_id: payment.body.payment_id,
          client_secret: payment.body.client_secret,
          payment_method: 'pm_card_visa',
        },
      });
      const paid = await server.api<Reply<{ paid: boolean }>>('/api/update-payment-method', {
        body: { payment_id: payment.body.payment_id, id: order.id },
        headers: paymentHeaders(server, order.id),
      });
      expect(paid.body).toMatchObject({ status: true, paid: true });
      const [row] = await server.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({
        amountDuePence: 0,
        paidPence: 2 * suit.pricePence,
        paymentState: 'paid',
      });
      expect(await mailsTo(order.email, 'order-receipt')).toHaveLength(1);
    });

    async function withSavedCard(paymentMethod: string) {
      const order = await bookedOrder('pending payment');
      const setup = await server.api<{ setup_id: string; client_secret: string }>(
        '/api/payment/card/setup',
        { body: { id: order.id }, headers: paymentHeaders(server, order.id) },
      );
      const confirm = (authenticated?: boolean) =>
        server.api<{ intent_status: string }>('/api/payment/test/confirm', {
          body: {
            intent_id: setup.body.setup_id,
            client_secret: setup.body.client_secret,
            payment_method: paymentMethod,
            authenticated,
          },
        });
      const first = await confirm();
      if (first.body.intent_status === 'requires_action') await confirm(true);
      const saved = await server.api<Reply>('/api/update-payment-method', {
        body: { payment_id: setup.body.setup_id, id: order.id },
        headers: paymentHeaders(server, order.id),
      });
      expect(saved.body.status).toBe(true);
      expect((await move(order.id, 'collected')).status).toBe(200);
      const suit = await serviceId('Two-piece suit');
      await setItems(order.id, { lines: [{ service_id: suit.id, quantity: 1 }] });
      return order;
    }
    const charge = (id: string) =>
      server.api<Reply<{ charge_status: string }>>(`/api/admin/orders/${id}/charge`, {
        body: {},
        headers: bearer(staff),
      });

    it('charges the saved card and records the result once', async () => {
      const order = await withSavedCard('pm_card_visa');
      const charged = await charge(order.id);
      expect(charged.body).toMatchObject({ status: true, charge_status: 'succeeded' });
      expect(charged.body.message).toMatch(/charged to the card ending 4242/);
      const again = await charge(order.id);
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/Nothing is due/);
    });

    it('shows an authentication-required charge and e-mails the customer the link', async () => {
      const order = await withSavedCard('pm_card_authenticationRequired');
      const charged = await charge(order.id);
      expect(charged.status).toBe(200);
      expect(charged.body).toMatchObject({
        status: false,
        charge_status: 'authentication_required',
      });
      const [mail] = await mailsTo(order.email, 'order-charge-failed');
      expect(mail!.textBody).toContain(`/order/payment/${order.id}`);
      const [row] = await server.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.paymentState).toBe('authentication_required');
      expect(row!.amountDuePence).toBeGreaterThan(0);
    });

    describe('money after payment', () => {
      /** A suit (£16.50) and two shirts, charged to the saved card: lowered later. */
      async function chargedOrder() {
        const order = await withSavedCard('pm_card_visa');
        const suit = await serviceId('Two-piece suit');
        const jeans = await serviceId('Jeans');
        await setItems(order.id, {
          lines: [
            { service_id: suit.id, quantity: 1 },
            { service_id: jeans.id, quantity: 2 },
          ],
        });
        expect((await charge(order.id)).body.charge_status).toBe('succeeded');
        const row = await orderRow(order.id);
        expect(row.paidPence).toBe(suit.pricePence + 2 * jeans.pricePence);
        return { ...order, paid: row.paidPence, suit, jeans };
      }
      const orderRow = async (id: string) =>
        (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
      const settle = (id: string, how: string) =>
        server.api<Reply>(`/api/admin/orders/${id}/settle`, {
          body: { how },
          headers: bearer(staff),
        });

      it('lowering a charged total needs a choice; nothing changes until it is made', async () => {
        const order = await chargedOrder();
        const lowered = await setItems(order.id, {
          lines: [{ service_id: order.suit.id, quantity: 1 }],
        });
        expect(lowered.status).toBe(422);
        expect(lowered.body.code).toBe('settle-required');
        expect(lowered.body.errors?.settle?.[0]).toMatch(
          /more than the new total of £25\.00\. Choose whether to refund £\d+\.\d\d to the customer or keep it as credit/,
        );
        const row = await orderRow(order.id);
        expect(row.paidPence).toBe(order.paid);
        expect(row.totalPence).toBe(order.paid);
        expect((await settle(order.id, 'refund')).status).toBe(409);
      });

      it('refunds the difference through the provider that took it, records and e-mails it', async () => {
        const order = await chargedOrder();
        const saved = await setItems(order.id, {
          lines: [{ service_id: order.suit.id, quantity: 1 }],
          settle: 'refund',
        });
        expect(saved.status).toBe(200);
        const excess = order.paid - 2500;
        expect(saved.body.message).toContain(
          `£${(excess / 100).toFixed(2)} refunded to the customer`,
        );
        const row = await orderRow(order.id);
        expect(row).toMatchObject({ totalPence: 2500, paidPence: 2500, amountDuePence: 0 });
        const refunds = await server.database.db
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
        expect(refunds).toEqual([
          expect.objectContaining({ status: 'succeeded', amountPence: excess, provider: 'test' }),
        ]);
        const [mail] = await mailsTo(order.email, 'order-refund');
        expect(mail!.textBody).toContain(
          `refunded £${(excess / 100).toFixed(2)} to your card ending 4242`,
        );
        const detail = await server.api<{
          order: { overpaid: string; payments: { kind: string }[] };
        }>(`/api/admin/orders/${order.id}`, { headers: bearer(staff) });
        expect(detail.body.order.overpaid).toBe('0.00');
        expect(detail.body.order.payments.map((p) => p.kind)).toContain('refund');
        const audit = await server.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.refund')));
        expect(audit).toHaveLength(1);
      });

      it('or keeps it as credit on the customer account, recorded and e-mailed', async () => {
        const order = await chargedOrder();
        const saved = await setItems(order.id, {
          lines: [{ service_id: order.suit.id, quantity: 1 }],
          settle: 'credit',
        });
        expect(saved.status).toBe(200);
        const excess = order.paid - 2500;
        const row = await orderRow(order.id);
        expect(row).toMatchObject({ totalPence: 2500, paidPence: 2500 });
        const credit = await server.database.db
          .select()
          .from(customerCredits)
          .where(eq(customerCredits.orderId, order.id));
        expect(credit).toEqual([
          expect.objectContaining({ customerId: row.customerId, amountPence: excess }),
        ]);
        const [mail] = await mailsTo(order.email, 'order-credit');
        expect(mail!.subject).toBe(
          `£${(excess / 100).toFixed(2)} credit from order ${saved.body.order_no}`,
        );
      });

      it('an order paid twice (crossed payments) shows the excess and settles it once', async () => {
        const order = await chargedOrder();
        await server.database.db
          .update(orders)
          .set({ paidPence: order.paid + 1000 })
          .where(eq(orders.id, order.id));
        const detail = await server.api<{ order: { overpaid: string } }>(
          `/api/admin/orders/${order.id}`,
          {
            headers: bearer(staff),
          },
        );
        expect(detail.body.order.overpaid).toBe('10.00');
        const settled = await settle(order.id, 'credit');
        expect(settled.status).toBe(200);
        expect((await orderRow(order.id)).paidPence).toBe(order.paid);
        expect((await settle(order.id, 'credit')).status).toBe(409);
      });

      it('refuses a discount larger than the items', async () => {
        const order = await collected();
        const saved = await setItems(order.id, {
          lines: [{ service_id: (await serviceId('Jeans')).id, quantity: 1 }],
          discount: '999',
        });
        expect(saved.status).toBe(422);
        expect(saved.body.errors?.discount?.[0]).toMatch(
          /^The discount \(£999\.00\) is larger than the items/,
        );
      });
    });

    it('cannot charge an order with no saved card', async () => {
      const order = await collected();
      const suit = await serviceId('Two-piece suit');
      await setItems(order.id, { lines: [{ service_id: suit.id, quantity: 1 }] });
      const charged = await charge(order.id);
      expect(charged.status).toBe(409);
      expect(charged.body.message).toMatch(/no saved card/);
    });
  });

  describe('audit log', () => {
    it('records who changed what with before and after; only the owner reads it', async () => {
      const order = await bookedOrder();
      await move(order.id, 'collected');
      const log = await server.api<{
        entries: { action: string; staffName: string; before: unknown; after: unknown }[];
      }>(`/api/admin/audit?entity=order&entity_id=${order.id}`, { headers: bearer(owner) });
      expect(log.body.entries[0]).toMatchObject({
        action: 'order.move',
        staffName: 'Sam Staff',
        before: { status: 'pending' },
        after: { status: 'collected' },
      });
      const rows = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, order.id));
      expect(rows.length).toBeGreaterThan(0);
    });
  });

  describe('catalogue', () => {
    it('creates a FAQ that the public site shows at once, with its HTML sanitised and audited', async () => {
      const created = await server.api<Reply<{ record: { id: number } }>>(
        '/api/admin/catalogue/faqs',
        {
          body: {
            question: 'Do you clean wedding dresses?',
            answer: '<p>Yes, by hand.</p><script>alert(1)</script>',
            sortOrder: 9,
          },
          headers: bearer(staff),
        },
      );
      expect(created.status).toBe(201);
      const faqs = await server.api<
        { faqs?: { question: string; answer: string }[] } & Record<string, unknown>
      >('/api/faqs');
      const text = JSON.stringify(faqs.body);
      expect(text).toContain('Do you clean wedding dresses?');
      expect(text).not.toContain('<script>');
      const log = await server.api<{ entries: { action: string }[] }>(
        `/api/admin/audit?entity=faqs&entity_id=${created.body.record.id}`,
        { headers: bearer(owner) },
      );
      expect(log.body.entries[0]?.action).toBe('catalogue.create');
    });

    it('explains what is wrong: missing fields (422), a taken address (409), a group in use (409)', async () => {
      const missing = await server.api<Reply>('/api/admin/catalogue/faqs', {
        body: { question: '' },
        headers: bearer(staff),
      });
      expect(missing.status).toBe(422);
      expect(missing.body.errors?.question).toEqual(['This field is required.']);
      const list = await server.api<{ rows: { id: number; code: string }[] }>(
        '/api/admin/catalogue/service-pages',
        { headers: bearer(staff) },
      );
      const [first, second] = list.body.rows;
      const clash = await server.api<Reply>(`/api/admin/catalogue/service-pages/${second!.id}`, {
        method: 'PUT',
        body: { ...second, code: first!.code },
        headers: bearer(staff),
      });
      expect(clash.status).toBe(409);
      const groups = await server.api<{ rows: { id: number }[] }>(
        '/api/admin/catalogue/area-groups',
        {
          headers: bearer(staff),
        },
      );
      const inUse = await server.api<Reply>(
        `/api/admin/catalogue/area-groups/${groups.body.rows[0]!.id}`,
        {
          method: 'DELETE',
          headers: bearer(staff),
        },
      );
      expect(inUse.status).toBe(409);
      expect(
        (await server.api('/api/admin/catalogue/nonsense', { headers: bearer(staff) })).status,
      ).toBe(400);
    });

    it('changes a price that the public price list shows at once', async () => {
      const suit = await serviceId('Two-piece suit');
      const saved = await server.api<Reply>(`/api/admin/catalogue/services/${suit.id}`, {
        method: 'PUT',
        body: {
          categoryId: suit.categoryId,
          serviceName: 'Two-piece suit',
          pricePence: '19.95',
          description: suit.description,
          sortOrder: suit.sortOrder,
        },
        headers: bearer(staff),
      });
      expect(saved.status).toBe(200);
      const [row] = await server.database.db
        .select()
        .from(services)
        .where(eq(services.id, suit.id));
      expect(row!.pricePence).toBe(1995);
      const prices = await server.api('/api/pricelist');
      expect(JSON.stringify(prices.body)).toContain('19.95');
    });

    it('stores an uploaded image checked by its content and serves it', async () => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      const upload = await fetch(`${server.url}/api/admin/uploads`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/png', ...bearer(staff) },
        body: png,
      });
      expect(upload.status).toBe(201);
      const { path } = (await upload.json()) as { path: string };
      expect(path).toMatch(/^\/uploads\/[\w-]+\.png$/);
      const served = await fetch(server.url + path);
      expect(served.headers.get('content-type')).toBe('image/png');
      const fake = await fetch(`${server.url}/api/admin/uploads`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/png', ...bearer(staff) },
        body: '<svg onload="alert(1)"></svg>',
      });
      expect(fake.status).toBe(422);
      const big = await fetch(`${server.url}/api/admin/uploads`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/png', ...bearer(staff) },
        body: Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]),
      });
      expect(big.status).toBe(413);
    });
  });

  describe('customers and slots', () => {
    it('finds a customer by name, e-mail, phone or postcode and exports everything held', async () => {
      const order = await bookedOrder();
      for (const q of ['Lovelace', order.email, '900123', 'W9 2HD']) {
        const found = await server.api<{ customers: { email: string; id: string }[] }>(
          `/api/admin/customers?q=${encodeURIComponent(q)}`,
          { headers: bearer(staff) },
        );
        expect(
          found.body.customers.map((c) => c.email),
          q,
        ).toContain(order.email);
      }
      const found = await server.api<{ customers: { email: string; id: string }[] }>(
        `/api/admin/customers?q=${encodeURIComponent(order.email)}`,
        { headers: bearer(staff) },
      );
      const id = found.body.customers[0]!.id;
      const exported = await server.api<{
        customer: { email: string };
        orders: { order_no: string }[];
        addresses: unknown[];
      }>(`/api/admin/customers/${id}/export`, { headers: bearer(staff) });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-disposition')).toContain('attachment');
      expect(exported.body.customer.email).toBe(order.email);
      expect(exported.body.orders).toHaveLength(1);
      expect(JSON.stringify(exported.body)).not.toMatch(/password|token_hash|scrypt/i);
    });

    it('slot rules and closed dates change what GET /api/pickup offers', async () => {
      const overview = await server.api<{
        rules: Record<string, unknown> & { openingHours: unknown[] };
        fullness: { date: string; slots: { pickups: number }[] }[];
      }>('/api/admin/slots', { headers: bearer(owner) });
      expect(overview.body.fullness[1]!.slots.some((s) => s.pickups > 0)).toBe(true);
      const closed = await server.api('/api/admin/slots/closed-dates', {
        body: { day: '2026-11-25', reason: 'Staff training' },
        headers: bearer(staff),
      });
      expect(closed.status).toBe(200);
      const pickups = await server.api<
        { slots?: { slot_date: string }[] } | { slot_date: string }[]
      >('/api/pickup');
      expect(JSON.stringify(pickups.body)).not.toContain('2026-11-25');
      const saved = await server.api('/api/admin/slots/rules', {
        method: 'PUT',
        body: { ...overview.body.rules, slotLengthMinutes: 120 },
        headers: bearer(owner),
      });
      expect(saved.status).toBe(200);
      const after = await server.api('/api/pickup');
      expect(JSON.stringify(after.body)).toMatch(/"slot_start":"08:00","slot_end":"10:00"/);
      const bad = await server.api<Reply>('/api/admin/slots/rules', {
        method: 'PUT',
        body: { ...overview.body.rules, leadTimeMinutes: -5 },
        headers: bearer(owner),
      });
      expect(bad.status).toBe(422);
    });
  });
});
