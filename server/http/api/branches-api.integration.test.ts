import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import {
  MONDAY_6AM,
  insertOrderRow,
  placeGuestOrder,
  spreadSlots,
  staffLogIn,
} from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { createStaffUser } from '../../auth/staff';
import { auditLog, branches, branchHours, orders } from '../../db/schema';

/*
 * Issue 32, branches that work, over HTTP: an order is assigned to the branch serving its
 * postcode's district when placed; staff of one branch see its orders in the board and the
 * list, not another's; the owner sees all or picks one; a member of several branches chooses
 * (only among theirs); an order moved to another branch is audited and shown in its history;
 * the owner alone edits branches, with 422s that change nothing; a driver reaches none of it.
 */

const password = 'branch-password-123';
type Settings = {
  id: number;
  slug: string;
  name: string;
  counter: boolean;
  hours: { weekday: number; opens_at: string; closes_at: string }[];
  closures: { date: string; kind: string; reason: string }[];
  districts: string[];
  staff_ids: string[];
};
type Row = { id: string; order_no: string };

describe('branches that work (issue 32)', () => {
  let server: TestServer;
  let owner: string;
  let driver: string;
  let branchIds: Record<string, number>;
  let staffIds: Record<string, string>;
  let maidaOrder: string;
  let hampsteadOrder: string;

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = <T>(path: string, token: string) => server.api<T>(path, { headers: as(token) });
  const send = <T>(method: string, path: string, token: string, body: unknown) =>
    server.api<T & { message: string; errors?: Record<string, string[]> }>(path, {
      method,
      body,
      headers: as(token),
    });
  const settingsOf = async (slug: string) =>
    (await get<{ branches: Settings[] }>('/api/admin/branches', owner)).body.branches.find(
      (b) => b.slug === slug,
    )!;
  const bodyOf = (s: Settings) => {
    const { id: _id, slug: _slug, name: _name, ...body } = s;
    return body;
  };
  const listed = async (token: string) =>
    (await get<{ orders: Row[] }>('/api/admin/orders', token)).body.orders.map((o) => o.id);

  beforeAll(async () => {
    server = await startTestServer({ now: () => MONDAY_6AM });
    const db = server.database.db;
    await createStaffUser(db, { email: 'o@shop.test', name: 'Olive', role: 'owner', password });
    staffIds = {};
    for (const [key, name] of [
      ['maida', 'Mia Maida'],
      ['both', 'Bo Both'],
      ['none', 'Nell New'],
    ]) {
      const row = await createStaffUser(db, {
        email: `${key}@shop.test`,
        name: name!,
        role: 'staff',
        password,
      });
      staffIds[key!] = row.id;
    }
    await createStaffUser(db, { email: 'd@shop.test', name: 'Dan', role: 'driver', password });
    owner = await staffLogIn(server, 'o@shop.test', password);
    driver = await staffLogIn(server, 'd@shop.test', password);
    branchIds = Object.fromEntries((await db.select().from(branches)).map((b) => [b.slug, b.id]));
    maidaOrder = (await placeGuestOrder(server, { slots: spreadSlots(1) })).order.order_id;
    hampsteadOrder = (
      await placeGuestOrder(server, {
        slots: spreadSlots(2),
        details: {
          email: 'kit@example.com',
          address: { door_number: '3', line1: 'Fortune Green Road', postcode: 'NW6 1DT' },
        },
      })
    ).order.order_id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('assigns a placed order to the branch serving its district, shown on its page', async () => {
    const db = server.database.db;
    const [a] = await db.select().from(orders).where(eq(orders.id, maidaOrder));
    const [b] = await db.select().from(orders).where(eq(orders.id, hampsteadOrder));
    expect(a!.branchId).toBe(branchIds['maida-vale']);
    expect(b!.branchId).toBe(branchIds['west-hampstead']);
    const page = await get<{ order: { branch: { name: string } | null } }>(
      `/api/admin/orders/${maidaOrder}`,
      owner,
    );
    expect(page.body.order.branch?.name).toBe('Maida Vale');
  });

  it('the owner edits a branch: hours, closures, counter, districts and staff, audited', async () => {
    const maida = await settingsOf('maida-vale');
    const saved = await send<{ branch: Settings }>(
      'PUT',
      `/api/admin/branches/${maida.id}`,
      owner,
      {
        ...bodyOf(maida),
        counter: true,
        hours: [{ weekday: 1, opens_at: '08:00', closes_at: '18:00' }],
        closures: [{ date: '2026-12-25', kind: 'bank-holiday', reason: 'Christmas Day' }],
        staff_ids: [staffIds.maida, staffIds.both],
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.branch.hours).toEqual([
      { weekday: 1, opens_at: '08:00', closes_at: '18:00' },
    ]);
    // The public branches read the same rows.
    const pub =
      await server.api<{ slug: string; opening_hours: unknown; closures: unknown }[]>(
        '/api/branches',
      );
    const shown = pub.body.find((b) => b.slug === 'maida-vale')!;
    expect(shown.opening_hours).toEqual([
      { days: 'Monday', hours: '08:00 to 18:00' },
      { days: 'Tuesday to Sunday', hours: 'Closed' },
    ]);
    expect(shown.closures).toEqual([
      { date: '2026-12-25', kind: 'bank-holiday', reason: 'Christmas Day' },
    ]);
    const hampstead = await settingsOf('west-hampstead');
    await send('PUT', `/api/admin/branches/${hampstead.id}`, owner, {
      ...bodyOf(hampstead),
      staff_ids: [staffIds.both],
    });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'branch.settings'))
      .limit(1);
    expect(entry!.entityId).toBe(String(maida.id));
  });

  it('refuses bad settings with 422 and field messages, and writes nothing', async () => {
    const maida = await settingsOf('maida-vale');
    const before = await server.database.db.select().from(branchHours);
    const bad = await send('PUT', `/api/admin/branches/${maida.id}`, owner, {
      ...bodyOf(maida),
      hours: [{ weekday: 2, opens_at: '18:00', closes_at: '09:00' }],
      closures: [{ date: '2026-02-30', kind: 'closure', reason: ' ' }],
      districts: ['W9', 'NW6', 'nonsense'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      hours: ['Tuesday: the closing time must be after the opening time.'],
      closures: [
        'Enter each closure’s date as YYYY-MM-DD.',
        'Give each closure a reason, e.g. Christmas Day.',
      ],
      districts: [
        '“nonsense” is not a postcode district, e.g. W9 or NW6.',
        'NW6 is already served by West Hampstead. Remove it there first.',
      ],
    });
    const driverOnStaff = await send('PUT', `/api/admin/branches/${maida.id}`, owner, {
      ...bodyOf(maida),
      staff_ids: [staffIds.maida, await driverId()],
    });
    expect(driverOnStaff.status).toBe(422);
    expect(driverOnStaff.body.message).toBe(
      'Only staff accounts (not drivers or the owner) belong to branches.',
    );
    expect(await server.database.db.select().from(branchHours)).toEqual(before);
    expect((await settingsOf('maida-vale')).staff_ids.sort()).toEqual(
      [staffIds.maida, staffIds.both].sort(),
    );
  });

  async function driverId() {
    const me = await get<{ staff: { id: string } }>('/api/admin/me', driver);
    return me.body.staff.id;
  }

  it('staff of one branch see its orders only; the owner sees all, or the one picked', async () => {
    const mia = await staffLogIn(server, 'maida@shop.test', password);
    const scope = await get<{ branch: { current: number; must_choose: boolean } }>(
      '/api/admin/branch',
      mia,
    );
    expect(scope.body.branch).toMatchObject({
      current: branchIds['maida-vale'],
      must_choose: false,
    });
    expect(await listed(mia)).toContain(maidaOrder);
    expect(await listed(mia)).not.toContain(hampsteadOrder);
    const board = await get<{ board: { collections: Row[] } }>(
      '/api/admin/board?date=2026-11-24',
      mia,
    );
    expect(board.body.board.collections.map((r) => r.id)).toEqual([maidaOrder]);
    expect(await listed(owner)).toEqual(expect.arrayContaining([maidaOrder, hampsteadOrder]));
    const picked = await send('PUT', '/api/admin/branch', owner, {
      branch_id: branchIds['west-hampstead'],
    });
    expect(picked.status).toBe(200);
    expect(await listed(owner)).toContain(hampsteadOrder);
    expect(await listed(owner)).not.toContain(maidaOrder);
    await send('PUT', '/api/admin/branch', owner, { branch_id: null });
    expect(await listed(owner)).toEqual(expect.arrayContaining([maidaOrder, hampsteadOrder]));
    // A member of no branch yet sees every order, as before branches.
    const nell = await staffLogIn(server, 'none@shop.test', password);
    expect(await listed(nell)).toEqual(expect.arrayContaining([maidaOrder, hampsteadOrder]));
  });

  it('a member of two branches chooses one, only among theirs', async () => {
    const login = await server.api<{ token: string }>('/api/admin/login', {
      body: { email: 'both@shop.test', password },
    });
    const bo = login.body.token;
    const first = await get<{ branch: { current: null; must_choose: boolean } }>(
      '/api/admin/branch',
      bo,
    );
    expect(first.body.branch).toMatchObject({ current: null, must_choose: true });
    expect(await listed(bo)).toEqual(expect.arrayContaining([maidaOrder, hampsteadOrder]));
    const other = await send('PUT', '/api/admin/branch', bo, { branch_id: branchIds.marylebone });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You do not work at that branch.');
    const none = await send('PUT', '/api/admin/branch', bo, { branch_id: null });
    expect(none.status).toBe(422);
    const chosen = await send('PUT', '/api/admin/branch', bo, {
      branch_id: branchIds['west-hampstead'],
    });
    expect(chosen.body.message).toBe('You are working in West Hampstead.');
    expect(await listed(bo)).toContain(hampsteadOrder);
    expect(await listed(bo)).not.toContain(maidaOrder);
  });

  it('moves an order to another branch, audited in its history; staff only move their own', async () => {
    const mia = await staffLogIn(server, 'maida@shop.test', password);
    const foreign = await send('POST', `/api/admin/orders/${hampsteadOrder}/branch`, mia, {
      branch_id: branchIds['maida-vale'],
    });
    expect(foreign.status).toBe(403);
    const same = await send('POST', `/api/admin/orders/${maidaOrder}/branch`, mia, {
      branch_id: branchIds['maida-vale'],
    });
    expect(same.status).toBe(422);
    expect(same.body.message).toBe('The order is already at Maida Vale.');
    const moved = await send('POST', `/api/admin/orders/${maidaOrder}/branch`, mia, {
      branch_id: branchIds['notting-hill'],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Moved to Notting Hill.');
    expect(await listed(mia)).not.toContain(maidaOrder);
    const page = await get<{
      order: { branch: { name: string }; branch_moves: { from: string; to: string; by: string }[] };
    }>(`/api/admin/orders/${maidaOrder}`, owner);
    expect(page.body.order.branch.name).toBe('Notting Hill');
    expect(page.body.order.branch_moves).toEqual([
      expect.objectContaining({ from: 'Maida Vale', to: 'Notting Hill', by: 'Mia Maida' }),
    ]);
  });

  it('a driver reaches none of it; staff cannot edit branches', async () => {
    const mia = await staffLogIn(server, 'maida@shop.test', password);
    const maida = await settingsOf('maida-vale');
    expect((await get('/api/admin/branches', mia)).status).toBe(403);
    expect((await send('PUT', `/api/admin/branches/${maida.id}`, mia, bodyOf(maida))).status).toBe(
      403,
    );
    expect((await get('/api/admin/branches', driver)).status).toBe(403);
    expect((await get('/api/admin/branch', driver)).status).toBe(403);
    expect((await send('PUT', '/api/admin/branch', driver, { branch_id: maida.id })).status).toBe(
      403,
    );
    expect(
      (
        await send('POST', `/api/admin/orders/${maidaOrder}/branch`, driver, {
          branch_id: maida.id,
        })
      ).status,
    ).toBe(403);
    expect((await get('/api/admin/orders', driver)).status).toBe(403);
  });

  it('orders placed before branches are assigned by district (the migration’s backfill)', async () => {
    const db = server.database.db;
    const old = await insertOrderRow(db, MONDAY_6AM, { postcode: 'W1H 1BS' });
    // The backfill statement of migration 0018 as written there, run on a row without a branch.
    const migration = readFileSync(
      new URL('../../db/migrations/0018_branches_that_work.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((part) => part.replace(/^\s*--.*$/gm, '').trim())
      .find((part) => part.startsWith('UPDATE "orders"'))!;
    await db.execute(sql.raw(backfill));
    const [row] = await db.select().from(orders).where(eq(orders.id, old.id));
    expect(row!.branchId).toBe(branchIds.marylebone);
  });
});
