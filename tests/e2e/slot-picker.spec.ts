import { expect, test } from '@playwright/test';
import { checkedSlot, tap } from './booking-helpers';
import { expectNoSeriousA11yViolations, seededFullWindows, waitForHydration } from './support';

/*
 * Issue 18 (decision 035), at 375 and 1280 px: the home form's slot picker shows full windows
 * as full rather than leaving them out, at the start and the end of a day too (the e2e server
 * filled the first and the last window of the last day on offer); since issue 31 (decision
 * 045) its windows are the form's radios, and a full window or a full day is a disabled one.
 */

test('full windows stay in the picker, greyed as Full, and cannot be chosen', async ({
  page,
}, testInfo) => {
  const seeded = await seededFullWindows();
  expect(seeded.starts).toHaveLength(2);
  await page.goto('/');
  // The day chips are the page's own control: a tap while React hydrates is undone by it.
  await waitForHydration(page);
  const form = page.locator('form#order');
  const days = form.getByRole('group', { name: 'Collection day' });
  await expect(days.getByRole('radio').first()).toBeAttached();
  // The seeded day (the last on offer when the server started; the suite may pass midnight).
  const lastChip = days.locator(`input[type="radio"][value="${seeded.date}"]`);
  await lastChip.locator('xpath=ancestor::label[1]').scrollIntoViewIfNeeded();
  await tap(lastChip);
  await expect(lastChip).toHaveValue(seeded.date);
  const windows = form.getByRole('group', { name: /^Collection windows, / });
  const radios = windows.getByRole('radio');
  const first = radios.first();
  const last = radios.last();
  const chip = (radio: typeof first) => radio.locator('xpath=ancestor::label[1]');
  await expect(first).toBeDisabled();
  await expect(first).toHaveValue(`${seeded.date} ${seeded.starts[0]}`);
  await expect(chip(first)).toHaveText(new RegExp(`, ${seeded.starts[0]}–\\d\\d:\\d\\d\\s*Full$`));
  await expect(last).toBeDisabled();
  await expect(last).toHaveValue(`${seeded.date} ${seeded.starts[1]}`);
  await expect(chip(last)).toHaveText(new RegExp(`, ${seeded.starts[1]}–\\d\\d:\\d\\d\\s*Full$`));
  // Every other window of the day has a place.
  const count = await radios.count();
  for (let i = 1; i < count - 1; i++) await expect(radios.nth(i)).toBeEnabled();
  await expect(chip(lastChip)).toContainText(`${count - 2} free`);
  // The day before is full in every window: its chip says so, readable (walkthrough 16-19's
  // axe rule), and cannot be opened.
  const chips = days.getByRole('radio');
  const fullDay = chips.nth((await chips.count()) - 2);
  await expect(chip(fullDay)).toContainText('Full');
  await expect(fullDay).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // A tap on a full window chooses nothing; a window with a place is chosen.
  await chip(first).click({ force: true });
  await expect(checkedSlot(page, 'pickup')).toHaveCount(0);
  await tap(radios.nth(1));
  await expect(checkedSlot(page, 'pickup')).toHaveValue(new RegExp(`^${seeded.date} `));
  await expectNoSeriousA11yViolations(page);
  await windows.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/slot-picker/full-${testInfo.project.name}.png` });
});
