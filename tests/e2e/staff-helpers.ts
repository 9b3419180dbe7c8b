import { expect, type Browser } from '@playwright/test';
import { E2E_STAFF } from './e2e-staff';

/**
 * A member of staff signs in to the back office in a desk-sized window and opens the one order
 * that `search` (an order number, a name, an e-mail) finds. Close `context` when done.
 */
export async function staffOpensOrder(browser: Browser, search: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await context.newPage();
  await staff.goto('/admin/login');
  await staff.getByLabel('E-mail').fill(E2E_STAFF.email);
  await staff.getByLabel('Password').fill(E2E_STAFF.password);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByRole('heading', { name: 'Orders board' })).toBeVisible();
  await staff.getByRole('link', { name: 'Orders', exact: true }).click();
  await staff.getByLabel('Order number, name, e-mail or postcode').fill(search);
  await staff.getByRole('button', { name: 'Search' }).click();
  const heading = staff.getByRole('heading', { name: /^Order LD-\d+$/ });
  // An order number opens its order at once (walkthrough 20); a name or an e-mail lists the
  // orders that match, one here.
  if (!/^(LD-)?\d+$/i.test(search.trim())) {
    // The list shows every order until the search's answer replaces it with the one found.
    await expect(staff.getByRole('link', { name: /^LD-\d+$/ })).toHaveCount(1);
    await staff.getByRole('link', { name: /^LD-\d+$/ }).click();
  }
  await expect(heading).toBeVisible();
  return { staff, context };
}
