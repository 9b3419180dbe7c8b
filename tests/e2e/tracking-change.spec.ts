import { expect, test } from '@playwright/test';
import { placeOrder } from './booking-helpers';
import { expectNoSeriousA11yViolations, readMail } from './support';

/*
 * Issue 31 in a real browser (decision 043): a tracking link is safe to forward. Its "Change
 * the collection time" leads to a page that e-mails the signed change link to the address on
 * the order; the e-mailed link opens the change.
 */

for (const width of [375, 1280]) {
  test(`the tracking page asks for the e-mailed link to change the time (${width} px)`, async ({
    page,
    request,
  }, info) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `tracking-change-${width}-${info.project.name}@e2e.test`;
    await placeOrder(request, email, 'pending');
    const [confirmation] = await readMail(email);
    const link = /Track your order: (http:\/\/\S+\/track\/[0-9a-f-]{36})/.exec(
      confirmation!.text,
    )![1]!;
    await page.goto(new URL(link).pathname);
    await expect(page.locator('a[href*="/order/reschedule/"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Change the collection time' }).click();
    await expect(page.getByRole('heading', { name: 'Change the collection time' })).toBeVisible();
    // A guest has no password: signing in is not offered.
    await expect(page.getByRole('link', { name: 'sign in' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: `test-results/tracking-change/ask-${width}-${info.project.name}.png`,
      fullPage: true,
    });
    await page.getByRole('button', { name: 'E-mail me the link to change it' }).click();
    await expect(
      page.getByText('We have e-mailed the link to change it to the address on the order.'),
    ).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    await page.screenshot({
      path: `test-results/tracking-change/sent-${width}-${info.project.name}.png`,
      fullPage: true,
    });

    // The e-mailed link opens the page that changes it.
    const mails = await readMail(email, 2);
    const sent = mails.find((m) => m.subject.startsWith('Change the collection time'))!;
    const change = /http:\/\/\S+\/order\/reschedule\/\S+/.exec(sent.text)![0];
    await page.goto(new URL(change).pathname + new URL(change).search);
    await expect(page.getByRole('heading', { name: 'Change your collection time' })).toBeVisible();
  });
}
