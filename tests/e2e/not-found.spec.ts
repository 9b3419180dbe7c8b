import { expect, test } from '@playwright/test';
import { placeOrder } from './booking-helpers';
import { expectNoSeriousA11yViolations } from './support';

/*
 * Issue 12 (walk-through M5): a 404 under a real route renders the whole site, like
 * /not-found: header, footer and contact bar, the title 'Page not found', and no axe
 * violation (before, a bare panel without a <title>: axe 'document-title', serious).
 */

for (const path of [
  '/not-found',
  '/pricing/zzz',
  '/blog/x',
  '/branches/nowhere',
  '/order/complete/1',
  '/payment/cancel/00000000-0000-4000-8000-000000000000',
]) {
  test(`${path} is the 404 page with the site around it`, async ({ page }) => {
    const reply = await page.goto(path);
    expect(reply?.status()).toBe(404);
    await expect(page).toHaveTitle('Page not found');
    await expect(
      page.getByRole('heading', { name: 'The requested page could not be found.' }),
    ).toBeVisible();
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Contact us' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page).toHaveTitle('Page not found');
    await expectNoSeriousA11yViolations(page);
  });
}

test('/payment/cancel/{id} of a real order is the payment-error notice', async ({ page }, info) => {
  const { id } = await placeOrder(
    page.request,
    `cancel-${info.project.name}-${Date.now()}@example.com`,
    'pending payment',
  );
  const reply = await page.goto(`/payment/cancel/${id}`);
  expect(reply?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Your payment was not completed' })).toBeVisible();
});

test.describe('first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('no promo pop-up over a 404', async ({ page }) => {
    for (const path of ['/pricing/zzz', '/qwertyuiop', '/not-found']) {
      await page.goto(path);
      await expect(page).toHaveTitle('Page not found');
      await page.waitForTimeout(500);
      await expect(page.getByRole('dialog'), path).toHaveCount(0);
    }
  });
});

/*
 * Issue 12 (probe F5): an address whose percent-escapes cannot be read is a 400 with the
 * site's own page, which stays that page once the browser's scripts have started.
 */
for (const path of ['/order/payment/%zz', '/blog/%E0%A4%A', '/reset-password/%']) {
  test(`${path} is the 400 page with the site around it, after hydration too`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 400/.test(message.text()))
        errors.push(message.text());
    });
    const reply = await page.goto(path);
    expect(reply?.status()).toBe(400);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveTitle('This address is not valid');
    await expect(page.getByRole('heading', { name: 'This address is not valid.' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page).toHaveURL(/\/bad-request$/);
    expect(errors).toEqual([]);
  });
}
