import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import {
  branches,
  branchStaff,
  customers,
  pushMessages,
  pushSubscriptions,
  staffUsers,
} from '../server/db/schema';
import { deliveredShirts } from '@tests/helpers/claim-fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { makeClaim } from '../server/use-cases/claims/make-claim';

/*
 * Decision 063's first defect, fixed: staff see and act on the claims of their branch's orders
 * only, as on the board (decision 047); another branch's claim is a 404 to them (its file, the
 * finding, the waiting list leaves it out); the owner sees and acts on every branch's. A new
 * claim is pushed to the staff of its order's branch who asked for new claims.
 */

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-12-01T09:00:00Z');
const password = 'a-long-staff-password';
let server: TestServer;
let owner: Record<string, string>;
let sam: Record<string, string>;
const claimOf: Record<'maida' | 'hampstead', number> = { maida: 0, hampstead: 0 };
const itemOf: Record<'maida' | 'hampstead', number> = { maida: 0, hampstead: 0 };
const orderOf: Record<'maida' | 'hampstead', string> = { maida: '', hampstead: '' };
let samId = '';

type Reply = {
  status: boolean;
  code?: string;
  claim: { id: number; status: string };
  claims: { id: number }[];
};

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(start.getTime() + 2 * HOUR) });
  const db = server.database.db;
  await createStaffUser(db, { email: 'olive@shop.test', name: 'Olive', role: 'owner', password });
  await createStaffUser(db, { email: 'sam@shop.test', name: 'Sam', role: 'staff', password });
  const [samRow] = await db.select().from(staffUsers).where(eq(staffUsers.name, 'Sam'));
  const ids = Object.fromEntries((await db.select().from(branches)).map((b) => [b.slug, b.id]));
  await db.insert(branchStaff).values({ branchId: ids['maida-vale']!, staffId: samRow!.id });
  // Sam asked for new claims on a device (decision 060's staff push).
  await db.insert(pushSubscriptions).values({
    staffId: samRow!.id,
    endpoint: 'https://push.example/sam',
    p256dh: 'key',
    auth: 'secret',
    label: 'Chrome on Android',
    staffEvents: ['new-claim'],
  });
  samId = samRow!.id;
  const [ada] = await db
    .insert(customers)
    .values({ name: 'Ada', email: 'ada-branches@example.com', phone: '07700900123' })
    .returning();
  const actor = { id: samRow!.id, name: 'Sam', role: 'staff' as const };
  const services = { ...server.services, now: () => start };
  for (const [key, slug] of [
    ['maida', 'maida-vale'],
    ['hampstead', 'west-hampstead'],
  ] as const) {
    const { order, garments } = await deliveredShirts(services, actor, {
      customerId: ada!.id,
      at: start,
      tags: [`${key}-1`],
      values: { branchId: ids[slug]! },
    });
    const claimServices = { ...server.services, now: () => new Date(start.getTime() + 2 * HOUR) };
    const made = await makeClaim(claimServices, {
      customerId: ada!.id,
      orderId: order.id,
      note: '',
      items: [
        {
          order_garment_id: garments[0]!.id,
          kind: 'damaged',
          damage_kind: 'shrunk',
          category: 'shirts',
          age_months: 2,
          note: '',
        },
      ],
    });
    claimOf[key] = made.claim.id;
    orderOf[key] = order.id;
    itemOf[key] = made.items[0]!.id;
  }
  const login = async (email: string) => {
    const reply = await server.api<{ token: string }>('/api/admin/login', {
      body: { email, password },
    });
    return { Authorization: `Bearer ${reply.body.token}` };
  };
  owner = await login('olive@shop.test');
  sam = await login('sam@shop.test');
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string>) => server.api<Reply>(path, { headers });
const finding = (key: 'maida' | 'hampstead', headers: Record<string, string>) =>
  server.api<Reply>(`/api/admin/claims/${claimOf[key]}/finding`, {
    body: { findings: [{ claim_item_id: itemOf[key], fault: 'ours' }] },
    headers,
  });

describe('claims by branch (decision 047)', () => {
  test('staff of Maida Vale see its claims only: the list, the file', async () => {
    const list = await get('/api/admin/claims', sam);
    expect(list.status).toBe(200);
    expect(list.body.claims.map((c) => c.id)).toEqual([claimOf.maida]);
    expect((await get(`/api/admin/claims/${claimOf.maida}`, sam)).status).toBe(200);
    const other = await get(`/api/admin/claims/${claimOf.hampstead}`, sam);
    expect(other.status).toBe(404);
  });

  test('staff cannot record the finding on another branch’s claim (404), nothing changes', async () => {
    const refused = await finding('hampstead', sam);
    expect(refused.status).toBe(404);
    const file = await get(`/api/admin/claims/${claimOf.hampstead}`, owner);
    expect(file.body.claim.status).toBe('open');
    const own = await finding('maida', sam);
    expect(own.status).toBe(200);
    expect(own.body.claim.status).toBe('offered');
  });

  test('the owner sees every branch’s claims and acts on them', async () => {
    const list = await get('/api/admin/claims', owner);
    expect(list.body.claims.map((c) => c.id)).toContain(claimOf.hampstead);
    const found = await finding('hampstead', owner);
    expect(found.status).toBe(200);
    expect(found.body.claim.status).toBe('offered');
  });
});

describe('a new claim is pushed to staff (decision 060)', () => {
  test('to Sam for Maida Vale’s claim, not for West Hampstead’s', async () => {
    const pushed = await server.database.db
      .select()
      .from(pushMessages)
      .where(eq(pushMessages.staffId, samId));
    expect(pushed.map((p) => [p.template, p.orderId])).toEqual([['new-claim', orderOf.maida]]);
    expect(pushed[0]!.body).toContain('made a claim');
    // A tap opens the claim's own page in the back office.
    expect(pushed[0]!.url).toMatch(new RegExp(`/admin/claims/${claimOf.maida}$`));
  });
});
