import { expect, test } from '@playwright/test';

test('the site answers and unknown paths get the 404 page', async ({ page }) => {
  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: 'The requested page could not be found.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});
