import { expect, test, type Page } from '@playwright/test';
import { E2E_OWNER, E2E_TWO_BRANCHES } from './e2e-staff';
import { expectNoSeriousA11yViolations, ownAddress, signIn, waitForHydration } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(170));

/*
 * Issue 32's last browser proofs, on a 1280 px desk (desktop) and a 1024 × 768 touch tablet
 * (the mobile project, which emulates a touch screen): a garment's tag scanned at the counter
 * opens its ticket, and a ticket raised at Maida Vale is collected at West Hampstead when the
 * owner allows it (decision 050). The owner gives West Hampstead a counter and allows
 * collection elsewhere first, and puts both back at the end.
 */

test.use({
  viewport: async ({ isMobile }, provide) =>
    provide(isMobile ? { width: 1024, height: 768 } : { width: 1280, height: 800 }),
});
// One story: the owner's settings, the ticket, its collection elsewhere, the settings put back.
test.describe.configure({ mode: 'serial', retries: 0 });

const size = (page: Page) => `${page.viewportSize()!.width}x${page.viewportSize()!.height}`;
/** The ticket raised at Maida Vale ("LD-1234"), and its first garment's tag. */
let number = '';
let tag = '';

async function ownerSettings(page: Page, on: boolean) {
  await signIn(page, E2E_OWNER, '/admin/branches?branch=west-hampstead');
  await expect(page.getByRole('button', { name: 'Save West Hampstead' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('This branch takes walk-in orders over the counter').setChecked(on);
  await page.getByRole('button', { name: 'Save West Hampstead' }).click();
  await expect(page.getByText('West Hampstead saved.')).toBeVisible();
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page
    .getByLabel(
      'A ticket may be collected at any branch with a counter, not only where it was handed in',
    )
    .setChecked(on);
  await page.getByRole('button', { name: 'Save the counter’s settings' }).click();
  await expect(page.getByText('Saved. The counter’s hand-over rules are updated.')).toBeVisible();
}

/** The scanner types into the counter's find box, which has the focus, and Enter. */
async function scan(page: Page, typed: string) {
  await page.goto('/admin/counter');
  await waitForHydration(page);
  await expect(page.getByLabel('Find a customer or scan a ticket')).toBeFocused();
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/counter\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  await waitForHydration(page);
}

test('the owner lets West Hampstead take tickets and collect other branches’ tickets', async ({
  page,
}) => {
  await ownerSettings(page, true);
});

test('a ticket raised at Maida Vale, its garment tagged: the tag scanned at the counter opens the ticket', async ({
  page,
}, testInfo) => {
  await signIn(page, E2E_TWO_BRANCHES, '/admin/counter', 'Maida Vale');
  await expect(page.getByRole('heading', { name: /Counter/ })).toBeVisible();
  await waitForHydration(page);
  const stamp = String(Date.now()).slice(-5);
  await page.getByRole('button', { name: '+ New walk-in customer' }).click();
  await page.getByLabel('Name').fill('Elsa Elsewhere');
  await page.getByLabel('Mobile').fill(`07700 6${stamp}`);
  await page.getByRole('button', { name: 'Add walk-in customer' }).click();
  await expect(page.getByTestId('ticket-customer')).toContainText('Elsa Elsewhere');
  await page.getByRole('tabpanel').getByRole('button').filter({ hasText: '£' }).first().click();
  await page.getByRole('radio', { name: 'Pay at collection' }).check({ force: true });
  await page.getByRole('button', { name: /Raise ticket/ }).click();
  await expect(page.getByText('Ticket raised')).toBeVisible();
  number = (await page.getByRole('heading', { level: 2 }).textContent())!;
  expect(number).toMatch(/^[A-Z]+-\d+$/);

  // Its garment is tagged through the intake the collection orders use (the order page).
  await scan(page, number);
  await page.getByRole('link', { name: 'Garment tags and photos' }).click();
  const intake = page.locator('section#intake');
  await expect(intake).toBeVisible();
  await waitForHydration(page);
  tag = await page.locator('#intake-tag_number').inputValue();
  expect(tag).toMatch(/^\d+-01$/);
  await intake.getByLabel('Item', { exact: true }).selectOption({ index: 1 });
  await intake.getByLabel('Colour').fill('Navy');
  await intake.getByRole('button', { name: 'Record garment' }).click();
  await expect(intake.getByText(`Garment ${tag} recorded.`, { exact: false })).toBeVisible();

  // The scanner reads the tag off the garment's label: the ticket opens.
  await scan(page, tag);
  await expect(page.getByTestId('ticket-status')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`counter-tag-scan-${size(page)}.png`) });
  await page.getByLabel('Rack or conveyor position').fill('C3');
  await page.getByRole('button', { name: 'Mark ready and tell the customer' }).click();
  await expect(page.getByTestId('counter-message')).toContainText('is ready on C3');
});

test('the ticket is collected at West Hampstead: scanned there, paid in cash into its till', async ({
  page,
}, testInfo) => {
  expect(number).not.toBe('');
  await signIn(page, E2E_TWO_BRANCHES, '/admin/counter', 'West Hampstead');
  await expect(page.getByRole('heading', { name: /Counter/ })).toBeVisible();
  // West Hampstead's till, opened for the day.
  await page.goto('/admin/counter/till');
  await waitForHydration(page);
  await page.getByLabel('Opening float (£)').fill('20.00');
  await page.getByRole('button', { name: 'Open the till' }).click();
  await expect(page.getByTestId('till-message')).toHaveText('The till is open.');
  await expect(
    page.getByRole('heading', { name: /Running takings · West Hampstead/ }),
  ).toBeVisible();

  // The customer brings the ticket to the other branch: scanned, the rack shown, cash taken.
  await scan(page, number);
  await expect(page.getByTestId('ticket-rack')).toHaveText('C3');
  const due = (await page.getByTestId('ticket-due').textContent())!;
  const duePence = Math.round(Number(due.replace('£', '')) * 100);
  expect(duePence).toBeGreaterThan(0);
  await page.getByLabel('Cash tendered (£)').fill('100.00');
  const change = `£${((10_000 - duePence) / 100).toFixed(2)}`;
  await expect(page.getByTestId('collect-change')).toHaveText(change);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`counter-elsewhere-${size(page)}.png`) });
  await page.getByRole('button', { name: /^Hand over 1 of 1/ }).click();
  await expect(page.getByTestId('counter-message')).toContainText(`give ${change} change`);
  await expect(page.getByTestId('ticket-status')).toHaveText('Collected');
  await expect(page.getByTestId('ticket-due')).toHaveText('£0.00');
  await expect(page.getByText(/ at West Hampstead · £100\.00 tendered/)).toBeVisible();
  await page.screenshot({
    path: testInfo.outputPath(`counter-elsewhere-collected-${size(page)}.png`),
  });

  // The money is in West Hampstead's till, where it was taken.
  await page.goto('/admin/counter/till');
  await expect(page.getByTestId('z-cash')).toHaveText(due);
});

test('the owner puts the settings back', async ({ page }) => {
  await ownerSettings(page, false);
});
