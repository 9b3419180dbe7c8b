import { expect, test, type Page, type Route } from '@playwright/test';
import { E2E_DRIVER, e2eDriverStops, e2eOfflineStops } from './e2e-driver';
import { E2E_OWNER } from './e2e-staff';
import { ownAddress, readMail } from './support';
import { phonePhotoWithGps } from '@tests/helpers/photos';

// Sign-ins from this spec's own addresses (support.ts): 200-209.
test.use(ownAddress(200));

/*
 * Issue 33, the driver's round without a signal (decision 061). The round is kept on the phone
 * when the view loads; with the browser context offline, the driver records a collection and a
 * delivery with photos and a not-home ("3 actions waiting to send"), moves between Today and
 * Tomorrow from the phone's copy, records a fourth action, and closes the page. The office
 * changes the fourth stop meanwhile. A new page (the API still out of reach) shows the four
 * actions kept; once the signal is back they go in order, the first one twice (its answer lost
 * on the way), and each arrives once in the back office; the changed stop is shown as a
 * conflict, not written over.
 */

const mailPort = Number(process.env.E2E_PORT ?? 3100) + 1;

function card(page: Page, name: string) {
  return page.getByTestId('driver-stop').filter({ hasText: name });
}

/** The dates whose list the phone keeps (IndexedDB 'driver-round'). */
function keptDates(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('driver-round');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('days')) return resolve([]);
          const keys = db.transaction('days').objectStore('days').getAllKeys();
          keys.onsuccess = () => resolve((keys.result as string[]).sort());
        };
        open.onerror = () => resolve([]);
      }),
  );
}

test('a round recorded without a signal arrives once, in order, after the page was closed', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const stops = e2eOfflineStops(project);
  const tomorrow = e2eDriverStops(project).tomorrow;
  const photo = await phonePhotoWithGps(1200, 900);

  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(E2E_DRIVER.email);
  await page.getByLabel('Password').fill(E2E_DRIVER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'My stops' })).toBeVisible();
  await expect(card(page, stops.collect.name)).toBeVisible();
  // Today and Tomorrow are kept on the phone at the start of the round.
  await expect.poll(() => keptDates(page).then((d) => d.length)).toBe(2);

  // ─── Without a signal: three actions, two of them with photos ───
  await context.setOffline(true);
  const collect = card(page, stops.collect.name);
  await collect.getByRole('button', { name: 'Collect' }).click();
  await collect.getByRole('button', { name: 'One bag more' }).click();
  await collect
    .getByLabel('Collection photo')
    .setInputFiles({ name: 'bags.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(collect.getByRole('img', { name: 'Collection photo, taken' })).toBeVisible();
  await collect.getByRole('button', { name: 'Save collection' }).click();
  await expect(card(page, stops.collect.name)).toContainText('Waiting to be sent…');

  const deliver = card(page, stops.deliver.name);
  await deliver.getByRole('button', { name: 'Deliver' }).click();
  await deliver.getByRole('button', { name: 'Concierge' }).click();
  await deliver
    .getByLabel('Proof-of-delivery photo')
    .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(deliver.getByRole('img', { name: 'Proof-of-delivery photo, taken' })).toBeVisible();
  await deliver.getByRole('button', { name: 'Save delivery' }).click();

  const notHome = card(page, stops.notHome.name);
  await notHome.getByRole('button', { name: 'Not home' }).click();
  await notHome.getByRole('button', { name: 'Yes, not home' }).click();
  await expect(page.getByTestId('actions-waiting')).toHaveText('3 actions waiting to send');
  await page.screenshot({ path: info.outputPath('three-waiting.png'), fullPage: true });

  // ─── Today and Tomorrow from the phone's copy ───
  const days = page.getByRole('navigation', { name: 'Day' });
  await days.getByRole('link', { name: 'Tomorrow' }).click();
  await expect(card(page, tomorrow.name)).toContainText('Ready to load');
  await expect(page.getByTestId('round-offline')).toContainText('No signal: stops as of');
  await expect(page.getByTestId('actions-waiting')).toHaveText('3 actions waiting to send');
  await page.screenshot({ path: info.outputPath('tomorrow-offline.png'), fullPage: true });
  await days.getByRole('link', { name: 'Today' }).click();
  await expect(card(page, stops.changed.name)).toContainText('Leave with the porter');
  await expect(card(page, stops.collect.name)).toContainText('Waiting to be sent…');

  const changed = card(page, stops.changed.name);
  const changedNo = (await changed.getAttribute('data-order'))!;
  await changed.getByRole('button', { name: 'Collect' }).click();
  await changed.getByRole('button', { name: 'Save collection' }).click();
  await expect(page.getByTestId('actions-waiting')).toHaveText('4 actions waiting to send');

  // ─── The app is closed; the office changes the fourth stop meanwhile ───
  await page.close();
  const office = await fetch(
    `http://127.0.0.1:${mailPort}/driver/office-note?email=${encodeURIComponent(stops.changed.email)}`,
    { method: 'POST' },
  );
  expect(await office.json()).toEqual({ changed: 1 });
  await context.setOffline(false);

  // A new page while the API is still out of reach: the four actions are still on the phone.
  const again = await context.newPage();
  let held = true;
  let collectPosts = 0;
  await again.route('**/api/admin/**', async (route: Route) => {
    if (held) return route.abort('internetdisconnected');
    if (route.request().method() === 'POST' && route.request().url().endsWith('/collect')) {
      collectPosts += 1;
      // The first collection reaches the server but its answer is lost: sent twice, once kept.
      if (collectPosts === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
    }
    return route.continue();
  });
  await again.goto('/admin/driver');
  await expect(again.getByTestId('actions-waiting')).toHaveText('4 actions waiting to send');
  await expect(again.locator('[data-sync="retrying"]')).toContainText('Retrying');

  // ─── The signal is back ───
  held = false;
  await again.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(card(again, stops.deliver.name)).toHaveAttribute('data-state', 'delivered', {
    timeout: 30_000,
  });
  await expect(again.getByTestId('actions-waiting')).toBeHidden();
  await expect(card(again, stops.collect.name)).toHaveAttribute('data-state', 'collected');
  await expect(card(again, stops.collect.name)).toContainText('Collected, 2 bags');
  await expect(card(again, stops.deliver.name)).toContainText('Delivered: Concierge');
  await expect(card(again, stops.notHome.name)).toHaveAttribute('data-state', 'not-home');
  expect(collectPosts).toBeGreaterThanOrEqual(3);

  // The changed stop is a conflict for the driver, and stays as the office left it.
  const conflict = again.getByTestId('conflict').filter({ hasText: changedNo });
  await expect(conflict).toContainText('The office changed');
  await expect(card(again, stops.changed.name)).toHaveAttribute('data-state', 'to-do');
  await expect(card(again, stops.changed.name)).toContainText('Porter away today');
  await again.screenshot({ path: info.outputPath('conflict.png'), fullPage: true });
  await conflict.getByRole('button', { name: 'Seen' }).click();
  await expect(conflict).toBeHidden();

  // ─── In the back office: each action once ───
  const login = await request.post('/api/admin/login', { data: E2E_OWNER });
  const token = ((await login.json()) as { token: string }).token;
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/admin/driver/stops', { headers })).json()) as {
    stops: { order_id: string; customer_name: string }[];
  };
  const idOf = (name: string) => list.stops.find((s) => s.customer_name === name)!.order_id;
  const eventsOf = async (name: string) =>
    (
      (await (await request.get(`/api/admin/orders/${idOf(name)}`, { headers })).json()) as {
        order: { events: { to: string }[]; photos?: unknown[] };
      }
    ).order.events.map((e) => e.to);
  expect((await eventsOf(stops.collect.name)).filter((to) => to === 'collected')).toHaveLength(1);
  expect((await eventsOf(stops.deliver.name)).filter((to) => to === 'delivered')).toHaveLength(1);
  expect(await eventsOf(stops.changed.name)).not.toContain('collected');
  const missed = (await readMail(stops.notHome.email)).filter((m) =>
    m.subject.startsWith('We missed you'),
  );
  expect(missed).toHaveLength(1);
});
