import pg from 'pg';
import { hashPassword } from '../server/auth/passwords';
import { pickupAndDelivery } from './checkout-path';
import type { LighthousePage } from './lighthouse';

/**
 * The five pages issue 30 holds to the Lighthouse budget: home, pricing, an area page, the
 * checkout (the guest step a booking lands on, with real slots) and the driver's round, seen by
 * a signed-in driver (an account made for the run, its session sent as the back office's cookie).
 */
export async function lighthousePages(
  baseUrl: string,
  area: string,
  databaseUrl: string,
): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = [{ path: '/' }, { path: '/pricing' }, { path: area }];
  const { pickup, delivery } = await pickupAndDelivery(baseUrl);
  const booking = new URLSearchParams({
    line1: '12 Elgin Avenue',
    postcode: 'W9 1AA',
    door: '12',
    pickup: `${pickup.slot_date} ${pickup.slot_start}`,
    delivery: `${delivery.slot_date} ${delivery.slot_start}`,
    town: 'London',
    company: '',
    address_type: 'home',
    manual: '1',
  });
  pages.push({ path: `/customer?${booking.toString()}`, label: '/customer (checkout)' });
  const cookie = await driverSession(baseUrl, databaseUrl);
  pages.push({ path: '/admin/driver', headers: { Cookie: cookie } });
  return pages;
}

async function driverSession(baseUrl: string, databaseUrl: string): Promise<string> {
  const email = `bench-driver-${process.pid}@example.com`;
  const password = `Bench-${process.pid}-driver`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into staff_users (email, name, role, password_hash) values ($1, 'Bench Driver', 'driver', $2)
       on conflict (email) do update set password_hash = excluded.password_hash`,
      [email, await hashPassword(password)],
    );
  } finally {
    await db.end();
  }
  const reply = await fetch(new URL('/api/admin/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.250.0.9' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await reply.json()) as { token?: string };
  if (!reply.ok || !body.token) throw new Error(`driver sign-in failed: ${reply.status}`);
  return `cl_staff=${body.token}`;
}
