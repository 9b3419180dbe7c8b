import { expect, test } from '@playwright/test';
import { E2E_OWNER, E2E_TWO_BRANCHES } from './e2e-staff';
import { expectNoSeriousA11yViolations, ownAddress, signIn, waitForHydration } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(111));

/*
 * The uncollected screen and the owner's reports (issue 32, decision 054) at 1280 px and
 * 375 px, from the seed (tests/e2e/uncollected-seed.ts): St John's Wood's tickets by days
 * since ready with the reminders sent, the owner's keep or donate after the last notice (on the
 * desktop run), and the reports page with a section and a CSV download per report.
 */

test('the owner sees uncollected tickets by days since ready, with the reminders sent, and decides', async ({
  page,
  isMobile,
}, testInfo) => {
  await signIn(page, E2E_OWNER, '/admin/counter/uncollected');
  await expect(page.getByRole('heading', { name: 'Uncollected tickets' })).toBeVisible();
  await waitForHydration(page);
  const list = page.getByRole('list', { name: 'Uncollected tickets' });
  const gwen = list.getByRole('listitem').filter({ hasText: 'Gwen Waiting' });
  await expect(gwen).toContainText('95 days');
  await expect(gwen.getByTestId('reminders')).toHaveText('Last notice: text and e-mail');
  const hal = list.getByRole('listitem').filter({ hasText: 'Hal Longstay' });
  await expect(hal.getByTestId('reminders')).toHaveText('60 days: text and e-mail');
  await expect(hal.getByRole('button', { name: 'Donate' })).toHaveCount(0);
  await expect(
    list.getByRole('listitem').filter({ hasText: 'Jon Recent' }).getByTestId('reminders'),
  ).toHaveText('No reminder yet.');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: testInfo.outputPath(`uncollected-${isMobile ? '375' : '1280'}.png`),
    fullPage: true,
  });
  if (!isMobile) {
    await expect(page.getByTestId('awaiting-decision')).toHaveText(
      '1 ticket waits for the owner’s decision.',
    );
    await gwen.getByRole('button', { name: 'Keep' }).click();
    await expect(page.getByRole('status')).toContainText('is kept on the rack');
    await expect(gwen.getByTestId('decision')).toContainText('Kept by Olive Owner');
  }
});

test('staff of the branches read the list without the owner’s buttons', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'once is enough');
  await signIn(page, E2E_TWO_BRANCHES, '/admin/counter/uncollected');
  await expect(
    page.getByRole('heading', { name: 'Which branch are you working in?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Maida Vale' }).click();
  // The choice sends them back to the page they asked for.
  await expect(page.getByRole('heading', { name: 'Uncollected tickets' })).toBeVisible();
  // Bo works at Maida Vale and West Hampstead: St John's Wood's tickets are not theirs.
  await expect(page.getByText('Gwen Waiting')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Keep' })).toHaveCount(0);
});

test('the owner’s reports: a section per report with its CSV', async ({
  page,
  isMobile,
}, testInfo) => {
  await signIn(page, E2E_OWNER, '/admin/reports');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  await waitForHydration(page);
  for (const name of ['takings', 'tickets', 'items', 'uncollected', 'channels']) {
    await expect(page.getByTestId(`report-${name}`)).toBeVisible();
  }
  const takings = page.getByTestId('report-takings');
  await expect(takings).toContainText("St John's Wood");
  await expect(takings.getByRole('row').filter({ hasText: "St John's Wood" })).toContainText(
    '£46.50',
  );
  await expect(takings.getByRole('row').filter({ hasText: 'Notting Hill' })).toContainText(
    '£105.50',
  );
  await expect(page.getByTestId('report-uncollected')).toContainText("St John's Wood");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: testInfo.outputPath(`reports-${isMobile ? '375' : '1280'}.png`),
    fullPage: true,
  });
  const href = await takings.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toMatch(
    /^Date,Branch,Counter cash,Counter card,Collection orders,Total,VAT\r\n/,
  );
  // Weekly, from the filter.
  await page.getByLabel('Takings and tickets by').selectOption('week');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { name: 'Takings by week' })).toBeVisible();
});
