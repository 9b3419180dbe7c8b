import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { staffLogIn } from '@tests/helpers/fixtures';
import { createTestDatabase, onPostgres } from '@tests/helpers/test-database';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { openDatabase } from '../server/db/client';
import { counterPeople } from '@tests/helpers/counter-people';
import {
  auditLog,
  branches,
  counterTickets,
  counterUncollectedNotices,
  customers,
  orderItems,
  orders,
  outbox,
  services,
  textMessages,
} from '../server/db/schema';
import { sendUncollectedReminders } from '../server/use-cases/counter/uncollected-reminders';

/*
 * Uncollected counter tickets (issue 32, decision 054), with a pinned clock moved day by day
 * from a ticket marked ready on Monday 2 March 2026, 11:00 London at Maida Vale: reminders at
 * 30, 60 and 80 days and the last notice at 90, by text (the customer chose texts) and e-mail,
 * each once however often the job runs (and, on PostgreSQL, with two instances at once), none
 * for a ticket handed over; the owner's decision only after the last notice, audited, nothing
 * deleted; who sees the list.
 */

const READY = new Date('2026-03-02T11:00:00Z');
const day = (n: number) => new Date(READY.getTime() + n * 86_400_000);
const password = 'uncollected-password-1';
type Reply<T> = T & { code?: string; message: string };
type Listed = {
  id: string;
  order_no: string;
  days: number;
  branch: string;
  amount_due: string;
  awaiting_decision: boolean;
  decision: string | null;
  reminders: { days: number; text: string; emailed: boolean }[];
};

describe('uncollected counter tickets (issue 32, decision 054)', () => {
  let server: TestServer;
  let clock = new Date(READY.getTime() - 3 * 86_400_000);
  let waiting: string;
  let collected: string;
  let customerId: string;

  const as = async (who: string) => ({
    Authorization: `Bearer ${await staffLogIn(server, `${who}@uncollected.test`, password)}`,
  });
  const get = async <T>(path: string, who: string) =>
    server.api<Reply<T>>(path, { headers: await as(who) });
  const post = async <T>(path: string, who: string, body: unknown) =>
    server.api<Reply<T>>(path, { method: 'POST', body, headers: await as(who) });
  const remind = () => sendUncollectedReminders(server.services);
  const texts = () =>
    server.database.db
      .select()
      .from(textMessages)
      .where(eq(textMessages.template, 'counter-uncollected'));
  const mails = () =>
    server.database.db.select().from(outbox).where(eq(outbox.template, 'counter-uncollected'));

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
    const db = server.database.db;
    await counterPeople(
      server,
      'uncollected.test',
      [
        { key: 'owner', role: 'owner', name: 'Olive Owner' },
        { key: 'maida', role: 'staff', branch: 'maida-vale' },
        { key: 'hampstead', role: 'staff', branch: 'west-hampstead' },
        { key: 'driver', role: 'driver' },
      ],
      password,
    );
    const added = await post<{ customer: { id: string } }>(
      '/api/admin/counter/customers',
      'maida',
      { name: 'Una Collected', phone_number: '07700 900854', email: 'una@example.com' },
    );
    customerId = added.body.customer.id;
    await db.update(customers).set({ notifySms: true }).where(eq(customers.id, customerId));
    const shirt = (await db.select().from(services)).find(
      (s) => s.pricePence > 0 && s.pricePence < 1000,
    )!;
    const raise = async () => {
      const reply = await post<{ ticket: { id: string } }>('/api/admin/counter/tickets', 'maida', {
        customer_id: customerId,
        lines: [{ service_id: shirt.id, quantity: 2, note: '' }],
        payment: { kind: 'at-collection' },
      });
      expect(reply.status, reply.body.message).toBe(200);
      return reply.body.ticket.id;
    };
    waiting = await raise();
    collected = await raise();
    clock = READY;
    for (const id of [waiting, collected]) {
      const ready = await post(`/api/admin/counter/tickets/${id}/ready`, 'maida', { rack: 'C7' });
      expect(ready.status, ready.body.message).toBe(200);
    }
    // The second is handed over on day 10, unpaid with a reason.
    clock = day(10);
    const handed = await post(`/api/admin/counter/tickets/${collected}/collect`, 'maida', {
      payment: { kind: 'none' },
      unpaid_reason: 'Paid by bank transfer',
    });
    expect(handed.status, handed.body.message).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('sends nothing before day 30', async () => {
    clock = day(29);
    expect(await remind()).toBe(0);
    expect(await texts()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('reminds at 30 days by text and e-mail, once however often the job runs', async () => {
    clock = new Date(day(30).getTime() - 60 * 60_000); // 10:00 London, day 30
    expect(await remind()).toBe(1);
    expect(await Promise.all([remind(), remind()])).toEqual([0, 0]);
    clock = day(31);
    expect(await remind()).toBe(0);
    const [text] = await texts();
    expect(await texts()).toHaveLength(1);
    expect(text).toMatchObject({ phone: '+447700900854', orderId: waiting });
    const [ticket] = await server.database.db
      .select({ orderNo: orders.orderNo, due: orders.amountDuePence })
      .from(orders)
      .where(eq(orders.id, waiting));
    const number = `LD-${ticket!.orderNo}`;
    expect(text!.body).toContain(
      `ticket ${number} has been ready for collection at Maida Vale branch for 30 days`,
    );
    expect(text!.body).toContain(`£${(ticket!.due / 100).toFixed(2)} to pay`);
    expect(text!.body).toContain('Items may be disposed of after 90 days undelivered.');
    const [mail] = await mails();
    expect(await mails()).toHaveLength(1);
    expect(mail!.toAddress).toBe('una@example.com');
    expect(mail!.subject).toBe(`Ticket ${number} is ready for collection at Maida Vale branch`);
    expect(mail!.textBody).toContain('Items may be disposed of after 90 days undelivered.');
    expect(mail!.textBody).toContain(`£${(ticket!.due / 100).toFixed(2)}`);
  });

  it('reminds at 60 and 80 days, and gives the last notice at 90; never the handed-over ticket', async () => {
    for (const n of [59, 60, 61, 79, 80, 89, 90, 91, 120]) {
      clock = day(n);
      await Promise.all([remind(), remind()]);
    }
    const sent = await server.database.db
      .select()
      .from(counterUncollectedNotices)
      .orderBy(counterUncollectedNotices.stage);
    expect(sent.map((n) => [n.orderId, n.stage, n.text, n.emailed])).toEqual(
      [30, 60, 80, 90].map((stage) => [waiting, stage, 'queued', true]),
    );
    expect((await texts()).map((t) => t.orderId)).toEqual([waiting, waiting, waiting, waiting]);
    expect((await mails()).map((m) => m.subject.startsWith('Last notice:'))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect((await texts()).at(-1)!.body).toContain('Last notice: Items may be disposed of');
    // The handed-over ticket was never reminded.
    expect(sent.some((n) => n.orderId === collected)).toBe(false);
  });

  it('lists the ticket for its branch and the owner, with the reminders; a driver and another branch see nothing', async () => {
    const owner = await get<{ can_decide: boolean; tickets: Listed[] }>(
      '/api/admin/counter/uncollected',
      'owner',
    );
    expect(owner.status).toBe(200);
    expect(owner.body.can_decide).toBe(true);
    expect(owner.body.tickets.map((t) => t.id)).toEqual([waiting]);
    expect(owner.body.tickets[0]).toMatchObject({
      days: 120,
      branch: 'Maida Vale',
      awaiting_decision: true,
      decision: null,
    });
    expect(owner.body.tickets[0]!.reminders.map((r) => r.days)).toEqual([30, 60, 80, 90]);
    const maida = await get<{ can_decide: boolean; tickets: Listed[] }>(
      '/api/admin/counter/uncollected',
      'maida',
    );
    expect(maida.body.can_decide).toBe(false);
    expect(maida.body.tickets.map((t) => t.id)).toEqual([waiting]);
    const other = await get<{ tickets: Listed[] }>('/api/admin/counter/uncollected', 'hampstead');
    expect(other.body.tickets).toEqual([]);
    expect((await get('/api/admin/counter/uncollected', 'driver')).status).toBe(403);
  });

  it('lets only the owner decide, after the last notice; audited; nothing deleted', async () => {
    const db = server.database.db;
    const path = `/api/admin/counter/tickets/${waiting}/uncollected`;
    expect((await post(path, 'maida', { decision: 'donate' })).status).toBe(403);
    expect((await post(path, 'driver', { decision: 'donate' })).status).toBe(403);
    expect((await post(path, 'owner', { decision: 'burn' })).status).toBe(422);
    const done = await post(`/api/admin/counter/tickets/${collected}/uncollected`, 'owner', {
      decision: 'keep',
    });
    expect([done.status, done.body.code]).toEqual([409, 'ticket-collected']);

    const kept = await post(path, 'owner', { decision: 'keep' });
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.message).toContain('kept');
    const donated = await post(path, 'owner', { decision: 'donate' });
    expect(donated.status).toBe(200);
    const again = await post(path, 'owner', { decision: 'keep' });
    expect([again.status, again.body.code]).toEqual([409, 'ticket-donated']);

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, waiting), like(auditLog.action, 'counter.uncollected-%')))
      .orderBy(auditLog.id);
    expect(
      audit.map((a) => [a.action, a.before, (a.after as { decision: string }).decision]),
    ).toEqual([
      ['counter.uncollected-keep', { decision: null }, 'keep'],
      ['counter.uncollected-donate', { decision: 'keep' }, 'donate'],
    ]);
    // Nothing deleted: the order, its lines and its ticket are all there, the order still ready.
    const [order] = await db.select().from(orders).where(eq(orders.id, waiting));
    expect(order!.status).toBe('ready');
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, waiting))).toHaveLength(
      1,
    );
    const [ticket] = await db
      .select()
      .from(counterTickets)
      .where(eq(counterTickets.orderId, waiting));
    expect(ticket!.uncollectedDecision).toBe('donate');
    // A donated ticket is not handed over at the counter, and gets no more notices.
    const handed = await post(`/api/admin/counter/tickets/${waiting}/collect`, 'maida', {
      payment: { kind: 'none' },
      unpaid_reason: 'Came back at last',
    });
    expect([handed.status, handed.body.code]).toEqual([409, 'ticket-donated']);
    clock = day(200);
    expect(await remind()).toBe(0);
  });

  it('refuses a decision before the 90-day last notice (409 last-notice-not-sent)', async () => {
    const db = server.database.db;
    // A ticket ready 85 days ago: reminded at 80, no last notice yet.
    const [branch] = await db.select().from(branches).where(eq(branches.slug, 'maida-vale'));
    const row = { id: await insertReadyTicket(db, customerId, branch!.id, day(200 - 85)) };
    expect(await remind()).toBe(1);
    const reply = await post(`/api/admin/counter/tickets/${row!.id}/uncollected`, 'owner', {
      decision: 'donate',
    });
    expect([reply.status, reply.body.code]).toEqual([409, 'last-notice-not-sent']);
    const notices = await db
      .select()
      .from(counterUncollectedNotices)
      .where(inArray(counterUncollectedNotices.orderId, [row!.id]));
    expect(notices.map((n) => n.stage)).toEqual([80]);
  });
});

/** A counter ticket marked ready at `readyAt`, written straight to the tables. */
async function insertReadyTicket(
  db: TestServer['database']['db'],
  customerId: string,
  branchId: number,
  readyAt: Date,
): Promise<string> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  const [order] = await db
    .insert(orders)
    .values({
      customerId,
      status: 'ready',
      customerName: customer!.name,
      customerEmail: customer!.email,
      customerPhone: customer!.phone,
      postcode: 'W9 1AA',
      fullAddress: '',
      pickupStartsAt: readyAt,
      pickupEndsAt: readyAt,
      deliveryStartsAt: readyAt,
      deliveryEndsAt: readyAt,
      totalPence: 1200,
      amountDuePence: 1200,
      branchId,
      channel: 'counter',
    })
    .returning();
  await db.insert(counterTickets).values({
    orderId: order!.id,
    branchId,
    promisedReadyAt: readyAt,
    payment: 'at-collection',
    rack: 'D1',
    readyAt,
  });
  return order!.id;
}

describe.skipIf(!onPostgres())('uncollected reminders with two instances, on PostgreSQL', () => {
  it('sends each ticket’s notice once when both instances run the job at once', async () => {
    const clockAt = { now: day(30) };
    const first = await startTestServer({ now: () => clockAt.now });
    const second = await openDatabase({ kind: 'postgres', url: first.database.url! });
    try {
      const db = first.database.db;
      const [branch] = await db.select().from(branches).where(eq(branches.slug, 'maida-vale'));
      const [customer] = await db
        .insert(customers)
        .values({
          name: 'Two Instances',
          email: 'two@example.com',
          phone: '+447700900855',
          notifySms: true,
        })
        .returning();
      const ids: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        ids.push(await insertReadyTicket(db, customer!.id, branch!.id, READY));
      }
      const services = { ...first.services, db: second.db };
      const counts = await Promise.all([
        sendUncollectedReminders(first.services),
        sendUncollectedReminders(services),
        sendUncollectedReminders(first.services),
        sendUncollectedReminders(services),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
      const notices = await db
        .select()
        .from(counterUncollectedNotices)
        .where(inArray(counterUncollectedNotices.orderId, ids));
      expect(notices).toHaveLength(20);
      const sentTexts = await db
        .select()
        .from(textMessages)
        .where(inArray(textMessages.orderId, ids));
      // The daily cap lets some through and suppresses the rest; each ticket has one row.
      expect(new Set(sentTexts.map((t) => t.orderId)).size).toBe(20);
      expect(sentTexts).toHaveLength(20);
      const sentMails = await db
        .select()
        .from(outbox)
        .where(eq(outbox.template, 'counter-uncollected'));
      expect(sentMails).toHaveLength(20);
    } finally {
      await second.close();
      await first.stop();
    }
  }, 120_000);
});

describe.skipIf(!onPostgres())(
  'the scheduled job on two instances, through pg-boss, on PostgreSQL',
  () => {
    it('runs the reminders once per due minute across both; each notice once', async () => {
      const database = await createTestDatabase();
      const options = {
        now: () => day(60),
        env: { JOBS: 'all' },
        jobs: {
          pollSeconds: 0.5,
          cronSeconds: 1,
          schedules: { 'uncollected-reminders': '* * * * *' } as const,
        },
      };
      const [branch] = await database.db
        .select()
        .from(branches)
        .where(eq(branches.slug, 'maida-vale'));
      const [customer] = await database.db
        .insert(customers)
        .values({ name: 'Cron Twice', email: 'cron@example.com', phone: '+447700900856' })
        .returning();
      const ids: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        ids.push(await insertReadyTicket(database.db, customer!.id, branch!.id, READY));
      }
      const startedAt = Date.now();
      const first = await startTestServer({
        ...options,
        database: { ...database, close: async () => {} },
      });
      const second = await startTestServer({
        ...options,
        database: await openDatabase({ kind: 'postgres', url: database.url! }),
      });
      try {
        const notices = () =>
          database.db
            .select()
            .from(counterUncollectedNotices)
            .where(inArray(counterUncollectedNotices.orderId, ids));
        const deadline = Date.now() + 90_000;
        while (Date.now() < deadline && (await notices()).length < ids.length) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        // A few seconds more: both instances keep checking the schedule every second.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const sent = await notices();
        expect(sent.map((n) => n.stage)).toEqual(ids.map(() => 60));
        const mails = await database.db
          .select()
          .from(outbox)
          .where(eq(outbox.toAddress, 'cron@example.com'));
        expect(mails).toHaveLength(ids.length);
        const minutes = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
        const { rows } = await database.executeSql(
          `select id from pgboss.job where name = 'uncollected-reminders'
         union all select id from pgboss.archive where name = 'uncollected-reminders'`,
          [],
        );
        expect(rows.length).toBeGreaterThanOrEqual(1);
        expect(rows.length).toBeLessThanOrEqual(minutes);
      } finally {
        await first.stop();
        await second.stop();
        await database.close();
      }
    }, 150_000);
  },
);
