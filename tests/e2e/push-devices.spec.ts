import { expect, test } from '@playwright/test';
import { browserSubscription } from '@tests/helpers/browser-subscription';
import { signUp } from '@tests/helpers/fixtures';
import { password } from './account-helpers';
import { callerOf } from './booking-helpers';
import { expectNoSeriousA11yViolations } from './support';

/*
 * Issue 33 (decision 060), at 375 and 1280 px: a customer's devices with notifications on,
 * seeded through the API as a browser's PushManager would send them, listed on
 * /account/messages with the browser each came from; Remove (a plain form post) takes one off.
 */

const shots = 'test-results/push-devices';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Safari/604.1';

test('the account lists the devices with notifications on, and Remove takes one off', async ({
  page,
}, testInfo) => {
  const width = testInfo.project.name;
  const email = `push-${width}@example.com`;
  const caller = callerOf(page.request);
  await signUp(caller, { name: 'Pat Push', email, phone: '07700 900321' });
  const login = await caller.api<{ token: string }>('/api/login', { body: { email, password } });
  const bearer = { Authorization: `Bearer ${login.body.token}` };
  for (const agent of [ANDROID, IPHONE]) {
    const reply = await caller.api('/api/account/push/subscriptions', {
      body: browserSubscription(),
      headers: { ...bearer, 'User-Agent': agent },
    });
    expect(reply.status).toBe(201);
  }

  // The API's login set this browser context's session cookie too.
  await page.goto('/account/messages');
  const section = page.getByRole('region', { name: 'Notifications on your devices' });
  await expect(section).toBeVisible();
  const devices = section.getByRole('list', { name: 'Devices with notifications on' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices).toContainText('Chrome on Android');
  await expect(devices).toContainText('Safari on iPhone');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/${width}-devices.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Remove Chrome on Android' }).click();
  await expect(page).toHaveURL(/\/account\/messages\?done=device-removed/);
  await expect(section.getByText('That device will no longer get notifications.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('Safari on iPhone');
  await expect(devices).not.toContainText('Chrome on Android');
  await page.screenshot({ path: `${shots}/${width}-removed.png`, fullPage: true });

  // The API agrees: one device left.
  const list = await caller.api<{ devices: { label: string }[] }>(
    '/api/account/push/subscriptions',
    { headers: bearer },
  );
  expect(list.body.devices.map((d) => d.label)).toEqual(['Safari on iPhone']);
});
