import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { logIn, signUp } from '@tests/helpers/fixtures';
import { createStaffUser } from '../server/auth/staff';
import { branches, branchStaff, customers, services } from '../server/db/schema';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { pdfText } from '@tests/helpers/pdf-text';
import { zReportRows, zReportTitle, type TillDayView } from '@shared/z-report';

/*
 * The counter's pages as the server renders them (issue 32, decision 049): who reaches
 * /admin/counter (staff and the owner; a driver is sent to their round; nobody signed in to
 * the sign-in page), what a branch without a counter says, and the receipt's PDF route, which
 * staff of another branch are refused. The flow in Chromium is tests/e2e/counter.spec.ts.
 */

// Monday 23 November 2026, 06:00 in London.
const now = new Date('2026-11-23T06:00:00Z');
const password = 'a-long-staff-password';

describe('counter pages on the server', () => {
  let server: TestServer;
  const cookies: Record<string, string> = {};
  let ticketId: string;
  let ticketNo: string;
  let tillDayId: number;

  const page = (path: string, who?: string) =>
    fetch(`${server.url}${path}`, {
      redirect: 'manual',
      headers: who ? { cookie: cookies[who]! } : {},
    });

  beforeAll(async () => {
    server = await startTestServer({ pages: 'build', now: () => now });
    const db = server.database.db;
    const ids = Object.fromEntries((await db.select().from(branches)).map((b) => [b.slug, b.id]));
    for (const [key, role, branch] of [
      ['maida', 'staff', 'maida-vale'],
      ['hampstead', 'staff', 'west-hampstead'],
      ['driver', 'driver', null],
    ] as const) {
      const row = await createStaffUser(db, {
        email: `${key}@shop.test`,
        name: key,
        role,
        password,
      });
      if (branch) await db.insert(branchStaff).values({ branchId: ids[branch]!, staffId: row.id });
      const reply = await server.api<{ token: string }>('/api/admin/login', {
        body: { email: `${key}@shop.test`, password },
      });
      cookies[key] = `cl_staff=${reply.body.token}`;
    }
    const walkIn = await server.api<{ customer: { id: string } }>('/api/admin/counter/customers', {
      body: { name: 'Pat Page', phone_number: '07700 900555' },
      headers: { cookie: cookies.maida!, origin: server.url },
    });
    // Cash is taken into an open till (decision 051).
    const till = await server.api('/api/admin/counter/till', {
      body: { float_pence: 0 },
      headers: { cookie: cookies.maida!, origin: server.url },
    });
    expect(till.status).toBe(200);
    tillDayId = (till.body as { day: { id: number } }).day.id;
    const [item] = (await db.select().from(services)).filter((s) => s.pricePence > 0);
    const raised = await server.api<{ ticket: { id: string; order_no: string } }>(
      '/api/admin/counter/tickets',
      {
        body: {
          customer_id: walkIn.body.customer.id,
          lines: [{ service_id: item!.id, quantity: 1 }],
          payment: { kind: 'cash', tendered_pence: 10_000 },
        },
        headers: { cookie: cookies.maida!, origin: server.url },
      },
    );
    expect(raised.status).toBe(200);
    ticketId = raised.body.ticket.id;
    ticketNo = raised.body.ticket.order_no;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('is the counter of the session’s branch for its staff, with the price list', async () => {
    const reply = await page('/admin/counter', 'maida');
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).toContain('Maida Vale');
    expect(html).toContain('Find a customer or scan a ticket');
    expect(html).toContain('Raise ticket');
    // The speeds the branch offers (the seed's: express +50 %, same day +100 %), each with
    // when it would be ready.
    expect(html).toMatch(/Express(<!-- -->)? \+50 %/);
    expect(html).toMatch(/Same day(<!-- -->)? \+100 %/);
  });

  it('says so, with the way to choose a branch, where the branch has no counter', async () => {
    const reply = await page('/admin/counter', 'hampstead');
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).toContain('West Hampstead takes no orders over the counter.');
    expect(html).toContain('Choose your branch');
  });

  it('sends a driver to their round and nobody signed in to the sign-in page', async () => {
    const driver = await page('/admin/counter', 'driver');
    expect(driver.status).toBeGreaterThanOrEqual(300);
    expect(driver.status).toBeLessThan(400);
    expect(driver.headers.get('location')).toBe('/admin/driver');
    const nobody = await page('/admin/counter');
    expect(nobody.headers.get('location')).toBe(
      `/admin/login?from=${encodeURIComponent('/admin/counter')}`,
    );
    const receipt = await page(`/admin/counter/tickets/${ticketId}/receipt`, 'driver');
    expect(receipt.headers.get('location')).toBe('/admin/driver');
  });

  it('serves the receipt as a PDF to the branch’s staff; another branch’s are refused', async () => {
    const reply = await page(`/admin/counter/tickets/${ticketId}/receipt`, 'maida');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    const body = Buffer.from(await reply.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.toString('latin1')).toContain(`Ticket ${ticketNo}`);
    expect((await page(`/admin/counter/tickets/${ticketId}/receipt`, 'hampstead')).status).toBe(
      403,
    );
    expect((await page('/admin/counter/tickets/not-a-ticket/receipt', 'maida')).status).toBe(404);
  });

  it('opens the ticket screen for its branch’s staff: the ready form, what is due (decision 050)', async () => {
    const reply = await page(`/admin/counter/tickets/${ticketId}`, 'maida');
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).toContain(`Ticket ${ticketNo}`);
    expect(html).toContain('Hangs on');
    expect(html).toContain('Mark ready and tell the customer');
    expect((await page(`/admin/counter/tickets/${ticketId}`, 'hampstead')).status).toBe(403);
    const driver = await page(`/admin/counter/tickets/${ticketId}`, 'driver');
    expect(driver.headers.get('location')).toBe('/admin/driver');
    expect((await page('/admin/counter/tickets/not-a-ticket', 'maida')).status).toBe(404);
  });

  it('shows the till with its running takings and the Z report page to the branch’s staff (decision 051)', async () => {
    const reply = await page('/admin/counter/till', 'maida');
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).toContain('Running takings');
    expect(html).toContain('Close the day');
    expect(html).toContain(ticketNo);
    const z = await page(`/admin/counter/till/days/${tillDayId}`, 'maida');
    expect(z.status).toBe(200);
    expect(await z.text()).toContain('Cash expected');
    expect((await page(`/admin/counter/till/days/${tillDayId}`, 'hampstead')).status).toBe(403);
    expect((await page('/admin/counter/till/days/999999', 'maida')).status).toBe(404);
    expect((await page('/admin/counter/till/days/nope', 'maida')).status).toBe(404);
    for (const path of ['/admin/counter/till', `/admin/counter/till/days/${tillDayId}`]) {
      const driver = await page(path, 'driver');
      expect(driver.headers.get('location'), path).toBe('/admin/driver');
    }
  });

  it('serves the Z report as an A4 PDF with the page’s numbers, linked from the page (decision 056)', async () => {
    const json = await server.api<{ day: TillDayView }>(
      `/api/admin/counter/till/days/${tillDayId}`,
      {
        headers: { cookie: cookies.maida! },
      },
    );
    const pdfPath = `/admin/counter/till/days/${tillDayId}/z-report.pdf`;
    expect(await (await page(`/admin/counter/till/days/${tillDayId}`, 'maida')).text()).toContain(
      `href="${pdfPath}"`,
    );
    const reply = await page(pdfPath, 'maida');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('cache-control')).toContain('no-store');
    expect(reply.headers.get('content-disposition')).toContain(
      `z-report-maida-vale-${json.body.day.day}.pdf`,
    );
    const bytes = new Uint8Array(await reply.arrayBuffer());
    const text = await pdfText(bytes);
    expect(text).toContain(zReportTitle(json.body.day));
    // Every figure of the page, and the cash sale's entry, from the same presenter.
    for (const [label, value] of zReportRows(json.body.day)) {
      expect(text).toMatch(
        new RegExp(`${label.replace(/[()]/g, '\\$&')}\\s+${value.replace(/[£.]/g, '\\$&')}`),
      );
    }
    expect(json.body.day.takings.cash).not.toBe('0.00');
    expect(text).toContain(`Sale (cash) · ${ticketNo}`);
    // A4: 595 × 842 points.
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect((await page(pdfPath, 'hampstead')).status).toBe(403);
    expect((await page('/admin/counter/till/days/999999/z-report.pdf', 'maida')).status).toBe(404);
    expect((await page(pdfPath, 'driver')).headers.get('location')).toBe('/admin/driver');
  });

  it('labels a ticket’s times Handed in and Ready in the customer’s account', async () => {
    await signUp(server, { name: 'Hana Handed', email: 'hana@example.com', phone: '07700 900556' });
    const [hana] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'hana@example.com'));
    const [item] = (await server.database.db.select().from(services)).filter(
      (s) => s.pricePence > 0,
    );
    const raised = await server.api<{ ticket: { id: string } }>('/api/admin/counter/tickets', {
      body: {
        customer_id: hana!.id,
        lines: [{ service_id: item!.id, quantity: 1 }],
        payment: { kind: 'at-collection' },
      },
      headers: { cookie: cookies.maida!, origin: server.url },
    });
    const token = await logIn(server, 'hana@example.com');
    const reply = await fetch(`${server.url}/account/orders/${raised.body.ticket.id}`, {
      headers: { cookie: `cl_session=${token}` },
    });
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).toContain('Handed in</dt>');
    expect(html).toContain('Ready</dt>');
    expect(html).not.toContain('Delivery</dt>');
  });

  it('a counter ticket is in its customer’s account and garment history, with its receipt and invoice; another customer’s is 404', async () => {
    const db = server.database.db;
    await signUp(server, {
      name: 'Rita Receipt',
      email: 'rita@example.com',
      phone: '07700 900557',
    });
    await signUp(server, { name: 'Otto Other', email: 'otto@example.com', phone: '07700 900558' });
    const [rita] = await db.select().from(customers).where(eq(customers.email, 'rita@example.com'));
    const [item] = (await db.select().from(services)).filter((s) => s.pricePence > 0);
    const staff = { cookie: cookies.maida!, origin: server.url };
    // Paid in cash when handed in: the VAT invoice is issued then.
    const raised = await server.api<{
      ticket: { id: string; order_no: string; invoice_number: string };
    }>('/api/admin/counter/tickets', {
      body: {
        customer_id: rita!.id,
        lines: [{ service_id: item!.id, quantity: 1 }],
        payment: { kind: 'cash', tendered_pence: 100_00 },
      },
      headers: staff,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const { id, order_no: number, invoice_number: invoice } = raised.body.ticket;
    expect(invoice).toMatch(/^INV-/);
    // Its garment tagged at the counter (the intake reused), the same item.
    const tagged = await server.api<{ garment: { tag_number: string } }>(
      `/api/admin/orders/${id}/garments`,
      { body: { service_id: item!.id, colour: 'Teal' }, headers: staff },
    );
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(201);

    const mine = { cookie: `cl_session=${await logIn(server, 'rita@example.com')}` };
    const other = { cookie: `cl_session=${await logIn(server, 'otto@example.com')}` };
    const html = await (
      await fetch(`${server.url}/account/orders/${id}`, { headers: mine })
    ).text();
    expect(html).toContain(`href="/account/orders/${id}/documents/ticket"`);
    expect(html).toContain('Counter receipt (ticket)');
    expect(html).toContain(`href="/account/orders/${id}/documents/${invoice}"`);
    // The 80 mm receipt and the VAT invoice open from the account.
    const receipt = await fetch(`${server.url}/account/orders/${id}/documents/ticket`, {
      headers: mine,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(await receipt.arrayBuffer()))).toContain(
      `Ticket ${number}`,
    );
    const vat = await fetch(`${server.url}/account/orders/${id}/documents/${invoice}`, {
      headers: mine,
    });
    expect(vat.status).toBe(200);
    expect(await pdfText(new Uint8Array(await vat.arrayBuffer()))).toContain(invoice);
    // Another customer's: 404, the page and both documents.
    for (const path of [
      `/account/orders/${id}`,
      `/account/orders/${id}/documents/ticket`,
      `/account/orders/${id}/documents/${invoice}`,
    ]) {
      expect((await fetch(`${server.url}${path}`, { headers: other })).status, path).toBe(404);
    }
    // The orders list shows it beside collection orders, and the garment history has its tag.
    const list = await (await fetch(`${server.url}/account/orders`, { headers: mine })).text();
    expect(list).toContain(number);
    const garments = await (
      await fetch(`${server.url}/account/garments`, { headers: mine })
    ).text();
    expect(garments).toContain(tagged.body.garment.tag_number);
    expect(garments).toContain(number);
  });
});
