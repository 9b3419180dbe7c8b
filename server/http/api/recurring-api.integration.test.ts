import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringPlanView } from '@shared/api/recurring';
import { logIn, MONDAY_6AM, signUp } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * GET/POST /api/account/recurring and the plan's skip, pause, resume and stop, through the
 * contract (every reply checked against its schema by the test server): logged in only,
 * someone else's plan is a 404, bad input a 422 naming the field.
 */

type PlanReply = { status: true; message: string; plan: RecurringPlanView };

describe('/api/account/recurring', () => {
  let server: TestServer;
  let auth: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ now: () => MONDAY_6AM });
    await signUp(server, { email: 'plan@example.com' });
    await signUp(server, { email: 'plan-other@example.com', phone: '07700 900457' });
    auth = { authorization: `Bearer ${await logIn(server, 'plan@example.com')}` };
    other = { authorization: `Bearer ${await logIn(server, 'plan-other@example.com')}` };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sets up a plan from the address book, lists it, skips, pauses, resumes and stops it', async () => {
    expect((await server.api('/api/account/recurring')).status).toBe(401);
    const bad = await server.api<{ errors: Record<string, string[]> }>('/api/account/recurring', {
      body: { frequency: 'daily', weekday: 9, window_start: '9am' },
      headers: auth,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['frequency', 'weekday', 'window_start', 'delivery_start']),
    );

    // No address given: refused; the address typed at sign-up is in the book.
    const noAddress = await server.api('/api/account/recurring', {
      body: { frequency: 'weekly', weekday: 2, window_start: '08:00', delivery_start: '18:00' },
      headers: auth,
    });
    expect(noAddress.status).toBe(422);
    const created = await server.api<PlanReply>('/api/account/recurring', {
      body: {
        frequency: 'fortnightly',
        weekday: 2,
        window_start: '08:00',
        delivery_start: '18:00',
        address: { door_number: 'Flat 3', line1: '7 Elgin Avenue', postcode: 'W9 2HD' },
      },
      headers: auth,
    });
    expect(created.status).toBe(200);
    const plan = created.body.plan;
    expect(plan).toMatchObject({
      frequency: 'fortnightly',
      weekday_label: 'Tuesday',
      status: 'active',
      address: 'Flat 3, 7 Elgin Avenue, London, W9 2HD',
    });
    expect(plan.upcoming.slice(0, 2).map((d) => d.date)).toEqual(['2026-12-01', '2026-12-15']);
    expect(created.body.message).toBe(
      'Your repeat collection is set up. The first one is on Tue 1 Dec.',
    );

    const list = await server.api<{ plans: RecurringPlanView[] }>('/api/account/recurring', {
      headers: auth,
    });
    expect(list.body.plans.map((p) => p.id)).toEqual([plan.id]);
    expect(
      (await server.api<{ plans: unknown[] }>('/api/account/recurring', { headers: other })).body
        .plans,
    ).toEqual([]);

    const path = `/api/account/recurring/${plan.id}`;
    expect(
      (await server.api(`${path}/skip`, { body: { date: '2026-12-01' }, headers: other })).status,
    ).toBe(404);
    const skipped = await server.api<PlanReply>(`${path}/skip`, {
      body: { date: '2026-12-01' },
      headers: auth,
    });
    expect(skipped.status).toBe(200);
    expect(skipped.body.plan.upcoming[0]).toMatchObject({ date: '2026-12-01', state: 'skipped' });
    expect(
      (await server.api(`${path}/skip`, { body: { date: '2026-12-02' }, headers: auth })).status,
    ).toBe(422);

    const paused = await server.api<PlanReply>(`${path}/pause`, {
      body: { until: '2027-01-01' },
      headers: auth,
    });
    expect(paused.body.plan).toMatchObject({ status: 'paused', paused_until: '2027-01-01' });
    expect(paused.body.message).toBe('Your repeat collection is paused until Fri 1 Jan.');
    const resumed = await server.api<PlanReply>(`${path}/resume`, { body: {}, headers: auth });
    expect(resumed.body.plan.status).toBe('active');
    const stopped = await server.api<PlanReply>(`${path}/stop`, { body: {}, headers: auth });
    expect(stopped.body.plan).toMatchObject({ status: 'stopped', upcoming: [] });
    expect((await server.api(`${path}/resume`, { body: {}, headers: auth })).status).toBe(409);
    expect(
      (await server.api('/api/account/recurring/not-a-uuid/stop', { body: {}, headers: auth }))
        .status,
    ).toBe(400);
    expect(server.errors).toEqual([]);
  });

  it('PATCH changes a plan’s rule: 422 with the field messages, 404 for someone else’s', async () => {
    const created = await server.api<PlanReply>('/api/account/recurring', {
      body: {
        frequency: 'weekly',
        weekday: 5,
        window_start: '09:00',
        delivery_start: '18:00',
        address: { door_number: 'Flat 3', line1: '7 Elgin Avenue', postcode: 'W9 2HD' },
        notes: 'Ring the bell',
      },
      headers: auth,
    });
    const path = `/api/account/recurring/${created.body.plan.id}`;
    const bad = await server.api<{ errors: Record<string, string[]> }>(path, {
      method: 'PATCH',
      body: { frequency: 'daily', weekday: 5, window_start: '9am', delivery_start: '18:00' },
      headers: auth,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      frequency: ['Please choose how often we collect'],
      window_start: ['Please choose a collection window'],
    });
    const noWindow = await server.api<{ errors: Record<string, string[]> }>(path, {
      method: 'PATCH',
      body: { frequency: 'weekly', weekday: 6, window_start: '19:00', delivery_start: '18:00' },
      headers: auth,
    });
    expect(noWindow.status).toBe(422);
    expect(noWindow.body.errors).toEqual({ window_start: ['Please choose a collection window'] });
    const body = {
      frequency: 'four-weekly',
      weekday: 3,
      window_start: '12:00',
      delivery_start: '18:00',
    };
    expect((await server.api(path, { method: 'PATCH', body, headers: other })).status).toBe(404);
    const changed = await server.api<PlanReply>(path, { method: 'PATCH', body, headers: auth });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(
      'Your repeat collection is changed: every four weeks on Wednesday, collected from 12:00.',
    );
    expect(changed.body.plan).toMatchObject({
      frequency: 'four-weekly',
      weekday_label: 'Wednesday',
      window_start: '12:00',
      address: 'Flat 3, 7 Elgin Avenue, London, W9 2HD',
    });
    expect(changed.body.plan.upcoming.slice(0, 2).map((d) => d.date)).toEqual([
      '2026-12-02',
      '2026-12-30',
    ]);
    expect(server.errors).toEqual([]);
  });
});
