// npm run test:e2e drives Debian's Chromium; say how to get it rather than fail obscurely.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium was not found at ${path}.\n` +
      'Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH).\n' +
      'Playwright cannot download its own browser on this network.',
  );
  process.exit(1);
}
