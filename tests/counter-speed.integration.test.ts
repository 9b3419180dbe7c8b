import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { counterPeople } from '@tests/helpers/counter-people';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import {
  branches,
  counterTickets,
  financialDocuments,
  orderItems,
  services,
} from '../server/db/schema';

/*
 * A counter ticket's speed over HTTP (issue 32): standard takes the branch's turnaround or the
 * slowest item's; express (the next working day) and same day (handed in by the cut-off, ready
 * by closing) at the branch's surcharge, a line of the ticket and its invoice; refused with a
 * code and nothing written where the branch does not offer it, after the cut-off, or for an
 * item that cannot be hurried. The owner sets the turnaround and the speeds per branch.
 *
 * Maida Vale (the seed's counter): open every day, Monday to Friday 07:30-19:30, express +50 %, same day +100 %
 * by 10:00, two working days standard. London is on GMT in November.
 */

const password = 'speed-password-123';
type Ticket = {
  id: string;
  speed: string;
  total: string;
  promised_ready_at: string;
  invoice_number: string | null;
  items: { name: string; quantity: number; unit_price: string; garment: boolean }[];
};
type Reply<T> = T & { code?: string; message: string; errors?: Record<string, string[]> };
const pence = (money: string) => Math.round(Number(money) * 100);

describe('counter speeds (issue 32)', () => {
  let server: TestServer;
  let clock = new Date('2026-11-23T09:00:00Z');
  const tokens: Record<string, string> = {};
  let shirt: { id: number; pricePence: number };
  let leather: { id: number; pricePence: number; serviceName: string };
  let customerId: string;
  let maidaId: number;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const raise = (speed: string | undefined, lines = [{ service_id: shirt.id, quantity: 2 }]) =>
    server.api<Reply<{ ticket: Ticket }>>('/api/admin/counter/tickets', {
      method: 'POST',
      headers: as('maida'),
      body: {
        customer_id: customerId,
        lines,
        ...(speed ? { speed } : {}),
        payment: { kind: 'cash', tendered_pence: 100_000 },
      },
    });
  const tickets = async () =>
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(counterTickets))[0]!.n;
  const saveSpeeds = async (counterSpeeds: Record<string, unknown>) => {
    const all = await server.api<{ branches: Record<string, unknown>[] }>('/api/admin/branches', {
      headers: as('owner'),
    });
    const maida = all.body.branches.find((b) => b.id === maidaId)!;
    const { id: _id, slug: _slug, name: _name, ...settings } = maida;
    return server.api<Reply<object>>(`/api/admin/branches/${maidaId}`, {
      method: 'PUT',
      headers: as('owner'),
      body: { ...settings, counter_speeds: counterSpeeds },
    });
  };

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
    const db = server.database.db;
    const [maida] = await db.select().from(branches).where(eq(branches.slug, 'maida-vale'));
    maidaId = maida!.id;
    Object.assign(
      tokens,
      (
        await counterPeople(
          server,
          'speed.test',
          [
            { key: 'owner', role: 'owner' },
            { key: 'maida', role: 'staff', branch: 'maida-vale' },
          ],
          password,
        )
      ).tokens,
    );
    const items = await db.select().from(services);
    shirt = items.find((s) => s.pricePence > 0 && s.turnaroundDays === null)!;
    leather = items.find((s) => s.serviceName === 'Leather jacket')!;
    const added = await server.api<{ customer: { id: string } }>('/api/admin/counter/customers', {
      method: 'POST',
      headers: as('maida'),
      body: { name: 'Speedy Gonzales', phone_number: '07700 900815' },
    });
    customerId = added.body.customer.id;
    expect(
      (
        await server.api('/api/admin/counter/till', {
          method: 'POST',
          headers: as('maida'),
          body: { float_pence: 0 },
        })
      ).status,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('standard: two working days, or the slowest item’s; no surcharge', async () => {
    const plain = await raise(undefined);
    expect(plain.status).toBe(200);
    expect(plain.body.ticket).toMatchObject({
      speed: 'standard',
      total: ((2 * shirt.pricePence) / 100).toFixed(2),
      promised_ready_at: '2026-11-25T09:00:00.000Z',
    });
    expect(plain.body.ticket.items).toHaveLength(1);
    // A leather jacket goes to the workshop: ten working days (the branch opens every day).
    const slow = await raise('standard', [
      { service_id: shirt.id, quantity: 1 },
      { service_id: leather.id, quantity: 1 },
    ]);
    expect(slow.status).toBe(200);
    expect(slow.body.ticket.promised_ready_at).toBe('2026-12-03T09:00:00.000Z');
  });

  it('express: the next working day with the surcharge as a line of the ticket and the invoice', async () => {
    const reply = await raise('express');
    expect(reply.status).toBe(200);
    const items = 2 * shirt.pricePence;
    const surcharge = Math.round(items / 2);
    const ticket = reply.body.ticket;
    expect(ticket).toMatchObject({
      speed: 'express',
      total: ((items + surcharge) / 100).toFixed(2),
      promised_ready_at: '2026-11-24T09:00:00.000Z',
    });
    expect(ticket.items[0]).toMatchObject({ garment: true });
    expect(ticket.items.at(-1)).toMatchObject({
      name: 'Express service (+50 %)',
      // Not a garment: the hand-over lists garments only; it goes with the last one.
      garment: false,
      quantity: 1,
      unit_price: (surcharge / 100).toFixed(2),
    });
    const lines = await server.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, ticket.id));
    expect(lines.map((l) => l.itemName)).toContain('Express service (+50 %)');
    const [invoice] = await server.database.db
      .select()
      .from(financialDocuments)
      .where(eq(financialDocuments.orderId, ticket.id));
    expect(invoice!.totalPence).toBe(pence(ticket.total));
    expect(invoice!.number).toBe(ticket.invoice_number);
  });

  it('same day: handed in by 10:00, ready by closing; after the cut-off refused, nothing written', async () => {
    const reply = await raise('same-day');
    expect(reply.status).toBe(200);
    expect(reply.body.ticket).toMatchObject({
      speed: 'same-day',
      promised_ready_at: '2026-11-23T19:30:00.000Z',
      total: ((2 * shirt.pricePence * 2) / 100).toFixed(2),
    });
    const before = await tickets();
    clock = new Date('2026-11-23T10:01:00Z');
    const late = await raise('same-day');
    clock = new Date('2026-11-23T09:00:00Z');
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({
      code: 'same-day-too-late',
      message: 'Same day is for items handed in by 10:00 on a day the branch is open.',
    });
    expect(late.body.errors?.speed).toEqual([late.body.message]);
    expect(await tickets()).toBe(before);
  });

  it('refuses hurrying an item that takes longer, and a speed the branch does not offer', async () => {
    const before = await tickets();
    const hurried = await raise('express', [{ service_id: leather.id, quantity: 1 }]);
    expect(hurried.status).toBe(422);
    expect(hurried.body).toMatchObject({
      code: 'speed-not-for-item',
      message: 'Leather jacket takes 10 working days: express is not offered for it.',
    });
    const unknown = await raise('overnight');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.speed).toEqual(['Choose standard, express or same day.']);

    const saved = await saveSpeeds({
      turnaround_days: 3,
      express_percent: null,
      same_day_percent: 100,
      same_day_cutoff: '11:00',
    });
    expect(saved.status).toBe(200);
    const off = await raise('express');
    expect(off.status).toBe(422);
    expect(off.body).toMatchObject({
      code: 'speed-not-offered',
      message: 'Express is not offered at this branch.',
    });
    expect(await tickets()).toBe(before);
    // The new turnaround and cut-off count at once.
    const standard = await raise(undefined);
    expect(standard.body.ticket.promised_ready_at).toBe('2026-11-26T09:00:00.000Z');
    clock = new Date('2026-11-23T10:30:00Z');
    const sameDay = await raise('same-day');
    clock = new Date('2026-11-23T09:00:00Z');
    expect(sameDay.status).toBe(200);
  });

  it('the owner’s speeds are checked: bad values 422 with messages, nothing changed', async () => {
    const [before] = await server.database.db
      .select()
      .from(branches)
      .where(eq(branches.id, maidaId));
    const bad = await saveSpeeds({
      turnaround_days: 0,
      express_percent: 500,
      same_day_percent: -1,
      same_day_cutoff: '25:00',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      'counter_speeds.turnaround_days': ['Enter the turnaround as 1 to 30 working days.'],
      'counter_speeds.express_percent': ['Enter the express surcharge as 0 to 200 %.'],
      'counter_speeds.same_day_percent': ['Enter the same-day surcharge as 0 to 300 %.'],
      'counter_speeds.same_day_cutoff': ['Enter the cut-off as HH:MM, e.g. 10:00.'],
    });
    const [after] = await server.database.db
      .select()
      .from(branches)
      .where(eq(branches.id, maidaId));
    expect(after).toEqual(before);
    // Staff may not change them.
    const staff = await server.api(`/api/admin/branches/${maidaId}`, {
      method: 'PUT',
      headers: as('maida'),
      body: {},
    });
    expect(staff.status).toBe(403);
  });
});
