/**
 * Debian's Chromium as the browser tests and the benchmark start it: no browser download is
 * possible here, and without the network flags it floods this machine's closed network.
 *
 * The tests drive Debian's headless build of the same Chromium (`chromium-headless-shell`,
 * what Playwright itself runs headless by default): it uses well under half the CPU of the
 * full browser in headless mode, and CPU is what the two-core CI machine runs short of
 * (docs/decisions/055). Lighthouse measures the full browser, as a visitor's phone runs it.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The browser of Playwright and the Vitest browser tests. */
export const testBrowserPath = process.env.TEST_BROWSER_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(process.env.CHROMIUM_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
];
