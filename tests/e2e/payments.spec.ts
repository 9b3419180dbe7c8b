import { expect, test, type Page } from '@playwright/test';
import { bookFromHome } from './booking-helpers';
import { expectNoSeriousA11yViolations } from './support';

/*
 * Payment after cleaning in TEST MODE: an order placed with "save a card now" goes to the
 * payment page; Stripe's test cards and the test PayPal approval decide what happens.
 */

async function orderWaitingForPayment(page: Page, label: string) {
  await bookFromHome(page);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByLabel('E-mail').fill(`pay-${label}@example.com`);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await page.getByLabel(/Save a card now/).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  // Issue 31: Place Order leads straight to the card page (no "one more step" screen).
  await expect(page).toHaveURL(/\/order\/payment\/[0-9a-f-]{36}(\?t=[^&]+)?$/);
  await expect(page.getByText(/TEST MODE/).first()).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

test('card saved with 4242: confirmation page', async ({ page }, info) => {
  await orderWaitingForPayment(page, `saved-${info.project.name}`);
  // Nothing is charged now: the button saves the card; the screen between is gone.
  await expect(page.getByRole('button', { name: 'Save card' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with Stripe' })).toHaveCount(0);
  await expect(page.getByText('Continue to payment details')).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: 'CARD DETAILS (PAYMENT AFTER CLEANING)' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/order\/complete\//);
  await expect(page.getByRole('heading', { name: /your order is booked/ })).toBeVisible();
});

test('card declined with 0002: the provider message under the form', async ({ page }, info) => {
  await orderWaitingForPayment(page, `declined-${info.project.name}`);
  await fillCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/order\/payment\//);
});

test('card needing authentication (3155): the bank step, then saved', async ({ page }, info) => {
  await orderWaitingForPayment(page, `auth-${info.project.name}`);
  await fillCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/order\/complete\//);
});

test('PayPal verified: confirmation; PayPal cancelled: the payment-error panel', async ({
  page,
}, info) => {
  await orderWaitingForPayment(page, `paypal-${info.project.name}`);
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  // The embedded provider's stand-in for PayPal's approval page, then back with the token.
  await expect(page).toHaveURL(/\/payment\/test-paypal\/PAYPAL_TEST_/);
  await expect(page.getByRole('heading', { name: 'PayPal: approve £0.35' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order\/complete\//);

  await orderWaitingForPayment(page, `paypal-fail-${info.project.name}`);
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/order\/cancel\//);
  await expect(page.getByRole('heading', { name: 'Sorry / payment Error' })).toBeVisible();
  await expect(page.locator('main')).toContainText('(020) 7328 5621');
  await expect(page.getByRole('link', { name: 'Back To Home' })).toBeVisible();
});
