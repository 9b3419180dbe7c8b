import { expect, test, type Page } from '@playwright/test';
import { firstSlots, signUp } from '@tests/helpers/fixtures';
import { logIn } from './account-helpers';
import { callerOf, chooseAddress, chooseSlots } from './booking-helpers';
import { expectNoSeriousA11yViolations, waitForHydration } from './support';

/*
 * Issue 31 (walkthrough 10 and 14): the checkout's Apply checks a promo or referral code at
 * once and the estimate shows its line; without JavaScript Apply posts and the page comes back
 * with the line. The account's credit page has the referral's share link (/?ref=CODE) with
 * Copy; the home page carries the code through the booking form to the checkout's code field.
 * The TEST MODE card page says Apple Pay and Google Pay appear with real keys.
 */

test.use({
  // Playwright reads fixtures from the first argument's pattern: it must be `{}` here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide, info) => {
    await provide({ 'X-Forwarded-For': `198.51.100.${info.project.name === 'mobile' ? 41 : 40}` });
  },
});

/** A guest of their own (door, phone, e-mail) on the summary step. */
async function guestSummary(page: Page, tag: string, door: string, phone: string) {
  const { pickup, delivery } = await firstSlots(callerOf(page.request));
  const booking = new URLSearchParams({
    line1: 'Elgin Avenue',
    postcode: 'W9 2HD',
    door,
    pickup: `${pickup.slot_date} ${pickup.slot_start}`,
    delivery: `${delivery.slot_date} ${delivery.slot_start}`,
  });
  await page.goto(`/customer?${booking}`);
  await page.getByLabel('Full name').fill('Ada Apply');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('E-mail').fill(`${tag}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
}

test('Apply shows the code’s line in the estimate at once; a refusal beside the field', async ({
  page,
}, info) => {
  const mobile = info.project.name === 'mobile';
  await guestSummary(
    page,
    'apply',
    mobile ? '171' : '172',
    mobile ? '07700 900871' : '07700 900872',
  );
  // The estimate is the page's script: a tap before hydration adds nothing.
  await waitForHydration(page);
  await page.getByLabel('Add an item from the price list').selectOption({
    label: 'Two-piece suit (£18.50)',
  });
  await page.getByLabel('Quantity', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const total = page.getByTestId('estimate-total');
  await expect(total).toContainText('£37.00');

  const code = page.getByLabel('Promo or referral code (optional)');
  await code.fill('NOSUCH');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(
    page.locator('#promo_code-error', {
      hasText: 'We do not know the code NOSUCH. Please check it and try again.',
    }),
  ).toBeVisible();
  await expect(page.getByTestId('estimate-discount')).toHaveCount(0);

  await code.fill('app30');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  // 30 % of £37.00 is £11.10: £25.90 after it.
  await expect(page.getByTestId('estimate-discount')).toHaveText('Promo APP30−£11.10');
  await expect(total).toContainText('£25.90');
  await expect(page.getByTestId('promo-applied')).toHaveText('✓ Promo APP30 applied.');
  // Still on the summary: nothing was placed.
  await expect(page).toHaveURL(/\/customer\?/);
  // The line follows the estimate.
  await page.getByLabel('Quantity of Two-piece suit').fill('3');
  await expect(page.getByTestId('estimate-discount')).toHaveText('Promo APP30−£16.65');
  await page.getByTestId('estimate-total').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`promo-applied-${info.project.name}.png`) });
  await expectNoSeriousA11yViolations(page);

  // Saving a card next: the TEST MODE card page says where the wallets are.
  await page.getByLabel(/Save a card now/).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/payment\//);
  await expect(
    page.getByText('Apple Pay and Google Pay appear here with real Stripe keys.'),
  ).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Apply posts the summary and it comes back with the code’s line', async ({ page }, info) => {
    const mobile = info.project.name === 'mobile';
    await guestSummary(
      page,
      'nojs-apply',
      mobile ? '173' : '174',
      mobile ? '07700 900873' : '07700 900874',
    );
    await page.getByLabel('Promo or referral code (optional)').fill('NOSUCH');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.locator('#promo_code-error')).toHaveText(
      'We do not know the code NOSUCH. Please check it and try again.',
    );
    await page.getByLabel('Promo or referral code (optional)').fill('APP30');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('estimate-discount')).toHaveText(
      'Promo APP30: 30 % off, taken off your invoice.',
    );
    await expect(page.getByLabel('Promo or referral code (optional)')).toHaveValue('APP30');
  });
});

test('the referral’s share link with Copy; the link carries the code to the checkout', async ({
  page,
  context,
}, info) => {
  const mobile = info.project.name === 'mobile';
  const email = `share-${info.project.name}-${Date.now()}@example.com`;
  await signUp(callerOf(page.request), { name: 'Grace Share', email });
  await logIn(page, email);
  await page.goto('/account/credit');
  const link = page.getByLabel('Your share link');
  await expect(link).toHaveValue(/\/\?ref=GRACE-[A-Z2-9]{4}$/);
  const shared = new URL(await link.inputValue());
  const code = shared.searchParams.get('ref')!;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(/Link copied\.|Select the link and copy it\./)).toBeVisible();
  await page.screenshot({
    path: info.outputPath(`referral-share-${info.project.name}.png`),
    fullPage: true,
  });
  await expectNoSeriousA11yViolations(page);

  // A friend opens the link (logged out), books, and finds the code at the checkout.
  await context.clearCookies();
  await page.goto(`/?ref=${code.toLowerCase()}`);
  await expect(page.getByTestId('referral-line')).toHaveText(
    `Referral code ${code} applied at checkout.`,
  );
  await chooseAddress(page, 'Elgin Avenue', mobile ? '57' : '58');
  await chooseSlots(page);
  await page.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer\\?.*ref=${code}`));
  await page.getByLabel('Full name').fill('Fred Friend');
  await page.getByLabel('Phone').fill(mobile ? '07700 900875' : '07700 900876');
  await page.getByLabel('E-mail').fill(`friend-${info.project.name}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await expect(page.getByLabel('Promo or referral code (optional)')).toHaveValue(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('estimate-discount')).toHaveText(
    `Referral code ${code}: £10.00 off, taken off your invoice.`,
  );
});
