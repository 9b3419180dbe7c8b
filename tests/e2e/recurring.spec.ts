import { expect, test } from '@playwright/test';
import { logIn } from './account-helpers';
import { expectNoSeriousA11yViolations } from './support';

/*
 * Issue 18's browser test of repeat collections (decision 036), at 375 and 1280 px (the two
 * projects): a customer sets up a weekly collection in the account from their saved address
 * and skips the next one, then changes it to every two weeks on Tuesday. Screenshots of the
 * page at each width, for looking at.
 */

test('a customer sets up a weekly collection, skips the next one and changes the plan', async ({
  page,
}, info) => {
  const email = `repeat-${info.project.name}@example.com`;
  const register = await page.request.post('/api/register', {
    data: {
      name: 'Rosalind Franklin',
      email,
      phone: '07700 900321',
      password: 'Secret@123',
      address: { door_number: 'Flat 2', line1: '7 Elgin Avenue', postcode: 'W9 2HD' },
    },
  });
  expect(register.status(), await register.text()).toBe(200);
  await logIn(page, email);

  await page.goto('/account/recurring');
  await expect(page.getByRole('heading', { name: 'Repeat collections', level: 1 })).toBeVisible();
  const form = page.locator('form').filter({
    has: page.getByRole('button', { name: 'Set up repeat collection' }),
  });
  await form.getByLabel('How often').selectOption('weekly');
  await form.getByLabel('Day').selectOption({ label: 'Friday' });
  await form.getByLabel('Collection window').selectOption('09:00');
  await form.getByLabel('Delivery window').selectOption('18:00');
  await expect(form.getByLabel('Address')).toContainText('Flat 2, 7 Elgin Avenue');
  await form.getByRole('button', { name: 'Set up repeat collection' }).click();

  await expect(page.getByRole('status')).toContainText('Your repeat collection is set up.');
  const plan = page.getByRole('region', { name: 'Every week on Friday, collected from 09:00' });
  await expect(plan).toBeVisible();
  await expect(plan).toContainText('Flat 2, 7 Elgin Avenue, London, W9 2HD');
  const first = plan.getByRole('listitem').first();
  const firstDate = (await first.locator('span').first().textContent())!;
  expect(firstDate).toMatch(/^Fri \d{1,2} [A-Z][a-z]{2}$/);
  await expect(first).toContainText('Planned');
  await page.screenshot({
    path: info.outputPath(`recurring-set-up-${info.project.name}.png`),
    fullPage: true,
  });

  await first.getByRole('button', { name: `Skip ${firstDate}` }).click();
  await expect(page.getByRole('status')).toContainText(
    `The collection on ${firstDate} is skipped.`,
  );
  await expect(plan.getByRole('listitem').first()).toContainText('Skipped');
  await expect(
    plan.getByRole('listitem').first().getByRole('button', { name: /^Skip/ }),
  ).toHaveCount(0);
  await expect(plan.getByRole('listitem').nth(1)).toContainText('Planned');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: info.outputPath(`recurring-skipped-${info.project.name}.png`),
    fullPage: true,
  });

  // Change the plan: every two weeks on Tuesday, from 11:00.
  await plan.getByText('Change this repeat collection').click();
  await plan.getByLabel('How often').selectOption('fortnightly');
  await plan.getByLabel('Day').selectOption({ label: 'Tuesday' });
  await plan.getByLabel('Collection window').selectOption('11:00');
  await plan.getByLabel('Notes for the driver').fill('Knock twice');
  await expectNoSeriousA11yViolations(page);
  await plan.screenshot({ path: info.outputPath(`recurring-change-${info.project.name}.png`) });
  await plan.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Your repeat collection is changed: every two weeks on Tuesday, collected from 11:00.',
  );
  const changed = page.getByRole('region', {
    name: 'Every two weeks on Tuesday, collected from 11:00',
  });
  await expect(changed).toBeVisible();
  await expect(changed.getByRole('listitem').first()).toContainText(/^Tue /);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: info.outputPath(`recurring-changed-${info.project.name}.png`),
    fullPage: true,
  });
});
