import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../server/db/schema';
import { insertOrderRow, logIn, signUp } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { chromiumArgs, testBrowserPath } from '@tests/helpers/chromium';
import { waitForHydration } from '@tests/helpers/hydration';

/*
 * The account pages with real orders in the database, in Chromium at 1280 px (desktop page)
 * and 375 px (mobile page), served from the production build (npm run test:e2e builds it).
 * Orders are inserted directly, as checkout would write them.
 */

const HOUR = 60 * 60 * 1000;
const password = 'Secret@123';

describe('account pages with orders', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  const now = new Date();
  const ids: Record<string, { id: string; orderNo: number }> = {};

  beforeAll(async () => {
    server = await startTestServer({ pages: 'build' });
    browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
    const ada = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900123' };
    const { customer_id: customerId } = await signUp(server, { ...ada, password });
    token = await logIn(server, ada.email, password);
    const make = async (key: string, pickupInMs: number, status: 'pending' | 'pending payment') => {
      const order = await insertOrderRow(server.database.db, new Date(now.getTime() + pickupInMs), {
        customerId,
        status,
        subtotalPence: 3250,
        discountPence: 500,
        totalPence: 2750,
        amountDuePence: 2750,
      });
      await server.database.db.insert(orderItems).values([
        { orderId: order!.id, itemName: 'Two-piece suit', quantity: 1, unitPricePence: 1850 },
        { orderId: order!.id, itemName: 'Shirt on hanger', quantity: 4, unitPricePence: 350 },
      ]);
      ids[key] = { id: order!.id, orderNo: order!.orderNo };
    };
    await make('soon', 1 * HOUR, 'pending payment');
    await make('later', 72 * HOUR, 'pending');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openAccount(width: number) {
    // No service worker: the app's would answer the page's API calls itself, out of reach
    // of page.route, with which the cancel test holds its call.
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      serviceWorkers: 'block',
    });
    const url = new URL(server.url);
    await context.addCookies([
      { name: 'cl_session', value: token, domain: url.hostname, path: '/', httpOnly: true },
    ]);
    // A returning visitor: the promo pop-up and the app banner were closed before.
    await context.addInitScript(() => {
      localStorage.setItem('promo_dismissed_at', String(Date.now()));
      localStorage.setItem('app_banner_dismissed_at', String(Date.now()));
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/account`, { waitUntil: 'networkidle', timeout: 90_000 });
    if (!page.url().endsWith('/account')) throw new Error(`redirected to ${page.url()}`);
    return { page, context };
  }

  it('desktop (1280 px): recent orders, order detail with totals, Pay Now, and a late cancel explained', async () => {
    const { page, context } = await openAccount(1280);
    const order = ids.soon!;
    const row = page
      .getByRole('row')
      .filter({ hasText: `LD-${order.orderNo}` })
      .filter({ visible: true });
    await row.waitFor({ timeout: 60_000 });
    expect(await row.innerText()).toMatch(/Ada Lovelace[\s\S]*£27\.50[\s\S]*pending payment/i);
    await page.screenshot({ path: 'test-results/account-pages/orders-1280.png', fullPage: true });
    await row.getByRole('link', { name: `View order LD-${order.orderNo}` }).click();
    // The order has its own address (decision 038).
    await page.waitForURL(new RegExp(`/account/orders/${order.id}$`));
    const detail = page
      .locator('section')
      .filter({ visible: true })
      .filter({ hasText: 'Payment method' });
    await detail.waitFor();
    const text = await detail.innerText();
    expect(text).toContain('PENDING PAYMENT');
    expect(text).toContain('Online Payment');
    expect(text).toMatch(/Subtotal\s+£32\.50/);
    expect(text).toMatch(/Discount\s+−£5\.00/);
    expect(text).toMatch(/Total\s+£27\.50/);
    expect(text).toContain('12 Elgin Avenue');
    const pay = detail.getByRole('link', { name: 'Pay Now' });
    expect(await pay.getAttribute('href')).toBe(
      `/order/payment/${order.id}?amount=27.50&tag=Skip%20Basket`,
    );
    await page.screenshot({
      path: 'test-results/account-pages/order-detail-1280.png',
      fullPage: true,
    });
    await detail.getByRole('button', { name: 'Cancel Order' }).click();
    await detail.getByRole('button', { name: 'Yes, cancel order' }).click();
    await detail
      .getByText(/can be cancelled up to 2 hours before collection[\s\S]*\(020\) 7328 5621/)
      .waitFor();
    await context.close();
  }, 120_000);

  it('mobile (375 px): greeting, menu, order list with due amount, order detail', async () => {
    const { page, context } = await openAccount(375);
    const order = ids.soon!;
    await page.getByText('Hello, Ada Lovelace').waitFor({ timeout: 60_000 });
    await page
      .getByRole('navigation', { name: 'Account menu' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.waitForURL(/\/account\/orders$/);
    const item = page.getByRole('link', { name: new RegExp(`^LD-${order.orderNo}\\b`) });
    expect(await item.innerText()).toMatch(/Total £27\.50[\s\S]*Due £27\.50/);
    await page.screenshot({ path: 'test-results/account-pages/orders-375.png', fullPage: true });
    await item.click();
    const detail = page
      .locator('section')
      .filter({ visible: true })
      .filter({ hasText: 'Amount due' });
    await detail.getByRole('link', { name: 'Pay Now' }).waitFor();
    await page.screenshot({
      path: 'test-results/account-pages/order-detail-375.png',
      fullPage: true,
    });
    await context.close();
  }, 120_000);

  it('a cancel in time: the button waits while the call is out (a React transition), then the order reads cancelled', async () => {
    const { page, context } = await openAccount(1280);
    const order = ids.later!;
    await page.goto(`${server.url}/account/orders/${order.id}`, { waitUntil: 'networkidle' });
    // Cancel Order is a JavaScript control: a click before hydration began would be lost.
    await waitForHydration(page);
    // Hold the cancel call until the pending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/orders/*/cancel', async (route) => {
      await held;
      await route.continue();
    });
    const detail = page
      .locator('section')
      .filter({ visible: true })
      .filter({ hasText: 'Payment method' });
    await detail.getByRole('button', { name: 'Cancel Order' }).click();
    await detail.getByRole('button', { name: 'Yes, cancel order' }).click();
    const waiting = detail.getByRole('button', { name: 'Cancelling…' });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    release();
    await expect.poll(() => detail.innerText(), { timeout: 20_000 }).toContain('CANCELLED');
    expect(await detail.getByRole('button', { name: /Cancel/ }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
