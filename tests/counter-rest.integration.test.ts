import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { counterPeople } from '@tests/helpers/counter-people';
import {
  auditLog,
  branches,
  customers,
  orderItems,
  services,
  textMessages,
} from '../server/db/schema';

/*
 * The counter's remaining points (issue 32, decision 056) over HTTP, at Monday 23 November
 * 2026 noon London: the owner sets a service's counter turnaround in the catalogue; a walk-in's
 * "Text me when it is ready" is their text choice, and WhatsApp has its own words for "ready";
 * line notes survive re-listing the items; the owner changes a member's branches on the staff
 * page's endpoint.
 */

const NOON = new Date('2026-11-23T12:00:00Z');
const password = 'rest-password-123';
type Reply<T> = T & { code?: string; message: string; errors?: Record<string, string[]> };
type Ticket = {
  id: string;
  items: { id: number; name: string; quantity: number; note: string }[];
};

describe('the counter’s remaining points (issue 32, decision 056)', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const staffIds: Record<string, string> = {};
  const branchIds: Record<string, number> = {};
  let shirt: typeof services.$inferSelect;
  let trousers: typeof services.$inferSelect;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const call = <T>(method: string, path: string, who: string, body?: unknown) =>
    server.api<Reply<T>>(path, { method, headers: as(who), ...(body ? { body } : {}) });
  const count = async (table: typeof auditLog | typeof customers) =>
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  beforeAll(async () => {
    server = await startTestServer({ now: () => NOON });
    const db = server.database.db;
    for (const b of await db.select().from(branches)) branchIds[b.slug] = b.id;
    const people = await counterPeople(
      server,
      'rest.test',
      [
        { key: 'owner', role: 'owner' },
        { key: 'maida', role: 'staff', branch: 'maida-vale' },
        { key: 'driver', role: 'driver' },
      ],
      password,
    );
    Object.assign(tokens, people.tokens);
    Object.assign(staffIds, people.ids);
    const items = await db.select().from(services);
    const plain = items.filter((s) => s.pricePence > 0 && s.turnaroundDays === null);
    shirt = plain[0]!;
    trousers = plain[1]!;
    expect(
      (await call('POST', '/api/admin/counter/till', 'maida', { float_pence: 0 })).status,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  describe('a service’s counter turnaround in the catalogue', () => {
    const save = (turnaroundDays: unknown) =>
      call<{ record: Record<string, unknown> }>(
        'PUT',
        `/api/admin/catalogue/services/${shirt.id}`,
        'owner',
        {
          categoryId: shirt.categoryId,
          serviceName: shirt.serviceName,
          pricePence: (shirt.pricePence / 100).toFixed(2),
          description: shirt.description,
          sortOrder: shirt.sortOrder,
          ...(turnaroundDays === undefined ? {} : { turnaroundDays }),
        },
      );
    const stored = async () =>
      (await server.database.db.select().from(services).where(eq(services.id, shirt.id)))[0]!
        .turnaroundDays;

    it('is listed as a field, saved, audited, kept when absent and cleared when blank', async () => {
      const list = await call<{ rows: Record<string, unknown>[] }>(
        'GET',
        '/api/admin/catalogue/services',
        'owner',
      );
      expect(list.body.rows.find((r) => r.id === shirt.id)).toMatchObject({ turnaroundDays: '' });
      const saved = await save('5');
      expect(saved.status).toBe(200);
      expect(saved.body.record.turnaroundDays).toBe(5);
      expect(await stored()).toBe(5);
      const [audit] = await server.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'catalogue.update'), eq(auditLog.entityId, String(shirt.id))),
        );
      expect(audit!.after).toMatchObject({ turnaroundDays: 5 });
      expect(audit!.before).toMatchObject({ turnaroundDays: null });
      // An older client that does not send the field leaves it as it is.
      expect((await save(undefined)).status).toBe(200);
      expect(await stored()).toBe(5);
      // Blank: the branch's own turnaround again.
      expect((await save('')).status).toBe(200);
      expect(await stored()).toBeNull();
    });

    it('refuses 0, 61 and text with a 422 and a message, and writes nothing', async () => {
      await save(7);
      const audits = await count(auditLog);
      for (const bad of ['0', 61, 'a week', 2.5]) {
        const reply = await save(bad);
        expect(reply.status, String(bad)).toBe(422);
        expect(reply.body.code).toBe('validation-failed');
        expect(reply.body.errors?.turnaroundDays).toEqual([
          'Enter 1 to 60 working days, or leave it blank for the branch’s turnaround.',
        ]);
      }
      expect(await stored()).toBe(7);
      expect(await count(auditLog)).toBe(audits);
      await save('');
    });
  });

  describe('texts for walk-ins', () => {
    const walkIn = (name: string, phone: string, extra: Record<string, unknown> = {}) =>
      call<{ customer: { id: string } }>('POST', '/api/admin/counter/customers', 'maida', {
        name,
        phone_number: phone,
        ...extra,
      });
    const choices = async (id: string) =>
      (await server.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;
    const readyText = async (customerId: string) => {
      const raised = await call<{ ticket: Ticket }>('POST', '/api/admin/counter/tickets', 'maida', {
        customer_id: customerId,
        lines: [{ service_id: shirt.id, quantity: 1 }],
        payment: { kind: 'at-collection' },
      });
      expect(raised.status).toBe(200);
      const id = raised.body.ticket.id;
      expect(
        (await call('POST', `/api/admin/counter/tickets/${id}/ready`, 'maida', { rack: 'A1' }))
          .status,
      ).toBe(200);
      return server.database.db.select().from(textMessages).where(eq(textMessages.orderId, id));
    };

    it('"Text me when it is ready" is on by default and is the walk-in’s text choice', async () => {
      const ticked = await walkIn('Tina Ticked', '07700 900701');
      expect(ticked.status).toBe(200);
      expect(await choices(ticked.body.customer.id)).toMatchObject({
        notifySms: true,
        notifyWhatsapp: false,
      });
      const texts = await readyText(ticked.body.customer.id);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatchObject({ channel: 'sms', template: 'counter-ready' });
      expect(texts[0]!.body).toContain('is ready for collection at Maida Vale branch');

      const unticked = await walkIn('Ursula Unticked', '07700 900702', { notify_sms: false });
      expect(await choices(unticked.body.customer.id)).toMatchObject({ notifySms: false });
      expect(await readyText(unticked.body.customer.id)).toHaveLength(0);
      const [audit] = await server.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'customer.walk-in'),
            eq(auditLog.entityId, unticked.body.customer.id),
          ),
        );
      expect(audit!.after).toMatchObject({ notifySms: false });
    });

    it('WhatsApp, where the customer chose it, has its own words for "ready for collection"', async () => {
      const added = await walkIn('Wendy Whatsapp', '07700 900703');
      await server.database.db
        .update(customers)
        .set({ notifyWhatsapp: true })
        .where(eq(customers.id, added.body.customer.id));
      const [text] = await readyText(added.body.customer.id);
      expect(text).toMatchObject({ channel: 'whatsapp', template: 'counter-ready' });
      expect(text!.body).toContain('Good news: your ticket LD-');
      expect(text!.body).toContain('is ready for collection at Maida Vale branch.');
      expect(text!.body.split('\n').length).toBeGreaterThan(3);
    });
  });

  describe('item notes survive re-listing', () => {
    it('keeps each note with its line when the line stays, through the order page’s re-listing', async () => {
      const added = await call<{ customer: { id: string } }>(
        'POST',
        '/api/admin/counter/customers',
        'maida',
        { name: 'Nora Notes', phone_number: '07700 900704' },
      );
      const raised = await call<{ ticket: Ticket }>('POST', '/api/admin/counter/tickets', 'maida', {
        customer_id: added.body.customer.id,
        lines: [
          { service_id: shirt.id, quantity: 1, note: 'red wine on the cuff' },
          { service_id: trousers.id, quantity: 1, note: 'loose button' },
        ],
        payment: { kind: 'at-collection' },
      });
      expect(raised.status).toBe(200);
      const id = raised.body.ticket.id;
      // Staff re-list: the trousers first and two of them, the shirt after, a third item new.
      const relisted = await call('PUT', `/api/admin/orders/${id}/items`, 'maida', {
        lines: [
          { service_id: trousers.id, quantity: 2 },
          { service_id: shirt.id, quantity: 1 },
          { service_id: shirt.id, quantity: 1 },
        ],
      });
      expect(relisted.status).toBe(200);
      const rows = await server.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(orderItems.id);
      expect(rows.map((r) => [r.serviceId, r.quantity, r.note])).toEqual([
        [trousers.id, 2, 'loose button'],
        [shirt.id, 1, 'red wine on the cuff'],
        [shirt.id, 1, ''],
      ]);
      // A line taken off loses its note; the shirt that stays keeps its own.
      await call('PUT', `/api/admin/orders/${id}/items`, 'maida', {
        lines: [{ service_id: shirt.id, quantity: 3 }],
      });
      const ticket = await call<{ ticket: Ticket }>(
        'GET',
        `/api/admin/counter/tickets/${id}`,
        'maida',
      );
      expect(ticket.body.ticket.items.map((i) => i.note)).toEqual(['red wine on the cuff']);
    });
  });

  describe('branch membership on the staff page', () => {
    const setBranches = (who: string, member: string, ids: number[]) =>
      call<{ branch_ids: number[] }>('PUT', `/api/admin/staff/${member}/branches`, who, {
        branch_ids: ids,
      });
    const listed = async () =>
      (
        await call<{ staff: { id: string; branch_ids: number[] }[] }>(
          'GET',
          '/api/admin/staff',
          'owner',
        )
      ).body.staff;

    it('lists each member’s branches and the owner changes them, audited', async () => {
      expect((await listed()).find((s) => s.id === staffIds.maida)?.branch_ids).toEqual([
        branchIds['maida-vale'],
      ]);
      const both = [branchIds['maida-vale']!, branchIds['west-hampstead']!];
      const saved = await setBranches('owner', staffIds.maida!, both);
      expect(saved.status).toBe(200);
      expect([...saved.body.branch_ids].sort()).toEqual([...both].sort());
      expect([...(await listed()).find((s) => s.id === staffIds.maida)!.branch_ids].sort()).toEqual(
        [...both].sort(),
      );
      // The branch editor reads the same rows.
      const editor = await call<{ branches: { id: number; staff_ids: string[] }[] }>(
        'GET',
        '/api/admin/branches',
        'owner',
      );
      const hampstead = editor.body.branches.find((b) => b.id === branchIds['west-hampstead']);
      expect(JSON.stringify(hampstead)).toContain(staffIds.maida);
      const [audit] = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'staff.branches'), eq(auditLog.entityId, staffIds.maida!)));
      expect(audit).toMatchObject({
        before: { branchIds: [branchIds['maida-vale']] },
      });
      expect((await setBranches('owner', staffIds.maida!, [branchIds['maida-vale']!])).status).toBe(
        200,
      );
    });

    it('refuses staff, a driver’s membership and an unknown branch, and writes nothing', async () => {
      const audits = await count(auditLog);
      expect((await setBranches('maida', staffIds.maida!, [])).status).toBe(403);
      const driver = await setBranches('owner', staffIds.driver!, [branchIds['maida-vale']!]);
      expect(driver.status).toBe(422);
      expect(driver.body.code).toBe('validation-failed');
      const unknown = await setBranches('owner', staffIds.maida!, [
        branchIds['maida-vale']!,
        99_999,
      ]);
      expect(unknown.status).toBe(422);
      expect(unknown.body.message).toBe('We could not find that branch.');
      expect((await setBranches('owner', staffIds.maida!, [-1])).status).toBe(422);
      expect(await count(auditLog)).toBe(audits);
      expect((await listed()).find((s) => s.id === staffIds.maida)?.branch_ids).toEqual([
        branchIds['maida-vale'],
      ]);
    });
  });
});
