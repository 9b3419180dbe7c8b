import { expect, test } from '@playwright/test';
import { staffOpensOrder } from './staff-helpers';
import { E2E_INTAKE_REPORT_ORDERS } from './intake-report-seed';
import { expectNoSeriousA11yViolations, readMail } from './support';

/*
 * Issue 16 in a real browser: staff send the intake report of an order with two garments;
 * the customer opens it from the e-mailed link (no login), sees each garment with its notes
 * and says an item is missing; staff see the case on the board and answer it; the customer
 * gets the answer and sees it on the report. Staff at a desk; the customer on the project's
 * viewport (375 px on mobile).
 */

test('the customer flags a missing item on the intake report and staff answer it', async ({
  page,
  browser,
}, info) => {
  const email =
    E2E_INTAKE_REPORT_ORDERS[info.project.name as keyof typeof E2E_INTAKE_REPORT_ORDERS];

  // ─── Staff send the report ───
  const { staff, context: staffContext } = await staffOpensOrder(browser, email);
  const orderNo = (await staff.getByRole('heading', { name: /^Order LD-/ }).textContent())!
    .replace('Order ', '')
    .trim();
  await staff.getByRole('button', { name: 'Send intake report' }).click();
  await expect(staff.getByText(`Intake report of 2 items e-mailed to ${email}.`)).toBeVisible();
  await expect(staff.getByTestId('intake-report-state')).toContainText('Sent');
  await expect(staff.getByRole('button', { name: 'Send intake report' })).toHaveCount(0);

  // ─── The customer opens it from the e-mail ───
  const [mail] = (await readMail(email)).filter((m) => m.subject.startsWith('Your intake report'));
  expect(mail!.subject).toBe(`Your intake report for order ${orderNo}: 2 items`);
  expect(mail!.text).toContain('Tag E2E-02 · Overcoat (wool): Navy · Crombie · Damage: Small tear');
  const link = /(http:\/\/\S+\/order\/intake\/[0-9a-f-]{36}\?t=\S+)/.exec(mail!.text)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Your intake report' })).toBeVisible();
  const garments = page.getByRole('list', { name: 'Your garments on this order' });
  await expect(garments.getByTestId('report-garment')).toHaveCount(2);
  await expect(garments).toContainText('Tag E2E-01');
  await expect(garments).toContainText('White · Hawes');
  await expect(garments).toContainText('Found in pockets: A receipt');
  await expect(garments).toContainText('Already there: Small tear on the left pocket');
  // The photos, through their signed URLs: three, each loaded.
  const photos = garments.getByRole('img');
  await expect(photos).toHaveCount(3);
  await expect(garments.getByRole('img', { name: 'Damage on 2 of tag E2E-02' })).toBeVisible();
  for (const img of await photos.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
  }
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('What is wrong').selectOption({ label: 'An item is missing' });
  await page.getByLabel('Tell us more').fill('A green silk scarf went in the bag too.');
  const send = page.getByRole('button', { name: 'Send to the shop' });
  expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await send.click();
  await expect(page.getByText(/^Thank you: we have your message about order/)).toBeVisible();
  const kase = page.getByTestId('intake-case');
  await expect(kase).toContainText('An item is missing');
  await expect(kase).toContainText('Waiting for our answer');

  // ─── Staff see it on the board and answer ───
  await staff.goto('/admin');
  const cases = staff.getByTestId('open-cases');
  await expect(cases).toContainText(orderNo);
  await cases.getByRole('link', { name: orderNo }).click();
  await expect(staff.getByTestId('staff-case')).toContainText('A green silk scarf');
  await staff
    .getByLabel('Your answer to the customer')
    .fill('We found the scarf in the bag lining: it is tagged E2E-03 now.');
  await staff.getByRole('button', { name: 'Send answer and close' }).click();
  await expect(staff.getByText(`Answer saved and e-mailed to ${email}.`)).toBeVisible();
  await staff.goto('/admin');
  await expect(staff.getByTestId('open-cases')).not.toContainText(orderNo);
  await staffContext.close();

  // ─── The customer gets the answer ───
  const answers = (await readMail(email, 2)).filter((m) => m.subject.startsWith('Re: your intake'));
  expect(answers[0]!.text).toContain('it is tagged E2E-03 now.');
  await page.reload();
  await expect(kase).toContainText('Answered');
  await expect(kase).toContainText('it is tagged E2E-03 now.');
});
