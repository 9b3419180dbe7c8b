import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const mailPort = Number(process.env.E2E_PORT ?? 3100) + 1;

/**
 * A spec's own visitor address (the e2e server trusts one proxy hop, as behind the production
 * proxy): the per-address limits of sign-ins (decision 013, 20 staff sign-ins per address in 15
 * minutes) count each spec's as a different visitor's, not the whole project's as one shop's.
 * Each project has its own server, so the same address in both projects counts apart.
 */
export function ownAddress(octet: number) {
  return { extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${octet}` } };
}

export type ReceivedMail = { subject: string; text: string; to: string[] };

/** E-mails the server sent to `to` through the test's SMTP server, waiting for `count`. */
export async function readMail(to: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${mailPort}/?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as ReceivedMail[];
    if (messages.length >= count) return messages;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`expected ${count} e-mail(s) to ${to}, got ${messages.length}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The collection windows the e2e server filled (tests/e2e/full-windows-seed.ts). */
export async function seededFullWindows(): Promise<{
  date: string;
  starts: string[];
  fullDay: string;
}> {
  const res = await fetch(`http://127.0.0.1:${mailPort}/slots/full`);
  return (await res.json()) as { date: string; starts: string[]; fullDay: string };
}

/** Runs axe-core on the page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Evaluated over the DevTools protocol, which the page's Content-Security-Policy (no inline
  // scripts) does not govern; a <script> tag would be refused, as it should be.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: string[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} at ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  expect(violations, violations.join('\n')).toEqual([]);
}

/** Holds the client entry until the returned release is called: the page stays un-hydrated. */
export async function holdHydration(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

export { waitForHydration } from '@tests/helpers/hydration';

/**
 * Signs a back-office account in through the sign-in page, coming back to `from`; with
 * `branch`, picks the branch to work in when the page asks (staff of several branches).
 */
export async function signIn(
  page: Page,
  who: { email: string; password: string },
  from: string,
  branch?: string,
) {
  await page.goto(`/admin/login?from=${from}`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (branch) {
    await expect(
      page.getByRole('heading', { name: 'Which branch are you working in?' }),
    ).toBeVisible();
    await page.getByRole('button', { name: branch }).click();
  }
}
