/**
 * What Playwright starts: the production build on a fresh embedded database in a temporary
 * folder, sending mail to a real SMTP server started here. Tests read that mail over HTTP
 * on E2E_PORT + 1 (tests/e2e/support.ts).
 */
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/start';
import { startSmtpServer } from '@tests/helpers/smtp-server';
// scrypt at the tests' cost: the specs sign up and in some hundreds of times a project, at
// ~90 ms of CPU each at 2^15, which the browser tests do not test (decision 065).
import '@tests/helpers/quick-password-hashes';
import { createStaffUser } from '../../server/auth/staff';
import { seedBranches } from './branches-seed';
import { E2E_CAP_PENCE, E2E_CAPPED_ORDERS, E2E_STAFF } from './e2e-staff';
import { E2E_INTAKE_ORDERS } from './e2e-intake';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { payments } from '../../server/db/schema';
import { seedIntakeOrders } from './intake-report-seed';
import { seedClaimOrders } from './claims-seed';
import { E2E_DRIVER, E2E_DRIVER_PROJECTS, e2eDriverStops } from './e2e-driver';
import { londonDayRange, londonToday } from '../../shared/london-time';
import { runCollectionReminders, seedTextCustomers } from './text-history-seed';
import { seedFullWindows } from './full-windows-seed';
import { seedUncollected } from './uncollected-seed';
import { officeChangesNote, seedOfflineRound } from './driver-offline-seed';

const port = Number(process.env.E2E_PORT ?? 3100);
if (!existsSync(path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js'))) {
  console.error('No production build: run `npm run build` first (npm run test:e2e does).');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cl-e2e-'));
const smtp = await startSmtpServer();
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  // As behind the production proxy: each project's browser comes from its own address
  // (playwright.config.ts), so the per-address rate limits (decision 013) count each apart.
  TRUST_PROXY_HOPS: '1',
});
const running = await startServer(config, { pages: 'build' });
// The back-office spec signs in as this member of staff.
const e2eStaff = await createStaffUser(running.services.db, {
  email: E2E_STAFF.email,
  password: E2E_STAFF.password,
  name: 'Sam Staff',
  role: 'staff',
});
// The branches spec (issue 32): an owner, staff of two branches, a collection in each.
await seedBranches(running.services);
// The approval spec starts from a capped order in cleaning with a card saved, per project.
for (const email of Object.values(E2E_CAPPED_ORDERS)) {
  const now = running.services.now();
  const order = await insertOrderRow(running.services.db, new Date(now.getTime() - 86_400_000), {
    status: 'cleaning',
    customerName: 'Grace Hopper',
    customerEmail: email,
    priceCapPence: E2E_CAP_PENCE,
    paymentMethod: 'card',
    paymentState: 'card_saved',
  });
  await running.services.db.insert(payments).values({
    orderId: order.id,
    provider: 'test',
    kind: 'card_setup',
    providerRef: `seti_e2e_${order.id}`,
    status: 'succeeded',
    amountPence: 0,
    providerCustomerId: 'cus_e2e',
    paymentMethodId: 'pm_card_visa',
    cardBrand: 'visa',
    cardLast4: '4242',
    createdAt: now,
    updatedAt: now,
  });
}
// The intake report spec (issue 16) starts from a collected order with garments, per project.
await seedIntakeOrders(running.services, {
  id: e2eStaff.id,
  name: e2eStaff.name,
  role: 'staff',
});
// The claims spec (issue 34) starts from a delivered order of a registered customer.
await seedClaimOrders(running.services, { id: e2eStaff.id, name: e2eStaff.name, role: 'staff' });

// The intake spec (issue 16) starts from a collected order, per project.
for (const email of Object.values(E2E_INTAKE_ORDERS)) {
  await insertOrderRow(
    running.services.db,
    new Date(running.services.now().getTime() - 3_600_000),
    {
      status: 'collected',
      customerName: 'Ada Lovelace',
      customerEmail: email,
    },
  );
}
// The driver's spec (issue 16): a driver, and today's stops per project (see e2e-driver.ts).
{
  const db = running.services.db;
  await createStaffUser(db, { ...E2E_DRIVER, name: 'Dan Driver', role: 'driver' });
  const today = londonDayRange(londonToday(running.services.now())).from.getTime();
  const hour = 3_600_000;
  for (const project of E2E_DRIVER_PROJECTS) {
    const stops = e2eDriverStops(project);
    const person = (p: { name: string; email: string }) => ({
      customerName: p.name,
      customerEmail: p.email,
    });
    await insertOrderRow(db, new Date(today + 9 * hour), {
      ...person(stops.collect),
      doorNumber: 'Flat 2',
      customerNotes: 'Ring twice, the bell is loud',
      estimate: {
        items: [{ serviceId: 1, name: 'Shirt', quantity: 5, unitPricePence: 350 }],
        notSure: false,
      },
    });
    await insertOrderRow(db, new Date(today + 10 * hour), {
      ...person(stops.missed),
      postcode: 'NW6 1AA',
      fullAddress: '3 Kilburn Lane\nLondon\nNW6 1AA',
    });
    await insertOrderRow(db, new Date(today - 48 * hour), {
      ...person(stops.deliver),
      status: 'out for delivery',
      postcode: 'W2 4DX',
      fullAddress: '7 Westbourne Grove\nLondon\nW2 4DX',
      deliveryStartsAt: new Date(today + 11 * hour),
      deliveryEndsAt: new Date(today + 12 * hour),
    });
    await insertOrderRow(db, new Date(today + 13 * hour), {
      ...person(stops.unpaid),
      status: 'pending payment',
      postcode: 'W9 1EX',
      fullAddress: '48 Castellain Road\nLondon\nW9 1EX',
    });
    await insertOrderRow(db, new Date(today - 24 * hour), {
      ...person(stops.tomorrow),
      status: 'ready',
      postcode: 'W9 3AB',
      fullAddress: '5 Randolph Avenue\nLondon\nW9 3AB',
      deliveryStartsAt: new Date(today + 34 * hour),
      deliveryEndsAt: new Date(today + 35 * hour),
    });
  }
}

// Issue 17's text history spec: customers with an order collected tomorrow, per project.
await seedTextCustomers(running.services);
// Issue 18's slot picker spec: the first and the last window of the last day on offer, full.
const fullWindows = await seedFullWindows(running.services);
// Issue 32's uncollected screen and reports page (decision 054).
await seedUncollected(running.services);
// Issue 33's driver round without a signal (driver-offline.spec.ts).
await seedOfflineRound(running.services);

const mailApi = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/texts/reminders') {
    // The evening-before reminder run now, as the scheduler would (text-history.spec.ts).
    void runCollectionReminders(running.services).then(
      (queued) => res.end(JSON.stringify({ queued })),
      (error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      },
    );
    return;
  }
  if (req.method === 'POST' && url.pathname === '/driver/office-note') {
    // The office changes a stop while the driver's action waits on the phone (issue 33).
    void officeChangesNote(running.services, url.searchParams.get('email') ?? '').then(
      (changed) => res.end(JSON.stringify({ changed })),
      (error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      },
    );
    return;
  }
  if (url.pathname === '/ready') {
    // Listening here means every seed above is in (playwright.config.ts waits for it).
    res.end('ready');
    return;
  }
  if (url.pathname === '/slots/full') {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(fullWindows));
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = smtp.messages.filter((m) => !to || m.to.some((a) => a.toLowerCase() === to));
  res.setHeader('Content-Type', 'application/json');
  res.end(
    JSON.stringify(
      found.map(({ subject, text, to: recipients }) => ({ subject, text, to: recipients })),
    ),
  );
});
mailApi.listen(port + 1, '127.0.0.1');

const stop = async () => {
  mailApi.close();
  await running.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
