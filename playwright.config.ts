import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, testBrowserPath } from './tests/helpers/chromium';

// The app under test: the production build on a fresh embedded database, with a real SMTP
// server beside it (tests/e2e/e2e-server.ts). E2E_PORT lets several runs share a machine.
const port = Number(process.env.E2E_PORT ?? 3100);

const chromium = { executablePath: testBrowserPath, args: chromiumArgs };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // The promo pop-up and the app banner are closed, as for a returning visitor, so they do
    // not cover what a test clicks; tests of those two start from an empty storage.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://localhost:${port}`,
          localStorage: [
            { name: 'promo_dismissed_at', value: '4102444800000' },
            { name: 'app_banner_dismissed_at', value: '4102444800000' },
          ],
        },
      ],
    },
    launchOptions: chromium,
    // No service worker (decision 059) unless a spec asks for one: it precaches the site's
    // assets in every new context, which made each test several times slower.
    serviceWorkers: 'block',
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        // One visitor address per project (the e2e server trusts one proxy hop): the
        // sign-ups of both projects do not add up under one address's hourly limit.
        extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.10' },
      },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 740 },
        // The phone's width, touch and user agent, drawn at one device pixel per CSS pixel: at
        // the Pixel 7's 2.625 Chromium painted and screenshotted seven times the pixels, and
        // the mobile project took a fifth longer (decision 055). Lighthouse measures the phone.
        deviceScaleFactor: 1,
        extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.20' },
        // Pixel 7 is a Chromium device; keep the mobile user agent for the app banner.
      },
    },
  ],
  webServer: {
    command: 'tsx tests/e2e/e2e-server.ts',
    // The test server's own port, which listens once every seed is in (the site's /healthz
    // answers before: a first spec could start on a half-seeded database).
    url: `http://127.0.0.1:${port + 1}/ready`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
