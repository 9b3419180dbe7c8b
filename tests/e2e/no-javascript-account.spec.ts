import { expect, test } from '@playwright/test';
import { expectAccountCreated, fillSignUp, logIn, password, visible } from './account-helpers';

/*
 * The account forms with JavaScript switched off: every form is a plain HTML form posted to
 * its page's route action, which answers with the page (field errors) or a 303 (the session
 * cookie set or cleared on it). The same journey with JavaScript is account-flows.spec.ts.
 */
test.use({ javaScriptEnabled: false });

test('without JavaScript: sign up, field errors, log in, profile, password, logout', async ({
  page,
  isMobile,
}, info) => {
  const email = `nojs-${info.project.name}-${Date.now()}@example.com`;

  // Sign-up: a bad phone comes back with the summary and the field's message, values kept.
  await page.goto('/signup');
  await fillSignUp(page, { name: 'Nora Script', phone: '020 7946 0000', email });
  // The address search needs JavaScript; the street and postcode are typed instead.
  await page.getByLabel('Building number and street').fill('12 Elgin Avenue');
  await page.getByLabel('Postcode').fill('W9 2HD');
  await page.getByLabel('Door number').fill('12');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please check mandatory fields.');
  await expect(page.getByText('Please provide valid UK mobile number')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('link', { name: 'Phone' })).toHaveAttribute('href', '#signup-phone');
  await expect(page.getByLabel('Full name')).toHaveValue('Nora Script');
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expectAccountCreated(page);

  // Login: a wrong password is refused on the page; the right one logs in.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill('Wrong@1234');
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The e-mail address or password is incorrect. Please try again.',
  );
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Profile: the menu's Profile link opens its page (decision 038); a bad phone, then saved.
  await page.goto('/account');
  await page.getByRole('link', { name: 'Profile', exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await visible(page, isMobile ? 'Mobile number' : 'Mobile number').fill('123');
  await visible(page, 'Current password').first().fill(password);
  await page.getByRole('button', { name: 'Save' }).filter({ visible: true }).first().click();
  await expect(
    page.getByText('Please provide valid UK mobile number').filter({ visible: true }),
  ).toBeVisible();
  await visible(page, 'Name').fill('Nora King');
  await visible(page, 'Mobile number').fill('07700 900456');
  await visible(page, 'Current password').first().fill(password);
  await page.getByRole('button', { name: 'Save' }).filter({ visible: true }).first().click();
  await expect(
    page.getByText('Your profile has been updated.').filter({ visible: true }),
  ).toBeVisible();
  await expect(visible(page, 'Name')).toHaveValue('Nora King');

  // Password change ends the session.
  await page.goto('/account/profile');
  const form = page.locator('form').filter({ has: visible(page, 'Confirm new password') });
  await form.getByLabel('Current password').fill(password);
  await form.getByLabel('New password', { exact: true }).fill('Better@123');
  await form.getByLabel('Confirm new password').fill('Better@124');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByText('Password mismatch, please confirm password before submit')
      .filter({ visible: true }),
  ).toBeVisible();
  const again = page.locator('form').filter({ has: visible(page, 'Confirm new password') });
  await again.getByLabel('Current password').fill(password);
  await again.getByLabel('New password', { exact: true }).fill('Better@123');
  await again.getByLabel('Confirm new password').fill('Better@123');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-changed$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/$/);

  // The new password logs in; Logout ends the session.
  await logIn(page, email, 'Better@123');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/$/);
});
