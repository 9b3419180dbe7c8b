import { expect, test, type Browser, type Page } from '@playwright/test';
import { garmentPhotoBytes } from '@tests/helpers/intake-fixtures';
import { logIn } from './account-helpers';
import { E2E_CLAIM_CUSTOMERS, E2E_CLAIM_PASSWORD } from './claims-seed';
import { expectNoSeriousA11yViolations, ownAddress, signIn } from './support';

/* The claims spec's steps (tests/e2e/claims.spec.ts): the customer's, the guest's and staff's. */

// Full-page shots with the sticky header and contact bar in their places in the page, not
// drawn over the content wherever the last scroll left them.
export const unstuck = '.sticky { position: static !important; }';
export const shot = (page: Page, name: string, project: string) =>
  page.screenshot({
    path: `test-results/claims/${name}-${project}.png`,
    fullPage: true,
    style: unstuck,
  });

/** Staff or the owner signed in, in a browser context of their own (own address), at `from`. */
export async function backOffice(
  browser: Browser,
  who: { email: string; password: string },
  octet: number,
  from: string,
) {
  // The project's device (375 px on a phone, 1280 on a desktop): owners sign off on phones too.
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = test.info().project.use;
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
    ...ownAddress(octet),
  });
  const page = await context.newPage();
  await signIn(page, who, from);
  return { page, context };
}

/** The project's registered customer (claims-seed.ts), signed in. */
export async function signInCustomer(page: Page) {
  const project = test.info().project.name as keyof typeof E2E_CLAIM_CUSTOMERS;
  await logIn(page, E2E_CLAIM_CUSTOMERS[project], E2E_CLAIM_PASSWORD);
}

export type GarmentClaim = {
  damage: string;
  category: string;
  age: string;
  cost?: string;
  photo?: boolean;
};

/** The customer reports a problem with one garment from the order's page; the garment's card. */
export async function claimGarment(
  page: Page,
  tag: string,
  fill: GarmentClaim,
  /** The project's name: the order page's screenshot is taken. */
  project?: string,
) {
  await page.goto('/account/orders');
  await page.locator('a[href^="/account/orders/"]').filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: 'A problem with a garment?' })).toBeVisible();
  if (project) {
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'order-report-problem', project);
  }
  await page.getByRole('link', { name: 'Report a problem' }).click();
  await expect(page.getByRole('heading', { name: /^Report a problem with order/ })).toBeVisible();
  return damagedOnForm(page, tag, fill);
}

/** On the claim form, one garment ticked and said damaged as `fill` says; its card. */
export async function damagedOnForm(page: Page, tag: string, fill: GarmentClaim) {
  const card = page.getByRole('listitem').filter({ hasText: `Tag ${tag}` });
  await card.getByRole('checkbox').check();
  await card.getByRole('radio', { name: /^Damaged/ }).check();
  await card.getByLabel('Kind of damage').selectOption({ label: fill.damage });
  await card.getByLabel('What kind of garment it is').selectOption({ label: fill.category });
  await card.getByLabel('Its age in months').fill(fill.age);
  if (fill.cost) await card.getByLabel('What a new one costs (£, optional)').fill(fill.cost);
  if (fill.photo) {
    await card.getByLabel('Your photos of it (optional)').setInputFiles({
      name: 'faded-shirt.jpg',
      mimeType: 'image/jpeg',
      buffer: await garmentPhotoBytes('#bfdbfe'),
    });
  }
  return card;
}

/** Sends the claim form and lands on the claim's page: its path and the claim's id. */
export async function sendClaim(page: Page, claimPage = /\/account\/claims\/\d+\?/) {
  await page.getByRole('button', { name: 'Send my claim' }).click();
  await expect(page).toHaveURL(claimPage);
  const claimPath = new URL(page.url()).pathname;
  return { claimPath, claimId: /(\d+)$/.exec(claimPath)![1]! };
}

/**
 * The offer on a 6-month-old shirt (CL-01: average condition, no receipt) as its claim's page
 * words it: the numbers behind the total, and the customer's rights kept.
 */
export async function expectShirtOffer(page: Page) {
  await expect(page.getByTestId('claim-status')).toHaveText('Offer made');
  await expect(page.getByTestId('offer-total')).toHaveText('£27.50');
  const line = page.getByTestId('offer-line');
  await expect(line).toContainText('We expect shirts and blouses to last 24 months.');
  await expect(line).toContainText(
    'Yours is 6 months old, in the age band up to 6 months, and was in average condition.',
  );
  await expect(line).toContainText(
    'A garment of that age and condition is worth 60% of a new one.',
  );
  await expect(line).toContainText(
    '60% of £40.00 is £24.00; we add the £3.50 you paid to clean it: £27.50 in all.',
  );
  await expect(
    page.getByText(
      'Accepting this offer does not take away your rights under the Consumer Rights Act 2015.',
    ),
  ).toBeVisible();
}

/** Staff, on a claim's page, find it ours: the offer of `offerTotal` is made to the customer. */
export async function findOurs(staff: Page, offerTotal: string) {
  await staff.getByLabel('Whose fault').selectOption({ label: 'Ours' });
  await staff.getByRole('button', { name: 'Save the finding' }).click();
  await expect(staff.getByText('Finding saved and the offer made to the customer.')).toBeVisible();
  await expect(staff.getByTestId('offer-total')).toHaveText(offerTotal);
}
