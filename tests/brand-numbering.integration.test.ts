import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../server/db/schema';
import { demoGuest, MONDAY_6AM, placeGuestOrder } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * A second dry cleaner runs the site under its own brand file: its order numbers carry its
 * own prefix, in the API's replies and the e-mails, and staff find orders by them.
 */

let server: TestServer;
beforeAll(async () => {
  const brand = JSON.parse(readFileSync('config/brand.json', 'utf8')) as Record<string, unknown>;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'brand-')), 'brand.json');
  writeFileSync(file, JSON.stringify({ ...brand, name: 'Kensal Cleaners', orderPrefix: 'KC' }));
  server = await startTestServer({ now: () => MONDAY_6AM, env: { BRAND_FILE: file } });
}, 60_000);
afterAll(() => server?.stop());

it("numbers orders with the brand's prefix, in the reply and the e-mails", async () => {
  const { order } = await placeGuestOrder(server);
  expect(order.order_no).toMatch(/^KC-\d{6}$/);
  const mails = await server.database.db.select().from(outbox);
  const confirmation = mails.find((m) => m.toAddress === demoGuest.email);
  expect(confirmation?.textBody).toContain(order.order_no);
  expect(mails.some((m) => /\bLD-\d/.test(m.textBody))).toBe(false);
});
