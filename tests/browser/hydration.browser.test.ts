import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../server/auth/staff';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { chromiumArgs, testBrowserPath } from '@tests/helpers/chromium';
import {
  demoOwner,
  freePort,
  startServerProcess,
  type ServerProcess,
} from '@tests/helpers/server-process';

/*
 * Pages hydrate without a word in the browser's console: on the development server, started
 * as `npm run dev` starts it (NODE_ENV unset: React Router and React DOM in development mode,
 * whose checks report hydration mismatches; decision 041), and on the production
 * build (npm run test:e2e builds it). The development server used to log a mismatch on every page: the nonce of
 * React Router's critical CSS, present on the server and absent in the browser.
 */

const pages = [
  '/',
  '/pricing',
  '/areas',
  // Not /faqs: it ships no scripts (decision 041; tests/e2e/hydration.spec.ts checks it).
  '/howitworks',
  '/blogs',
  '/branches',
  '/howitworks',
  '/login',
  '/signup',
  '/customer',
  '/admin/login',
];
const owner = { email: 'olive@shop.test', password: 'a-long-owner-password' };

type Problem = string;

/**
 * Opens `path` and returns what the console and the page reported. Vite's development server
 * may answer "504 Outdated Optimize Dep" the first time it meets a dependency (it re-bundles,
 * then reloads the page), or, when it re-bundles while the page loads, serve the page modules of
 * two bundles (two `?v=` hashes under /node_modules/.vite/: two copies of React, "Invalid hook
 * call"): either way the page is opened once more, as the reload after a re-bundle would.
 */
async function visit(page: Page, url: string): Promise<Problem[]> {
  for (let attempt = 0; ; attempt += 1) {
    const problems: Problem[] = [];
    let reoptimised = false;
    const onConsole = (m: { type(): string; text(): string }) => {
      if (m.type() !== 'error' && m.type() !== 'warning') return;
      if (/Outdated Optimize Dep/.test(m.text())) reoptimised = true;
      else problems.push(`${m.type()}: ${m.text().slice(0, 2000)}`);
    };
    const onError = (error: Error) => problems.push(`pageerror: ${error.message}`);
    const bundles = new Set<string>();
    const onResponse = (r: { status(): number; statusText(): string; url(): string }) => {
      if (r.status() === 504 && /Outdated Optimize Dep/.test(r.statusText())) reoptimised = true;
      const bundle = /\/node_modules\/\.vite\/.*[?&]v=([\w-]+)/.exec(r.url())?.[1];
      if (bundle) bundles.add(bundle);
    };
    page.on('console', onConsole);
    page.on('pageerror', onError);
    page.on('response', onResponse);
    // A cold development server compiles each module on first request: give it time.
    await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
    // Hydrated: React Router's browser router exists, which it creates while the page
    // hydrates (a page whose scripts failed would report no mismatch either), and has started.
    const hydrated = await page
      .waitForFunction(
        () =>
          (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
            .__reactRouterDataRouter?.state.initialized === true,
        null,
        { timeout: 15_000 },
      )
      .then(
        () => true,
        () => false,
      );
    await page.waitForTimeout(300);
    page.off('console', onConsole);
    page.off('pageerror', onError);
    page.off('response', onResponse);
    if (bundles.size > 1 && problems.length > 0) reoptimised = true;
    if (!reoptimised || attempt >= 3) return hydrated ? problems : [...problems, 'not hydrated'];
  }
}

/** Every page, then the back office signed in as `staff`: the problems found, by path. */
async function checkPages(
  url: string,
  browser: Browser,
  staff: { email: string; password: string },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const found: Record<string, Problem[]> = {};
  const check = async (path: string) => {
    const problems = await visit(page, url + path);
    if (problems.length > 0) found[path] = problems;
  };
  for (const path of pages) await check(path);
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(staff),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await context.addCookies([{ name: 'cl_staff', value: token, url, httpOnly: true }]);
  for (const path of ['/admin', '/admin/orders', '/admin/mailbox']) await check(path);
  await context.close();
  return found;
}

describe('pages hydrate without console errors', () => {
  let browser: Browser;
  let dev: ServerProcess;
  let production: TestServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cl-hydration-'));

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
    [dev, production] = await Promise.all([
      // `npm run dev`, on a fresh embedded database.
      startServerProcess(['npm', 'run', 'dev'], {
        port: await freePort(),
        env: { DATA_DIR: dataDir, LOG_FORMAT: 'json' },
      }),
      startTestServer({ pages: 'build', env: { NODE_ENV: 'production' } }),
    ]);
    await createStaffUser(production.database.db, { ...owner, name: 'Olive', role: 'owner' });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([dev?.stop(), production?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on the development server (npm run dev)', { timeout: 300_000 }, async () => {
    expect(dev.output()).toContain('"mode":"development"');
    expect(await checkPages(dev.url, browser, demoOwner(dev.output()))).toEqual({});
    const errors = dev
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":"error"'));
    expect(errors).toEqual([]);
  });

  it('on the production build', async () => {
    expect(await checkPages(production.url, browser, owner)).toEqual({});
    expect(production.errors).toEqual([]);
  });
});
