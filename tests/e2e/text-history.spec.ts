import { expect, test, type Page } from '@playwright/test';
import { logIn } from './account-helpers';
import { E2E_TEXT_CUSTOMERS, E2E_TEXT_PASSWORD } from './text-history-seed';
import { expectNoSeriousA11yViolations } from './support';

/*
 * Issue 17's browser test: a customer turns SMS on in the account and sees the texts of their
 * order in the order's history. The customer and their order (collected tomorrow) are seeded
 * per project (text-history-seed.ts); the text is written by the evening-before reminder, run
 * as the scheduler runs it, which texts only customers who take texts.
 */

const controlPort = Number(process.env.E2E_PORT ?? 3100) + 1;

async function openMessagePreferences(page: Page) {
  await page.goto('/account');
  // The desktop nav's entry or the mobile menu's, whichever this viewport shows.
  await page.getByRole('link', { name: 'Message preferences' }).filter({ visible: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Message preferences' }).filter({ visible: true }),
  ).toBeVisible();
}

test('a customer turns SMS on in the account and sees the texts of their order in its history', async ({
  page,
  isMobile,
}, info) => {
  const email = E2E_TEXT_CUSTOMERS[info.project.name as 'desktop' | 'mobile'];
  await logIn(page, email, E2E_TEXT_PASSWORD);

  await openMessagePreferences(page);
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Save preferences' }) })
    .filter({ visible: true });
  await expect(form.getByText('07911123456').first()).toBeVisible();
  // E-mail off with no text channel is refused, with the rule.
  await form.getByLabel('E-mail', { exact: true }).uncheck();
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(
    form.getByText('Keep e-mail on, or turn SMS or WhatsApp on first').first(),
  ).toBeVisible();
  await form.getByLabel('E-mail', { exact: true }).check();
  await form.getByLabel('SMS', { exact: true }).check();
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(form.getByText('Your message preferences have been saved.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The evening-before reminder runs: the order is collected tomorrow and SMS is on (other
  // projects' customers who turned texts on may get theirs in the same run).
  const run = await fetch(`http://127.0.0.1:${controlPort}/texts/reminders`, { method: 'POST' });
  expect(((await run.json()) as { queued: number }).queued).toBeGreaterThanOrEqual(1);

  await page.reload();
  // The orders' own page (decision 038): a card per order on a phone, a table row wider.
  await page.goto('/account/orders');
  await page
    .getByRole('link', { name: isMobile ? /^LD-\d+/ : /^View order/ })
    .filter({ visible: true })
    .first()
    .click();
  const history = page
    .getByRole('region', { name: 'Texts about this order' })
    .filter({ visible: true });
  await expect(history).toBeVisible();
  const text = history.getByTestId('order-text');
  await expect(text).toHaveCount(1);
  await expect(text).toContainText('SMS from us');
  await expect(text).toContainText('tomorrow');
  await expect(text).toContainText('Reply SKIP');
  await expect(text).toContainText(
    /Waiting to be sent|Held until 08:00|Sent|Delivered|Kept in the outbox/,
  );
  await expect(text.locator('time')).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  await expectNoSeriousA11yViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the message preferences form works as a plain HTML form', async ({ page }, info) => {
    const email = E2E_TEXT_CUSTOMERS[`nojs-${info.project.name}` as 'nojs-desktop' | 'nojs-mobile'];
    // The login form posts without JavaScript too.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password').fill(E2E_TEXT_PASSWORD);
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await expect(page).toHaveURL(/\/account$/);

    await page.goto('/account');
    await page.getByRole('link', { name: 'Message preferences' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/account\/messages$/);
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Save preferences' }) })
      .filter({ visible: true });

    // Refused: e-mail off, nothing else on. The page answers with the rule, boxes as ticked.
    await form.getByLabel('E-mail', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page).toHaveURL(/\/account\/messages$/);
    await expect(
      page.getByText('Your message preferences were not saved').filter({ visible: true }),
    ).toBeVisible();
    const again = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Save preferences' }) })
      .filter({ visible: true });
    await expect(again.getByLabel('E-mail', { exact: true })).not.toBeChecked();
    await expect(again.getByLabel('E-mail', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    // Saved: WhatsApp on, e-mail off, e-mail offers with consent.
    await again.getByLabel('WhatsApp', { exact: true }).check();
    await again.getByLabel('E-mail offers', { exact: true }).check();
    await again.getByRole('button', { name: 'Save preferences' }).click();
    await expect(
      page.getByText('Your message preferences have been saved.').filter({ visible: true }),
    ).toBeVisible();
    // The stored choices, and the time of consent, on a fresh page.
    await page.goto('/account/messages');
    const saved = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Save preferences' }) })
      .filter({ visible: true });
    await expect(saved.getByLabel('WhatsApp', { exact: true })).toBeChecked();
    await expect(saved.getByLabel('E-mail', { exact: true })).not.toBeChecked();
    await expect(saved.getByLabel('E-mail offers', { exact: true })).toBeChecked();
    await expect(saved.getByText(/last changed on \d\d\/\d\d\/\d{4} \d\d:\d\d/)).toBeVisible();
  });
});
