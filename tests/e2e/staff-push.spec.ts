import { expect, test } from '@playwright/test';
import { browserSubscription } from '@tests/helpers/browser-subscription';
import { E2E_STAFF } from './e2e-staff';
import { expectNoSeriousA11yViolations, ownAddress, signIn, waitForHydration } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(230));

/*
 * Issue 33 (decision 064), at 375 and 1280 px: a member of staff turns on notifications for
 * new orders (not new cases or claims) on this device at /admin/notifications, sees the device with its
 * events, and removes it (a plain form post).
 *
 * What stands in: the browser's side of Web Push. Debian's headless shell denies notification
 * permission, and a real PushManager.subscribe() registers with Google's push service, which
 * this machine cannot reach; so the page's Notification.requestPermission and the service
 * worker registration's pushManager answer as a browser that said yes would, with a
 * subscription at fcm.googleapis.com and real P-256 keys. Everything of ours (the page, the
 * typed client, the API, the database, the list, Remove) is the real thing.
 */

const shots = 'test-results/staff-push';

test('staff turn on push for new orders on this device, see it listed, and remove it', async ({
  page,
}, testInfo) => {
  const width = testInfo.project.name;
  const subscription = browserSubscription();
  await page.addInitScript((sub) => {
    const asked: string[] = [];
    (window as unknown as { pushAsked: string[] }).pushAsked = asked;
    Notification.requestPermission = async () => 'granted';
    const pushManager = {
      getSubscription: async () => null,
      subscribe: async (options: { applicationServerKey: string }) => {
        asked.push(options.applicationServerKey);
        return { toJSON: () => sub };
      },
    };
    Object.defineProperty(navigator.serviceWorker, 'getRegistration', {
      value: async () => ({ pushManager }),
    });
  }, subscription);

  await signIn(page, E2E_STAFF, '/admin/notifications');
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Notifications on your devices' });
  await expect(section.getByText('No device of yours gets notifications yet.')).toBeVisible();
  await waitForHydration(page);

  // New orders only: "new cases" and "new claims" unticked.
  await section.getByLabel('New cases (missing item, wrong note)').uncheck();
  await section.getByLabel('New claims (damaged, missing, re-clean)').uncheck();
  await expect(section.getByLabel('New orders at my branch')).toBeChecked();
  await section.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(section.getByRole('status')).toHaveText('Notifications are on for this device.');

  // Subscribed with the server's VAPID key.
  const key = await page.request.get('/api/account/push/key');
  const asked = await page.evaluate(() => (window as unknown as { pushAsked: string[] }).pushAsked);
  expect(asked).toEqual([((await key.json()) as { public_key: string }).public_key]);

  const devices = section.getByRole('list', { name: 'Your devices with notifications on' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('New orders at my branch');
  await expect(devices).not.toContainText('New cases');
  await expect(devices).not.toContainText('New claims');
  await page.screenshot({ path: `${shots}/${width}-on.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // The API agrees: this member of staff's device, for new orders only.
  const list = await page.request.get('/api/admin/push/subscriptions');
  expect(list.status()).toBe(200);
  const listed = ((await list.json()) as { devices: { events: string[]; label: string }[] })
    .devices;
  expect(listed.map((d) => d.events)).toEqual([['new-order']]);

  await devices.getByRole('button', { name: `Remove ${listed[0]!.label}` }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\?done=device-removed/);
  await expect(section.getByText('That device will no longer get notifications.')).toBeVisible();
  await expect(section.getByText('No device of yours gets notifications yet.')).toBeVisible();
  await page.screenshot({ path: `${shots}/${width}-removed.png`, fullPage: true });
  const after = await page.request.get('/api/admin/push/subscriptions');
  expect(((await after.json()) as { devices: unknown[] }).devices).toEqual([]);
});

test('the back office links to it; Remove works before the page has scripts', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, E2E_STAFF, '/admin');
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);

  // A device turned on through the API, removed from a page without JavaScript.
  const reply = await page.request.post('/api/admin/push/subscriptions', {
    data: { ...browserSubscription(), events: ['new-case'] },
    // A cookie session's write comes from the site's own pages (the API checks Origin).
    headers: { Origin: baseURL! },
  });
  expect(reply.status()).toBe(201);
  const cookies = await page.context().cookies();
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    ...ownAddress(231),
  });
  try {
    await noScripts.addCookies(cookies);
    const plain = await noScripts.newPage();
    await plain.goto('/admin/notifications');
    const section = plain.getByRole('region', { name: 'Notifications on your devices' });
    await expect(section).toContainText('New cases (missing item, wrong note)');
    await expect(section.getByTestId('push-needs-scripts')).toBeVisible();
    await section.getByRole('button', { name: /^Remove / }).click();
    await expect(section.getByText('No device of yours gets notifications yet.')).toBeVisible();
  } finally {
    await noScripts.close();
  }
});
