import type { Page } from '@playwright/test';

/**
 * Until React Router's browser router exists and has started: React has begun hydrating, so a
 * click from now on reaches its handler (React replays one made before its part hydrated). A
 * click before that, on a control that only works with JavaScript, is lost on a slow machine.
 */
export async function waitForHydration(page: Page, timeout?: number) {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter?.state.initialized === true,
    null,
    timeout ? { timeout } : undefined,
  );
}
