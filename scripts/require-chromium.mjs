// npm run test:e2e drives Debian's headless Chromium (decision 055); say how to get it rather
// than fail obscurely.
import { existsSync } from 'node:fs';

const path = process.env.TEST_BROWSER_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(path)) {
  console.error(
    `Chromium's headless shell was not found at ${path}.\n` +
      'Install it with: sudo apt-get install -y chromium-headless-shell   (or set TEST_BROWSER_PATH).\n' +
      'Playwright cannot download its own browser on this network.',
  );
  process.exit(1);
}
