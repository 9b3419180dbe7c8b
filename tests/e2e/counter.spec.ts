import { expect, test, type Page } from '@playwright/test';
import { E2E_OWNER, E2E_TWO_BRANCHES } from './e2e-staff';
import { pdfText } from '@tests/helpers/pdf-text';
import { expectNoSeriousA11yViolations, ownAddress, signIn, waitForHydration } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(104));

/*
 * The counter (issue 32, decision 049) on a 1024 × 768 tablet in landscape, by touch (the
 * mobile project, which emulates a touch screen) and on a 1280 px desk (the desktop project),
 * each project with its own server and day: a member of staff
 * of Maida Vale (the seed's counter branch) adds a new walk-in customer, taps two shirts and
 * an item onto a ticket, takes £50 in cash, sees the change, and opens the receipt's PDF.
 */

test.use({
  viewport: async ({ isMobile }, provide) =>
    provide(isMobile ? { width: 1024, height: 768 } : { width: 1280, height: 800 }),
});
// One day's till from opening to the Z report: the tests run in order, in one worker, and are
// not retried one by one (a retry would start without the day's takings; a closed day cannot
// be opened again on the same date).
test.describe.configure({ mode: 'serial', retries: 0 });

/** The cash the day's tickets take, for the Z report at the end (the tests run in order). */
const FLOAT_PENCE = 10_000;
let takenPence = 0;
/** What the cards on the simulated reader take (decision 053). */
let cardPence = 0;
/** The viewport, for the screenshots' names. */
const size = (page: Page) => `${page.viewportSize()!.width}x${page.viewportSize()!.height}`;
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

test('opens the day at Maida Vale with a float on the till screen (decision 051)', async ({
  page,
}, testInfo) => {
  await signIn(page, E2E_TWO_BRANCHES, '/admin/counter', 'Maida Vale');
  await expect(page.getByRole('heading', { name: /Counter/ })).toBeVisible();
  await page.getByRole('link', { name: 'Till and day-end report' }).click();
  await expect(page.getByRole('heading', { name: 'Till', exact: true })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText('The till is not open')).toBeVisible();
  await page.getByLabel('Opening float (£)').fill('100.00');
  await page.getByRole('button', { name: 'Open the till' }).click();
  await expect(page.getByTestId('till-message')).toHaveText('The till is open.');
  await expect(page.getByRole('heading', { name: /Running takings · Maida Vale/ })).toBeVisible();
  await expect(page.getByTestId('z-expected')).toHaveText(pounds(FLOAT_PENCE));
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`till-open-${size(page)}.png`) });
});

test('a walk-in ticket for a new customer, paid in cash with change; the receipt is a PDF', async ({
  page,
}, testInfo) => {
  await signIn(page, E2E_TWO_BRANCHES, '/admin/counter', 'Maida Vale');
  await expect(page.getByRole('heading', { name: /Counter/ })).toBeVisible();
  await waitForHydration(page);
  // The find box has the focus, for the scanner.
  await expect(page.getByLabel('Find a customer or scan a ticket')).toBeFocused();

  const phone = `07700 9${String(Date.now()).slice(-5)}`;
  await page.getByRole('button', { name: '+ New walk-in customer' }).click();
  await page.getByLabel('Name').fill('Wendy Walkin');
  await page.getByLabel('Mobile').fill(phone);
  await page.getByRole('button', { name: 'Add walk-in customer' }).click();
  await expect(page.getByTestId('ticket-customer')).toContainText('Wendy Walkin');

  // Two of the first priced item of the first category, by touch and by keyboard.
  const tiles = page.getByRole('tabpanel').getByRole('button');
  const priced = tiles.filter({ hasText: '£' }).first();
  await priced.click();
  await priced.focus();
  await page.keyboard.press('Enter');
  const lines = page.getByRole('list', { name: 'Items on the ticket' });
  await expect(lines.getByText('2', { exact: true })).toBeVisible();
  await lines.getByRole('textbox').last().fill('Missing top button');

  await page.getByRole('radio', { name: 'Cash now' }).check({ force: true });
  await page.getByLabel('Cash tendered (£)').fill('50.00');
  const total = (await page.getByTestId('ticket-total').textContent())!;
  const totalPence = Math.round(Number(total.replace('£', '')) * 100);
  const change = `£${((5000 - totalPence) / 100).toFixed(2)}`;
  await expect(page.getByTestId('change-due')).toHaveText(change);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`counter-${size(page)}.png`) });

  await page.getByRole('button', { name: /Raise ticket/ }).click();
  await expect(page.getByText('Ticket raised')).toBeVisible();
  await expect(page.getByTestId('ticket-change')).toHaveText(change);
  takenPence += totalPence;
  await page.screenshot({ path: testInfo.outputPath(`counter-raised-${size(page)}.png`) });
  const number = (await page.getByRole('heading', { level: 2 }).textContent())!;
  expect(number).toMatch(/^[A-Z]+-\d+$/);

  const receipt = page.getByRole('link', { name: 'Print receipt' });
  const href = (await receipt.getAttribute('href'))!;
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(body.toString('latin1')).toContain(`Ticket ${number}`);
  // The link opens the receipt in a new tab (to print it there). A headless browser has no PDF
  // viewer and saves the file instead, so the tab's request is what shows where it went.
  const [popup, asked] = await Promise.all([
    page.waitForEvent('popup'),
    page.context().waitForEvent('request', (request) => request.url().endsWith(href)),
    receipt.click(),
  ]);
  expect(asked.frame().page()).toBe(popup);
  await popup.close();

  // The next customer brings a ticket: the scanner types its number and Enter into the find
  // box, which has the focus, and the order opens.
  await page.getByRole('button', { name: 'Next customer' }).click();
  const find = page.getByLabel('Find a customer or scan a ticket');
  await expect(find).toBeFocused();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  // A counter ticket opens the counter's ticket screen (decision 050).
  await expect(page).toHaveURL(/\/admin\/counter\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
});

test('a ticket paid by card on the simulated reader: waiting, then paid (decision 053)', async ({
  page,
}, testInfo) => {
  await signIn(page, E2E_TWO_BRANCHES, '/admin/counter', 'Maida Vale');
  await expect(page.getByRole('heading', { name: /Counter/ })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('button', { name: '+ New walk-in customer' }).click();
  await page.getByLabel('Name').fill('Carl Card');
  await page.getByLabel('Mobile').fill(`07700 7${String(Date.now()).slice(-5)}`);
  await page.getByRole('button', { name: 'Add walk-in customer' }).click();
  await expect(page.getByTestId('ticket-customer')).toContainText('Carl Card');
  await page.getByRole('tabpanel').getByRole('button').filter({ hasText: '£' }).first().click();
  await page.getByRole('radio', { name: 'Card' }).check({ force: true });
  const total = (await page.getByTestId('ticket-total').textContent())!;
  const totalPence = Math.round(Number(total.replace('£', '')) * 100);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`counter-card-choice-${size(page)}.png`) });

  await page.getByRole('button', { name: /Raise ticket/ }).click();
  const reader = page.getByTestId('card-reader');
  await expect(reader.getByText('Waiting for the card on the reader…')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`counter-card-waiting-${size(page)}.png`) });
  await reader.getByRole('button', { name: 'Tap approved card' }).click();
  await expect(page.getByText('Ticket raised')).toBeVisible();
  await expect(page.getByTestId('ticket-paid')).toHaveText(total);
  cardPence += totalPence;
  await page.screenshot({ path: testInfo.outputPath(`counter-card-paid-${size(page)}.png`) });
});

test('a ticket paid at collection: marked ready on a rack (the e-mail in the outbox), collected by scanning its number, cash with change', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, E2E_TWO_BRANCHES, '/admin/counter', 'Maida Vale');
  await expect(page.getByRole('heading', { name: /Counter/ })).toBeVisible();
  await waitForHydration(page);

  const stamp = String(Date.now()).slice(-5);
  await page.getByRole('button', { name: '+ New walk-in customer' }).click();
  await page.getByLabel('Name').fill('Colin Collect');
  await page.getByLabel('Mobile').fill(`07700 8${stamp}`);
  await page.getByLabel('E-mail').fill(`colin.${stamp}@example.com`);
  await page.getByRole('button', { name: 'Add walk-in customer' }).click();
  await expect(page.getByTestId('ticket-customer')).toContainText('Colin Collect');
  await page.getByRole('tabpanel').getByRole('button').filter({ hasText: '£' }).first().click();
  await page.getByRole('radio', { name: 'Pay at collection' }).check({ force: true });
  await page.getByRole('button', { name: /Raise ticket/ }).click();
  await expect(page.getByText('Ticket raised')).toBeVisible();
  const number = (await page.getByRole('heading', { level: 2 }).textContent())!;

  // The scanner types the number into the find box: the ticket screen opens.
  const scan = async () => {
    await page.goto('/admin/counter');
    await waitForHydration(page);
    await expect(page.getByLabel('Find a customer or scan a ticket')).toBeFocused();
    await page.keyboard.type(number);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/counter\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
    await waitForHydration(page);
  };
  await scan();
  await page.getByLabel('Rack or conveyor position').fill('B12');
  await page.getByRole('button', { name: 'Mark ready and tell the customer' }).click();
  await expect(page.getByTestId('counter-message')).toContainText('is ready on B12');
  await expect(page.getByTestId('counter-message')).toContainText('e-mailed');
  await expect(page.getByTestId('ticket-rack')).toHaveText('B12');

  // The owner's mailbox holds the e-mail: ready for collection at the branch, with the amount.
  const owner = await browser.newContext();
  const mailbox = await owner.newPage();
  await signIn(mailbox, E2E_OWNER, '/admin/mailbox');
  await expect(mailbox.getByRole('heading', { name: 'Mailbox' })).toBeVisible();
  // Twice: the e-mail, and the text (a walk-in is texted unless unticked, decision 056).
  await expect(
    mailbox.getByText(`Ticket ${number} is ready for collection at Maida Vale branch`),
  ).toHaveCount(2);
  await owner.close();

  // The customer comes back: scanned again, the rack and the balance shown, cash with change.
  await scan();
  await expect(page.getByTestId('ticket-rack')).toHaveText('B12');
  const due = (await page.getByTestId('ticket-due').textContent())!;
  const duePence = Math.round(Number(due.replace('£', '')) * 100);
  await page.getByLabel('Cash tendered (£)').fill('50.00');
  const change = `£${((5000 - duePence) / 100).toFixed(2)}`;
  await expect(page.getByTestId('collect-change')).toHaveText(change);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`counter-collect-${size(page)}.png`) });
  await page.getByRole('button', { name: /^Hand over 1 of 1/ }).click();
  await expect(page.getByTestId('counter-message')).toContainText(`give ${change} change`);
  await expect(page.getByTestId('ticket-status')).toHaveText('Collected');
  await expect(page.getByTestId('ticket-due')).toHaveText('£0.00');
  takenPence += duePence;
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`counter-collected-${size(page)}.png`) });
});

test('closes the day with the cash counted: the Z report shows the takings to the penny', async ({
  page,
}, testInfo) => {
  expect(takenPence).toBeGreaterThan(0);
  await signIn(page, E2E_TWO_BRANCHES, '/admin/counter', 'Maida Vale');
  await expect(page.getByRole('heading', { name: /Counter/ })).toBeVisible();
  await page.goto('/admin/counter/till');
  await waitForHydration(page);
  const expected = FLOAT_PENCE + takenPence;
  await expect(page.getByTestId('z-cash')).toHaveText(pounds(takenPence));
  await expect(page.getByTestId('close-expected')).toHaveText(pounds(expected));
  await page.getByLabel('Cash counted (£)').fill(((expected - 50) / 100).toFixed(2));
  await expect(page.getByTestId('close-difference')).toHaveText('-£0.50 short');
  await page.getByLabel('Note').fill('50p given twice in change');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`till-close-${size(page)}.png`) });
  await page.getByRole('button', { name: 'Confirm the count and close the day' }).click();
  await expect(page.getByTestId('till-message')).toContainText('£0.50 short');

  await page.getByRole('link', { name: 'Print the Z report' }).click();
  await expect(page.getByRole('heading', { name: 'Z report' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /Day-end \(Z\) report · Maida Vale/ }),
  ).toBeVisible();
  await expect(page.getByTestId('z-cash')).toHaveText(pounds(takenPence));
  await expect(page.getByTestId('z-card')).toHaveText(pounds(cardPence));
  await expect(page.getByTestId('z-total')).toHaveText(pounds(takenPence + cardPence));
  await expect(page.getByTestId('z-expected')).toHaveText(pounds(expected));
  await expect(page.getByTestId('z-counted')).toHaveText(pounds(expected - 50));
  await expect(page.getByTestId('z-difference')).toHaveText('-£0.50');
  await expect(page.getByText('Note: 50p given twice in change')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: testInfo.outputPath(`z-report-${size(page)}.png`),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('z-report-1280x800.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: testInfo.outputPath('z-report-375.png'), fullPage: true });

  // The same report as an A4 PDF for the shop's files (decision 056).
  const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(href).toMatch(/^\/admin\/counter\/till\/days\/\d+\/z-report\.pdf$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(new Uint8Array(await pdf.body()));
  expect(text).toMatch(new RegExp(`Cash takings\\s+${pounds(takenPence).replace('.', '\\.')}`));
  expect(text).toMatch(/Difference\s+-£0\.50/);
  expect(text).toContain('Note: 50p given twice in change');
});
