import { expect, test } from '@playwright/test';
import { logIn, password } from './account-helpers';

// Sign-ups of their own address (playwright.config.ts gives each project one): the hourly
// sign-up limit per address (decision 013) counts this file apart from the rest of the suite.
test.use({
  // Playwright reads fixtures from the first argument's pattern: it must be `{}` here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide, info) => {
    await provide({ 'X-Forwarded-For': `198.51.100.${info.project.name === 'mobile' ? 41 : 40}` });
  },
});

/*
 * Issue 30 (decision 042): a shared page is the same bytes for everybody, rendered for
 * nobody; a signed-in customer reading it still sees their name and their account in the
 * header (filled in the browser from the cookie beside the session), never Login / Signup,
 * with no hydration error; after logging out the same page offers Login again. The home page
 * is shared as well: her saved addresses are asked for by the browser and offered in its form.
 */

test('a signed-in customer sees their name on a shared page; logged out, Login again', async ({
  page,
  isMobile,
}, info) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const email = `shared-${info.project.name}@example.com`;
  const register = await page.request.post('/api/register', {
    data: {
      name: 'Grace Hopper',
      email,
      phone: '07700 900654',
      password,
      address: { door_number: '1', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
    },
  });
  expect(register.status(), await register.text()).toBe(200);
  await logIn(page, email);

  const reply = await page.goto('/pricing');
  // The very page everybody gets: kept, with nothing of Grace's in its bytes.
  expect(reply!.headers()['x-page-cache']).toMatch(/hit|miss|stale/);
  expect(await reply!.text()).not.toContain('Grace');
  const header = page.getByRole('banner');
  if (isMobile) {
    await header.locator('summary', { hasText: 'Menu' }).click();
    await expect(header.getByRole('link', { name: 'Account (Grace)' })).toBeVisible();
  } else {
    // The name is painted by CSS from the cookie (no text in the bytes): read as the name.
    await expect(header.locator('summary').filter({ visible: true })).toHaveAccessibleName(
      /^Grace/,
    );
  }
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  await page.screenshot({ path: `test-results/signed-in-shared-${info.project.name}.png` });

  // The home page is shared too (issue 30): her address book is asked for by the browser
  // and offered in the booking form, the most recent entry chosen.
  const home = await page.goto('/');
  expect(home!.headers()['x-page-cache']).toMatch(/hit|miss|stale/);
  const homeBytes = await home!.text();
  expect(homeBytes).not.toContain('Grace');
  expect(homeBytes).not.toContain('Your saved addresses');
  const form = page.locator('form#order');
  await expect(form.getByText('Your saved addresses')).toBeVisible();
  const saved = form.getByRole('radio', { name: /Elgin Avenue/ });
  await expect(saved).toBeChecked();
  await expect(form.getByLabel('Door number')).toHaveValue('1');
  // She can leave it and pick it again.
  await form.getByRole('radio', { name: 'Use a different address' }).check();
  await expect(form.getByLabel('Door number')).toHaveValue('');
  await saved.check();
  await expect(form.getByLabel('Door number')).toHaveValue('1');
  await expect(form).toContainText('Elgin Avenue, London, W9 2HD');
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/signed-in-home-${info.project.name}.png` });
  await page.goto('/pricing');
  if (isMobile) await header.locator('summary', { hasText: 'Menu' }).click();

  // Logging out from the shared page's own menu: the page offers Login again.
  if (!isMobile) await header.locator('summary').filter({ visible: true }).click();
  await header.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/pricing');
  if (isMobile) await header.locator('summary', { hasText: 'Menu' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(
    isMobile
      ? header.getByRole('link', { name: /^Account/ }).filter({ visible: true })
      : header.locator('summary').filter({ visible: true }),
  ).toHaveCount(0);
  // Signed out, the same home page has no address book in its form.
  await page.goto('/');
  await expect(page.locator('form#order').getByText('Your saved addresses')).toHaveCount(0);
  await page.screenshot({ path: `test-results/signed-out-home-${info.project.name}.png` });
  expect(errors).toEqual([]);
});
