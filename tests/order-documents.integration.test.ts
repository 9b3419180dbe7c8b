import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { STAFF_COOKIE } from '../server/auth/cookies';
import { paymentToken } from '../server/auth/order-access';
import { orders, services as priceList } from '../server/db/schema';
import { setOrderItems } from '../server/use-cases/orders/set-order-items';
import { sendInvoice } from '../server/use-cases/orders/send-invoice';
import { logIn, placeOrder, signUp } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';
import { pdfText } from '@tests/helpers/pdf-text';

/*
 * Issue 15: the customer downloads the VAT invoice from the order in the account (and the
 * holder of the e-mailed payment link from it), staff from the back office; nobody else.
 */

const now = new Date('2026-11-23T06:00:00Z');
const staffPassword = 'a-long-staff-password';
type Order = { order_id: string; documents: { kind: string; number: string; url: string }[] };

describe('VAT documents to download', () => {
  const state = { orderId: '', token: '', otherToken: '', staffCookie: '', number: '' };
  const site = usePageServer({ now: () => now }, async (server) => {
    const caller = { api: server.api };
    const registered = await signUp(caller, { email: 'docs@example.com' });
    state.token = await logIn(caller, 'docs@example.com');
    await signUp(caller, { email: 'someone-else@example.com' });
    state.otherToken = await logIn(caller, 'someone-else@example.com');
    const placed = await placeOrder(caller, { checkoutToken: registered.checkout_token! });
    state.orderId = placed.order.order_id;
    const db = server.database.db;
    const sam = await createStaffUser(db, {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'staff',
      password: staffPassword,
    });
    const login = await server.api<{ token: string }>('/api/admin/login', {
      body: { email: 'sam@shop.test', password: staffPassword },
    });
    state.staffCookie = `${STAFF_COOKIE}=${login.body.token}`;
    await db.update(orders).set({ status: 'collected' }).where(eq(orders.id, state.orderId));
    const [shirt] = await db.select().from(priceList).where(eq(priceList.pricePence, 350)).limit(1);
    const actor = { id: sam.id, name: 'Sam', role: 'staff' as const };
    await setOrderItems(server.services, {
      actor,
      orderId: state.orderId,
      lines: [{ service_id: shirt!.id, quantity: 10 }],
      discountPence: 0,
    });
    await sendInvoice(server.services, { actor, orderId: state.orderId });
  });

  const customerOrder = async () => {
    const reply = await site.server.api<{ customer: { orders: Order[] } }>('/api/orders', {
      headers: { Authorization: `Bearer ${state.token}` },
    });
    return reply.body.customer.orders.find((o) => o.order_id === state.orderId)!;
  };

  test('the order in the account lists its VAT invoice; the customer downloads the PDF', async () => {
    const order = await customerOrder();
    const invoice = order.documents.find((d) => d.kind === 'invoice')!;
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.url).toBe(`/account/orders/${state.orderId}/documents/${invoice.number}`);
    state.number = invoice.number;
    const reply = await site.page(invoice.url, {
      headers: { Authorization: `Bearer ${state.token}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('cache-control')).toContain('no-store');
    const text = await pdfText(new Uint8Array(await reply.arrayBuffer()));
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toMatch(/Total \(VAT included\) £35\.00/);
  });

  test('nobody else: no login 401, another customer 404 (as their order page), an unknown number or id 404', async () => {
    const url = `/account/orders/${state.orderId}/documents/${state.number}`;
    expect((await site.page(url)).status).toBe(401);
    const other = await site.page(url, {
      headers: { Authorization: `Bearer ${state.otherToken}` },
    });
    expect(other.status).toBe(404);
    const auth = { headers: { Authorization: `Bearer ${state.token}` } };
    expect(
      (await site.page(`/account/orders/${state.orderId}/documents/INV-999999`, auth)).status,
    ).toBe(404);
    expect(
      (await site.page(`/account/orders/not-an-id/documents/${state.number}`, auth)).status,
    ).toBe(404);
  });

  test("the e-mailed payment link's token opens it without a login", async () => {
    const t = paymentToken(site.server.services, state.orderId, now);
    const reply = await site.page(
      `/account/orders/${state.orderId}/documents/${state.number}?t=${encodeURIComponent(t)}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
  });

  test('the payment page says how the final price was worked out (issue 15)', async () => {
    const t = paymentToken(site.server.services, state.orderId, now);
    const reply = await site.page(`/order/payment/${state.orderId}?t=${encodeURIComponent(t)}`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('How your final price is worked out');
  });

  test("the payment page links the VAT invoice, with the link's token, so a guest can download it", async () => {
    const t = paymentToken(site.server.services, state.orderId, now);
    const query = `?t=${encodeURIComponent(t)}`;
    const html = (await (await site.page(`/order/payment/${state.orderId}${query}`)).text())
      .replaceAll('<!-- -->', '')
      .replaceAll('&amp;', '&');
    const href = `/account/orders/${state.orderId}/documents/${state.number}${query}`;
    expect(html).toContain(`href="${href}"`);
    expect(html).toContain(`VAT invoice ${state.number}`);
    const pdf = await site.page(href);
    expect(pdf.status).toBe(200);
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(state.number);
  });

  test('staff download it from the back office; without a staff session, the sign-in page', async () => {
    const url = `/admin/orders/${state.orderId}/documents/${state.number}`;
    const staff = await site.page(url, { headers: { Cookie: state.staffCookie } });
    expect(staff.status).toBe(200);
    expect(await pdfText(new Uint8Array(await staff.arrayBuffer()))).toContain(state.number);
    const anonymous = await site.page(url, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toContain('/admin/login');
  });
});
