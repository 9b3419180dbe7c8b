import { expect, type Page } from '@playwright/test';

/** Steps of the account pages shared by the browser tests, with and without JavaScript. */

export const password = 'Secret@123';

/** The visible one of the account page's desktop/mobile twins. */
export const visible = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).filter({ visible: true });

/** The sign-up form's personal details and both passwords (the address is the test's own). */
export async function fillSignUp(
  page: Page,
  person: { name: string; phone: string; email: string },
  pass = password,
) {
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Phone').fill(person.phone);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByLabel('Confirm password').fill(pass);
}

/** Where Sign Up leads: /login, with the spec's message. */
export async function expectAccountCreated(page: Page) {
  await expect(page).toHaveURL(/\/login\?notice=created$/);
  await expect(
    page.getByText('Your account is successfully created, please login to your account.'),
  ).toBeVisible();
}

/** The two steps of /login; then the account (issue 31: no page to return to). */
export async function logIn(page: Page, email: string, pass = password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(pass);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/account$/);
}
