import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLogIn } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffUser } from '../server/auth/staff';
import { auditLog, customers, textMessages, textOptOuts } from '../server/db/schema';

// Monday 23 November 2026, 22:00 London: quiet hours, so marketing waits until 08:00.
const now = new Date('2026-11-23T22:00:00Z');
const password = 'a-long-staff-password';

describe('POST /api/admin/marketing/texts', () => {
  let server: TestServer;
  let owner: string;
  let staff: string;

  beforeAll(async () => {
    server = await startTestServer({ now: () => now });
    const db = server.database.db;
    for (const [email, role] of [
      ['owner@shop.test', 'owner'],
      ['sam@shop.test', 'staff'],
    ] as const) {
      await createStaffUser(db, { email, name: email, role, password });
    }
    owner = await staffLogIn(server, 'owner@shop.test', password);
    staff = await staffLogIn(server, 'sam@shop.test', password);
    await db.insert(customers).values([
      // Consented: texted.
      { name: 'Ada', email: 'ada@example.com', phone: '07700 900123', marketingSms: true },
      // Service texts on, but no marketing consent: never a marketing text.
      { name: 'Bob', email: 'bob@example.com', phone: '07700 900124', notifySms: true },
      // Consented, then replied STOP: recorded as suppressed, not sent.
      { name: 'Cy', email: 'cy@example.com', phone: '07700 900125', marketingSms: true },
    ]);
    await db.insert(textOptOuts).values({ phone: '+447700900125' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const send = (token: string, body: unknown) =>
    server.api<Record<string, unknown>>('/api/admin/marketing/texts', {
      body,
      headers: { Authorization: `Bearer ${token}` },
    });

  it('is the owner’s: staff are refused, an empty text is a 422', async () => {
    expect((await send(staff, { body: 'Hello' })).status).toBe(403);
    const empty = await send(owner, { body: '   ' });
    expect(empty.status).toBe(422);
    expect(await server.database.db.select().from(textMessages)).toEqual([]);
  });

  it('texts only those who consented, with the opt-out, held by quiet hours; never an opted-out number', async () => {
    const reply = await send(owner, { body: '20% off curtains this week' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ queued: 1, suppressed: 1 });
    const texts = await server.database.db
      .select()
      .from(textMessages)
      .where(eq(textMessages.purpose, 'marketing'));
    expect(texts.map((t) => [t.phone, t.status, t.statusReason]).sort()).toEqual([
      ['+447700900123', 'queued', null],
      ['+447700900125', 'suppressed', 'opted out'],
    ]);
    const ada = texts.find((t) => t.phone === '+447700900123')!;
    expect(ada.body).toBe(
      `${server.services.config.brand.shortName}: 20% off curtains this week Reply STOP to opt out`,
    );
    expect(ada.sendAfter).toEqual(new Date('2026-11-24T08:00:00Z'));
    expect(
      await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'marketing.text')),
    ).toHaveLength(1);
  });
});
