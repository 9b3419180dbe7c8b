import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { intakeReportToken } from '../server/auth/intake-report-access';
import { customers, orders, staffUsers } from '../server/db/schema';
import { deliveredShirts } from '@tests/helpers/claim-fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Decision 063: a guest (no account to log in to) claims through the order's intake report
 * link, with the report's own check: the link's token opens that order's claims, as its
 * customer; without a login or a valid link 401, another order's link 401.
 */

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-12-01T09:00:00Z');
let server: TestServer;
let orderId = '';
let garmentId = 0;
const tokens: Record<'own' | 'other', string> = { own: '', other: '' };

type Reply = { status: boolean; code?: string; claim: { id: number; status: string } };

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(start.getTime() + 2 * HOUR) });
  const db = server.database.db;
  const [staff] = await db
    .insert(staffUsers)
    .values({ email: 'sam@shop.test', name: 'Sam', role: 'staff', passwordHash: 'x' })
    .returning();
  const actor = { id: staff!.id, name: 'Sam', role: 'staff' as const };
  const [guest] = await db
    .insert(customers)
    .values({ name: 'Gus', email: 'gus@example.com', phone: '07700900123', isGuest: true })
    .returning();
  const services = { ...server.services, now: () => start };
  for (const key of ['own', 'other'] as const) {
    const { order, garments } = await deliveredShirts(services, actor, {
      customerId: guest!.id,
      at: start,
      tags: [`G-${key}`],
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    tokens[key] = intakeReportToken(server.services, {
      id: row!.id,
      intakeReportedAt: row!.intakeReportedAt!,
    });
    if (key === 'own') {
      orderId = order.id;
      garmentId = garments[0]!.id;
    }
  }
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const claimBody = () => ({
  items: [
    {
      order_garment_id: garmentId,
      kind: 'damaged',
      damage_kind: 'shrunk',
      category: 'shirts',
      age_months: 4,
    },
  ],
});
const post = (path: string, body: unknown) => server.api<Reply>(path, { body });

describe('a guest claims through the intake report link', () => {
  test('without a login or a link: 401; with another order’s link: 401', async () => {
    expect((await post(`/api/orders/${orderId}/claims`, claimBody())).status).toBe(401);
    const wrong = await post(`/api/orders/${orderId}/claims?t=${tokens.other}`, claimBody());
    expect(wrong.status).toBe(401);
  });

  test('with the order’s link: the claim is made, and its file read with the same link', async () => {
    const made = await post(`/api/orders/${orderId}/claims?t=${tokens.own}`, claimBody());
    expect(made.status).toBe(201);
    expect(made.body.claim.status).toBe('open');
    const id = made.body.claim.id;
    const file = await server.api<Reply>(`/api/claims/${id}?t=${tokens.own}`);
    expect(file.status).toBe(200);
    expect(file.body.claim.id).toBe(id);
    expect((await server.api<Reply>(`/api/claims/${id}`)).status).toBe(401);
    expect((await server.api<Reply>(`/api/claims/${id}?t=${tokens.other}`)).status).toBe(401);
    // The same link answers for the claim's other endpoints (no offer yet: 409, not 401).
    const early = await post(`/api/claims/${id}/accept?t=${tokens.own}`, { method: 'credit' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('claim-not-offered');
  });
});
