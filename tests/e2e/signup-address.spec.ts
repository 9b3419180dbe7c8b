import { expect, test } from '@playwright/test';

test('sign-up finds the address with the address search and fills it in', async ({
  page,
}, info) => {
  await page.goto('/signup');
  await page.getByRole('combobox', { name: 'Find your address' }).fill('Randolph Avenue');
  await page.getByRole('option').filter({ hasText: 'Randolph Avenue' }).first().click();
  await page.getByRole('option').filter({ hasText: '7 Randolph Avenue' }).first().click();
  await expect(page.getByLabel('Your Location Or Postcode')).toHaveValue('W9 1BH');
  await expect(page.getByLabel('Door no.')).toHaveValue('7');
  await expect(page.getByLabel('Street')).toHaveValue('Randolph Avenue');
  await page.getByLabel('Full name').fill('Lise Meitner');
  await page.getByLabel('Phone').fill('07700 900555');
  await page.getByLabel('Email').fill(`lookup-${info.project.name}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Secret@123');
  await page.getByLabel('Confirm password').fill('Secret@123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByText('Your account is successfully created, please login to your account.'),
  ).toBeVisible();
});
