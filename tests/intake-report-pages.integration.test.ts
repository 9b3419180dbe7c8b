import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStaffUser } from '../server/auth/staff';
import { intakeReportToken } from '../server/auth/intake-report-access';
import { customers, orderCases, orders } from '../server/db/schema';
import { insertOrderRow, logIn, signUp, staffLogIn } from '@tests/helpers/fixtures';
import { photographGarment, recordGarmentRows } from '@tests/helpers/intake-fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Issue 16 over HTTP and as pages render without a browser: staff send the intake report
 * through the API (once; never without garments); the report and its case form answer the
 * holder of the link, refuse a tampered one (401) and another customer (404); a case opens
 * within 48 hours and is refused after; the board shows the open case; the account lists the
 * garments.
 */

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-11-24T10:00:00Z');
let clock = start;

describe('the intake report over HTTP', () => {
  let staff: string;
  let ada: string;
  let bob: string;
  let adaId: string;
  let sam: { id: string; name: string; role: 'staff' };
  const site = usePageServer({ now: () => clock }, async (server) => {
    const user = await createStaffUser(server.database.db, {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'staff',
      password: 'a-long-staff-password',
    });
    sam = { id: user.id, name: user.name, role: 'staff' };
    staff = await staffLogIn(server, 'sam@shop.test', 'a-long-staff-password');
    await signUp(server, { name: 'Ada Lovelace', email: 'ada@example.com' });
    ada = await logIn(server, 'ada@example.com');
    await signUp(server, { name: 'Bob Smith', email: 'bob@example.com', phone: '07700 900789' });
    bob = await logIn(server, 'bob@example.com');
    const [row] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'ada@example.com'));
    adaId = row!.id;
  });

  const asStaff = () => ({ Authorization: `Bearer ${staff}` });

  async function adaOrderWithGarments() {
    clock = start;
    const db = site.server.database.db;
    const order = await insertOrderRow(db, new Date('2026-11-23T09:00:00Z'), {
      customerId: adaId,
      status: 'collected',
    });
    const recorded = await recordGarmentRows(site.server.services, sam, order.id, [
      { tag: 'H-1', item: 'Shirt on hanger', colour: 'White', pockets: 'A pen' },
      { tag: 'H-2', item: 'Day dress', colour: 'Red', brand: 'Reiss', damage: 'Loose hem' },
    ]);
    await photographGarment(site.server.services, recorded[1]!);
    return order;
  }

  it('staff send it once; without garments it is refused', async () => {
    const order = await adaOrderWithGarments();
    const sent = await site.server.api<{ message: string; reported_at: string }>(
      `/api/admin/orders/${order.id}/intake-report`,
      { method: 'POST', headers: asStaff() },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Intake report of 2 items e-mailed to ada@example.com.');
    expect(sent.body.reported_at).toBe(start.toISOString());
    const again = await site.server.api(`/api/admin/orders/${order.id}/intake-report`, {
      method: 'POST',
      headers: asStaff(),
    });
    expect(again.status).toBe(409);

    const empty = await insertOrderRow(site.server.database.db, start, { status: 'collected' });
    const refused = await site.server.api<{ message: string }>(
      `/api/admin/orders/${empty.id}/intake-report`,
      { method: 'POST', headers: asStaff() },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Record the garments');
  });

  it('opens for the link and the owner, not for a tampered link (401) or another customer (404)', async () => {
    const order = await adaOrderWithGarments();
    await site.server.api(`/api/admin/orders/${order.id}/intake-report`, {
      method: 'POST',
      headers: asStaff(),
    });
    const t = intakeReportToken(site.server.services, { id: order.id, intakeReportedAt: start });
    const byLink = await site.server.api<{
      report: { garments: { tag_number: string; damage_note: string }[] };
    }>(`/api/orders/${order.id}/intake-report?t=${encodeURIComponent(t)}`);
    expect(byLink.status).toBe(200);
    expect(byLink.body.report.garments.map((g) => g.tag_number)).toEqual(['H-1', 'H-2']);
    expect(
      (
        await site.server.api(`/api/orders/${order.id}/intake-report`, {
          headers: { Authorization: `Bearer ${ada}` },
        })
      ).status,
    ).toBe(200);
    // A character of the signature changed (not the last one, whose low bits are padding).
    const at = t.length - 10;
    const tampered = t.slice(0, at) + (t[at] === 'A' ? 'B' : 'A') + t.slice(at + 1);
    expect(
      (await site.server.api(`/api/orders/${order.id}/intake-report?t=${tampered}`)).status,
    ).toBe(401);
    const bobs = await site.server.api(`/api/orders/${order.id}/cases`, {
      body: { kind: 'missing-item', description: 'Not my order.' },
      headers: { Authorization: `Bearer ${bob}` },
    });
    expect(bobs.status).toBe(404);

    // The page: the garments with their notes, and the case form posted without JavaScript.
    const page = await site.html(`/order/intake/${order.id}?t=${encodeURIComponent(t)}`);
    expect(page).toContain('Loose hem');
    expect(page).toContain('A pen');
    // The dress's photo, by a signed URL that serves it.
    const src = /<img src="(\/photos\/[^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&');
    const photo = await site.page(src);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
    const posted = await site.post(`/order/intake/${order.id}`, {
      intent: 'case',
      t,
      kind: 'wrong-note',
      order_garment_id: '',
      description: 'The hem was fine.',
    });
    expect(posted.status).toBe(422);
    expect(await posted.text()).toContain('Choose the garment whose note is wrong.');
    const forged = await site.post(`/order/intake/${order.id}`, {
      intent: 'case',
      t: tampered,
      kind: 'missing-item',
      description: 'Forged.',
    });
    expect(forged.status).toBe(401);
    expect(
      await site.server.database.db
        .select()
        .from(orderCases)
        .where(eq(orderCases.orderId, order.id)),
    ).toEqual([]);
    expect((await site.page(`/order/intake/${order.id}?t=${tampered}`)).status).toBe(401);
  });

  it('a case opens at 47 hours, not at 49; the board shows it', async () => {
    const order = await adaOrderWithGarments();
    await site.server.api(`/api/admin/orders/${order.id}/intake-report`, {
      method: 'POST',
      headers: asStaff(),
    });
    const t = intakeReportToken(site.server.services, { id: order.id, intakeReportedAt: start });
    clock = new Date(start.getTime() + 47 * HOUR);
    const opened = await site.server.api<{ case: { id: number; state: string } }>(
      `/api/orders/${order.id}/cases?t=${encodeURIComponent(t)}`,
      { body: { kind: 'missing-item', description: 'A blue tie is missing.' } },
    );
    expect(opened.status).toBe(201);
    expect(opened.body.case.state).toBe('open');
    const { body: report } = await site.server.api<{
      report: { garments: { id: number; tag_number: string }[] };
    }>(`/api/orders/${order.id}/intake-report`, { headers: { Authorization: `Bearer ${ada}` } });
    const dress = report.report.garments.find((g) => g.tag_number === 'H-2')!;
    const wrongNote = await site.server.api<{ case: { garment: string } }>(
      `/api/orders/${order.id}/cases`,
      {
        body: { kind: 'wrong-note', order_garment_id: dress.id, description: 'No loose hem.' },
        headers: { Authorization: `Bearer ${ada}` },
      },
    );
    expect(wrongNote.status).toBe(201);
    expect(wrongNote.body.case.garment).toBe('Tag H-2 · Day dress');
    // A garment of another order is refused with a message on its field.
    const otherGarment = await site.server.api<{ errors: Record<string, string[]> }>(
      `/api/orders/${order.id}/cases`,
      {
        body: { kind: 'wrong-note', order_garment_id: dress.id + 1000, description: 'x' },
        headers: { Authorization: `Bearer ${ada}` },
      },
    );
    expect(otherGarment.status).toBe(422);
    expect(otherGarment.body.errors.order_garment_id).toEqual([
      'Choose one of the garments of this order.',
    ]);
    clock = new Date(start.getTime() + 49 * HOUR);
    const late = await site.server.api<{ message: string }>(
      `/api/orders/${order.id}/cases?t=${encodeURIComponent(t)}`,
      { body: { kind: 'missing-item', description: 'And a belt.' } },
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/Please call us on/);
    // Staff sessions last 12 hours: a new one two days later.
    staff = await staffLogIn(site.server, 'sam@shop.test', 'a-long-staff-password');

    const [row] = await site.server.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.id));
    const cases = await site.server.api<{ orders: { order_no: string; open_cases: number }[] }>(
      '/api/admin/cases',
      { headers: asStaff() },
    );
    expect(cases.body.orders).toContainEqual(
      expect.objectContaining({ order_no: `LD-${row!.orderNo}`, open_cases: 2 }),
    );
    const board = (
      await site.html('/admin', { headers: { Cookie: `cl_staff=${staff}` } })
    ).replaceAll('<!-- -->', '');
    const open = Number(/Open cases \((\d+)\)/.exec(board)![1]);
    expect(open).toBeGreaterThanOrEqual(2);
    expect(board).toContain(`LD-${row!.orderNo}`);
    // Every back-office page's navigation shows how many cases wait, beside "Board".
    const badge = (html: string) =>
      /data-testid="open-cases-badge"[^>]*>(\d+)<span class="sr-only"> open cases?<\/span>/.exec(
        html,
      )?.[1];
    const ordersPage = async () =>
      (await site.html('/admin/orders', { headers: { Cookie: `cl_staff=${staff}` } })).replaceAll(
        '<!-- -->',
        '',
      );
    expect(badge(board)).toBe(String(open));
    expect(badge(await ordersPage())).toBe(String(open));

    const answered = await site.server.api<{ message: string }>(
      `/api/admin/cases/${opened.body.case.id}/answer`,
      { body: { answer: 'Found it: it was in the dress pocket.' }, headers: asStaff() },
    );
    expect(answered.status).toBe(200);
    expect(answered.body.message).toBe(
      'Answer saved and e-mailed to ada@example.com. The case is closed.',
    );
    expect(badge(await ordersPage())).toBe(String(open - 1));
  });

  it('the account lists the customer’s garments with their history', async () => {
    await adaOrderWithGarments();
    const garments = await site.server.api<{ garments: { item_name: string }[] }>('/api/garments', {
      headers: { Authorization: `Bearer ${ada}` },
    });
    expect(garments.status).toBe(200);
    expect(garments.body.garments.map((g) => g.item_name)).toContain('Day dress');
    const page = (
      await site.html('/account/garments', { headers: { Cookie: `cl_session=${ada}` } })
    ).replaceAll('<!-- -->', '');
    expect(page).toContain('Your garments');
    expect(page).toContain('Red · Reiss');
    expect((await site.server.api('/api/garments')).status).toBe(401);
  });
});
