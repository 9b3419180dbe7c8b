import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../server/auth/staff';
import { insertOrderRow, logIn, signUp, staffLogIn } from '@tests/helpers/fixtures';
import { photographGarment, recordGarmentRows } from '@tests/helpers/intake-fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { chromiumArgs, testBrowserPath } from '@tests/helpers/chromium';

/*
 * Issue 16 in the account, in Chromium at 375 px on the production build: the order's view
 * shows its intake report (garments, notes, photos) once sent; the customer says a note is
 * wrong without leaving the account; "Your garments" lists the garment with its history.
 */

describe('the intake report in the account', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  let orderNo: number;

  beforeAll(async () => {
    server = await startTestServer({ pages: 'build' });
    browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
    const { customer_id: customerId } = await signUp(server, {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    token = await logIn(server, 'ada@example.com');
    const order = await insertOrderRow(server.database.db, new Date(Date.now() - 86_400_000), {
      customerId,
      status: 'collected',
    });
    orderNo = order.orderNo;
    const sam = await createStaffUser(server.database.db, {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'staff',
      password: 'a-long-staff-password',
    });
    const actor = { id: sam.id, name: sam.name, role: 'staff' as const };
    const [, coat] = await recordGarmentRows(server.services, actor, order.id, [
      { tag: 'A-1', item: 'Shirt on hanger', colour: 'White' },
      {
        tag: 'A-2',
        item: 'Overcoat (wool)',
        colour: 'Camel',
        brand: 'Crombie',
        damage: 'Moth hole',
      },
    ]);
    await photographGarment(server.services, coat!);
    const staff = await staffLogIn(server, 'sam@shop.test', 'a-long-staff-password');
    const sent = await server.api(`/api/admin/orders/${order.id}/intake-report`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff}` },
    });
    expect(sent.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('mobile (375 px): the order shows its report; a wrong note is flagged from the account', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const url = new URL(server.url);
    await context.addCookies([
      { name: 'cl_session', value: token, domain: url.hostname, path: '/', httpOnly: true },
    ]);
    await context.addInitScript(() => {
      localStorage.setItem('promo_dismissed_at', String(Date.now()));
      localStorage.setItem('app_banner_dismissed_at', String(Date.now()));
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/account`, { waitUntil: 'networkidle', timeout: 90_000 });
    await page
      .getByRole('navigation', { name: 'Account menu' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.getByRole('link', { name: new RegExp(`^LD-${orderNo}\\b`) }).click();
    const report = page.getByTestId('intake-report').filter({ visible: true });
    await report.waitFor();
    const text = await report.innerText();
    expect(text).toContain('Intake report: 2 items');
    expect(text).toContain('Camel · Crombie');
    expect(text).toContain('Already there: Moth hole');
    const photo = report.getByRole('img', { name: 'Photo 1 of tag A-2' });
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);

    await report.getByLabel('What is wrong').selectOption({ label: 'This note is wrong' });
    await report.getByLabel('Which garment (for a wrong note)').selectOption({
      label: 'Tag A-2 · Overcoat (wool)',
    });
    await report.getByLabel('Tell us more').fill('The moth hole was not there before.');
    await report.getByRole('button', { name: 'Send to the shop' }).click();
    await report.getByText(/^Thank you: we have your message/).waitFor();
    const kase = report.getByTestId('intake-case');
    await kase.waitFor();
    expect(await kase.innerText()).toMatch(/This note is wrong[\s\S]*Tag A-2 · Overcoat \(wool\)/);
    expect(page.url()).toMatch(/\/account\/orders\/[0-9a-f-]+$/);
    await page.screenshot({ path: 'test-results/intake-report/account-375.png', fullPage: true });

    await page.goto(`${server.url}/account/garments`);
    const garments = page.getByTestId('garment');
    await garments.first().waitFor();
    expect(await garments.count()).toBe(2);
    expect(await page.getByRole('main').innerText()).toContain('Damage noted: Moth hole');
    await page.screenshot({ path: 'test-results/intake-report/garments-375.png', fullPage: true });
    await context.close();
  }, 120_000);
});
