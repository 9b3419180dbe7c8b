import { expect, test } from '@playwright/test';
import { expectAccountCreated, fillSignUp } from './account-helpers';
import { waitForHydration } from './support';

test('sign-up finds the address with the address search and fills it in', async ({
  page,
}, info) => {
  await page.goto('/signup');
  const search = page.getByRole('combobox', { name: 'Your Location Or Postcode' });
  await search.fill('Randolph Avenue');
  await page.getByRole('option').filter({ hasText: 'Randolph Avenue' }).first().click();
  await page.getByRole('option', { name: /^7 Randolph Avenue/ }).click();
  await expect(search).toHaveValue('7 Randolph Avenue, London, W9 1BH');
  await expect(page.getByLabel('Door number')).toHaveValue('7');
  await page.getByLabel('Door number').fill('Flat 4');
  await expect(page.locator('main')).toContainText(
    'Your address: Flat 4, 7 Randolph Avenue, London, W9 1BH',
  );
  await fillSignUp(page, {
    name: 'Lise Meitner',
    phone: '07700 900555',
    email: `lookup-${info.project.name}-${Date.now()}@example.com`,
  });
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expectAccountCreated(page);
});

test('sign-up: each message goes as soon as its field is fixed (walk-through M6)', async ({
  page,
}) => {
  await page.goto('/signup');
  // The messages of the hydrated form (before hydration the server answers the submit).
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const name = page.getByText('Please enter your full name');
  const address = page.getByText('Please choose your address from the list, or enter it by hand');
  await expect(name).toBeVisible();
  await expect(address).toBeVisible();
  await page.getByLabel('Full name').fill('Lise Meitner');
  await expect(name).toHaveCount(0);
  await expect(page.getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Phone').fill('12345');
  await expect(page.getByText('Please provide valid UK mobile number')).toBeVisible();
  await page.getByLabel('Phone').fill('07700 900555');
  await expect(page.getByText('Please provide valid UK mobile number')).toHaveCount(0);

  // By hand: the postcode's message goes when SW3 5UP is complete.
  await page.getByRole('button', { name: /Enter it by hand/ }).click();
  await page.getByLabel('Building number and street').fill('12 Elystan Place');
  await page.getByLabel('Postcode').fill('SW3');
  await expect(page.getByText('Please enter a valid UK postcode')).toBeVisible();
  await page.getByLabel('Postcode').fill('SW3 5UP');
  await expect(page.getByText('Please enter a valid UK postcode')).toHaveCount(0);
  await expect(page.locator('main')).toContainText(
    'Your address: 12 Elystan Place, London, SW3 5UP',
  );
});
