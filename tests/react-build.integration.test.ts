import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/*
 * The page tests serve the production build (tests/helpers/pages-build.ts); React must render it
 * with its production build too, as on a running site (npm start sets NODE_ENV=production), not
 * with the development build Vitest's default NODE_ENV=test would load: that build takes about
 * twice the CPU per page, most of the bad-input sweeps' time. vitest.config.ts sets it.
 */
describe('React in the page tests', () => {
  it('is the production build', () => {
    expect(process.env.NODE_ENV).toBe('production');
    const require = createRequire(import.meta.url);
    require('react');
    require('react-dom/server');
    // Loaded, not only listed: Node lists both builds' files when an ES module imports React
    // (it reads react/index.js's re-exports ahead), but runs one.
    const loaded = Object.entries(require.cache)
      .filter(([, module]) => module?.loaded)
      .map(([file]) => file);
    expect(loaded.some((file) => file.endsWith('cjs/react.production.js'))).toBe(true);
    expect(loaded.filter((file) => /react(-dom)?\/cjs\/.*development/.test(file))).toEqual([]);
    expect(loaded.some((file) => file.includes('react-dom-server.node.production'))).toBe(true);
  });
});
