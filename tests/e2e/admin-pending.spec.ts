import { expect, test } from '@playwright/test';
import { E2E_STAFF } from './e2e-staff';
import { ownAddress } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(100));

/*
 * The back office's actions run as a React 19 transition (app/features/admin/ui.tsx,
 * docs/decisions/041): the button they disable stays disabled until the page shows the data
 * the action changed, not only until the API has answered (a second press on the old data
 * was possible in between).
 */

test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'the back office is run from a desk');

test('Save stays pending until the catalogue has reloaded', async ({ page, baseURL }) => {
  const login = await page.request.post('/api/admin/login', { data: E2E_STAFF });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page
    .context()
    .addCookies([{ name: 'cl_staff', value: token, url: baseURL!, httpOnly: true }]);
  await page.goto('/admin/catalogue/faqs');
  await page.waitForFunction(() => '__reactRouterRouteModules' in window);
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const editor = page.getByRole('region', { name: 'Edit FAQ' });
  await expect(editor).toBeVisible();

  // The reload of the page's data after the save is held until the test lets it go.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reloads = 0;
  await page.route(/\/admin\/catalogue\/faqs\.data/, async (route) => {
    reloads += 1;
    await held;
    await route.continue();
  });

  const save = editor.getByRole('button', { name: 'Save' });
  await save.click();
  // The API has answered (its message shows) and the reload has started…
  await expect(page.getByRole('status')).toBeVisible();
  await expect.poll(() => reloads).toBe(1);
  // …and Save is still pending while the page has the old data.
  await expect(save).toBeDisabled();
  await page.waitForTimeout(300);
  await expect(save).toBeDisabled();

  release();
  // Reloaded: the action is over and the editor closes.
  await expect(editor).toBeHidden();
});
