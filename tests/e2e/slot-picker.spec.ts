import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, seededFullWindows } from './support';

/*
 * Issue 18 (decision 035), at 375 and 1280 px: the home form's slot picker shows full windows
 * as full rather than leaving them out, at the start and the end of a day too (the e2e server
 * filled the first and the last window of the last day on offer), and the native select, the
 * no-JavaScript fallback, still offers only windows with a place.
 */

test('full windows stay in the picker, greyed as Full, and out of the select', async ({
  page,
}, testInfo) => {
  const seeded = await seededFullWindows();
  expect(seeded.starts).toHaveLength(2);
  await page.goto('/');
  const form = page.locator('form#order');
  const days = form.getByRole('group', { name: 'Collection day' });
  await expect(days.getByRole('button').first()).toBeVisible();
  // The last day on offer is the last chip; the seeded one unless midnight passed meanwhile.
  const lastChip = days.getByRole('button').last();
  await lastChip.scrollIntoViewIfNeeded();
  await lastChip.click();
  await expect(lastChip).toHaveAttribute('aria-pressed', 'true');
  const windows = form.getByRole('group', { name: /^Collection windows, / });
  const buttons = windows.getByRole('button');
  const first = buttons.first();
  const last = buttons.last();
  await expect(first).toBeDisabled();
  await expect(first).toHaveText(new RegExp(`, ${seeded.starts[0]}–\\d\\d:\\d\\d\\s*Full$`));
  await expect(last).toBeDisabled();
  await expect(last).toHaveText(new RegExp(`, ${seeded.starts[1]}–\\d\\d:\\d\\d\\s*Full$`));
  // Every other window of the day has a place.
  const count = await buttons.count();
  for (let i = 1; i < count - 1; i++) await expect(buttons.nth(i)).toBeEnabled();
  await expect(lastChip).toContainText(`${count - 2} free`);
  // The day before is full in every window: its chip says so, readable (walkthrough 16-19's
  // axe rule: a full day is still a button, so it keeps its contrast).
  const chips = days.getByRole('button');
  const fullChip = chips.nth((await chips.count()) - 2);
  await expect(fullChip).toContainText('Full');
  await expectNoSeriousA11yViolations(page);

  // The select (the fallback, kept in step unseen) never offers a full window.
  const select = form.getByLabel('Collection slot');
  const offered = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(offered).not.toContain(`${seeded.date} ${seeded.starts[0]}`);
  expect(offered).not.toContain(`${seeded.date} ${seeded.starts[1]}`);
  // Its name reads "Tue 8 Dec, 08:00–09:00": the day (for screen readers), then the window.
  const secondStart = /(\d\d:\d\d)–/.exec(await buttons.nth(1).innerText())![1];
  expect(offered).toContain(`${seeded.date} ${secondStart}`);

  // A window with a place is chosen; the full ones cannot be.
  await buttons.nth(1).click();
  await expect(buttons.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(select).toHaveValue(new RegExp(`^${seeded.date} `));
  await expectNoSeriousA11yViolations(page);
  await windows.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/slot-picker/full-${testInfo.project.name}.png` });
});
