import { expect, test, type Page } from '@playwright/test';
import { E2E_STAFF } from './e2e-staff';
import { ownAddress, waitForHydration } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(106));

/*
 * Issue 30: React DOM 19 hydrates every page that has scripts, on the production build, with
 * nothing in the console: no hydration error (React reports one through window.reportError,
 * a `pageerror` here), no console error, no refused inline script (a CSP violation is a
 * console error). The pages with nothing interactive carry no script at all
 * (docs/decisions/041). Shared pages (decision 042) allow React Router's inline scripts by
 * their hashes: they hydrate here under that policy.
 */

type Check = { path: string; scripts: boolean; shared?: boolean };

const publicPages: Check[] = [
  { path: '/', scripts: true },
  { path: '/pricing', scripts: true, shared: true },
  { path: '/pricing/shirts', scripts: true, shared: true },
  { path: '/services', scripts: true, shared: true },
  { path: '/howitworks', scripts: true, shared: true },
  { path: '/areas', scripts: true, shared: true },
  { path: '/corperates', scripts: true, shared: true },
  { path: '/branches', scripts: true, shared: true },
  { path: '/branches/notting-hill', scripts: true, shared: true },
  { path: '/blogs', scripts: true, shared: true },
  { path: '/maida-vale', scripts: true },
  { path: '/dry-cleaning', scripts: true },
  { path: '/login', scripts: true },
  { path: '/signup', scripts: true },
  { path: '/customer', scripts: true },
  { path: '/not-found', scripts: true },
  { path: '/faqs', scripts: false, shared: true },
  { path: '/aboutus', scripts: false, shared: true },
  { path: '/terms', scripts: false, shared: true },
  { path: '/privacy', scripts: false, shared: true },
  { path: '/blog/red-wine-stains', scripts: false, shared: true },
  { path: '/newsletter', scripts: false },
];

/** Opens `path` and checks it: hydrated by React DOM with a clean console, or script-free. */
async function checkPage(page: Page, { path, scripts, shared }: Check) {
  const problems: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() !== 'error') return;
    // The 404 page's own status, which Chromium reports for the document.
    if (path === '/not-found' && /status of 404/.test(m.text())) return;
    problems.push(`console: ${m.text().slice(0, 500)}`);
  };
  const onError = (error: Error) => problems.push(`pageerror: ${error.message.slice(0, 500)}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    const reply = await page.goto(path);
    expect(reply?.status(), path).toBeLessThan(path === '/not-found' ? 500 : 300);
    if (shared) {
      // Decision 042: kept bytes, inline scripts allowed by hash, no nonce.
      const policy = (await reply!.headerValue('content-security-policy')) ?? '';
      expect(policy, path).toContain("'sha256-");
      expect(policy, path).not.toContain("'nonce-");
    }
    if (scripts) {
      // React Router's browser router has started, and it was React DOM that hydrated the
      // document (React marks the nodes it adopted; Preact did not).
      await waitForHydration(page, 15_000);
      await expect
        .poll(() =>
          page.evaluate(() => ({
            routeModules: '__reactRouterRouteModules' in window,
            reactOwnsBody: Object.keys(document.body).some((key) =>
              key.startsWith('__reactFiber$'),
            ),
          })),
        )
        .toEqual({ routeModules: true, reactOwnsBody: true });
    } else {
      await page.waitForLoadState('load');
      const found = await page.evaluate(() => ({
        external: document.querySelectorAll('script[src], script[type="module"]').length,
        preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
        router: '__reactRouterContext' in window || '__reactRouterRouteModules' in window,
      }));
      expect(found, path).toEqual({ external: 0, preloads: 0, router: false });
    }
    // Late reports (a recoverable hydration error is reported after the commit).
    await page.waitForTimeout(300);
    expect(problems, path).toEqual([]);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
}

for (const check of publicPages) {
  test(`${check.path} ${check.scripts ? 'hydrates with React DOM' : 'ships no script'} with a clean console`, async ({
    page,
  }) => {
    await checkPage(page, check);
  });
}

test('the account page hydrates with a clean console', async ({ page }, info) => {
  const email = `hydration-${info.project.name}@example.com`;
  const register = await page.request.post('/api/register', {
    data: {
      name: 'Ada Lovelace',
      email,
      phone: '07700 900456',
      password: 'Secret@123',
      address: { door_number: 'Flat 1', line1: '7 Elgin Avenue', postcode: 'W9 2HD' },
    },
  });
  expect(register.status()).toBe(200);
  // The session cookie of the API's login is the website's (page.request shares the context).
  const login = await page.request.post('/api/login', {
    data: { email, password: 'Secret@123' },
  });
  expect(login.status()).toBe(200);
  await checkPage(page, { path: '/account', scripts: true });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the back office board hydrates with a clean console', async ({ page, baseURL }) => {
  const login = await page.request.post('/api/admin/login', { data: E2E_STAFF });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page
    .context()
    .addCookies([{ name: 'cl_staff', value: token, url: baseURL!, httpOnly: true }]);
  await checkPage(page, { path: '/admin', scripts: true });
  await expect(page.getByRole('heading', { name: 'Orders board' })).toBeVisible();
});

test('a hydrated page answers a click: the price list opens its search by service', async ({
  page,
}) => {
  await checkPage(page, { path: '/pricing', scripts: true, shared: true });
  await page.getByRole('button', { name: 'Search by service' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a link from a hydrated page to a page without scripts renders it in the browser, at its top', async ({
  page,
}) => {
  await checkPage(page, { path: '/howitworks', scripts: true, shared: true });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // The header sticks: its FAQs link (in the menu on a phone) is at hand.
  const menu = page.locator('summary').filter({ hasText: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('link', { name: 'FAQs', exact: true })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/faqs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Frequently asked questions/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
