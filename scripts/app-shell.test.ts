import { describe, expect, it } from 'vitest';
import { appShellFiles, parseClientManifest, type ClientManifest } from './app-shell';

const manifest: ClientManifest = {
  url: '/assets/manifest-1.js',
  entry: { module: '/assets/entry.client-1.js', imports: ['/assets/chunk-1.js'], css: [] },
  routes: {
    root: {
      module: '/assets/root-1.js',
      imports: ['/assets/chunk-1.js'],
      css: ['/assets/root-1.css'],
    },
    'routes/home': { module: '/assets/home-1.js', imports: ['/assets/booking-form-1.js'] },
    'routes/account-orders': {
      module: '/assets/account-orders-1.js',
      imports: ['/assets/zod-1.js'],
    },
    'routes/admin/board': { module: '/assets/board-1.js' },
  },
};

describe('the app shell the service worker precaches (decision 064)', () => {
  it('is the entry, the chosen routes with their imports and styles, and the manifest', () => {
    expect(appShellFiles(manifest, ['root', 'routes/home'])).toEqual([
      'assets/booking-form-1.js',
      'assets/chunk-1.js',
      'assets/entry.client-1.js',
      'assets/home-1.js',
      'assets/manifest-1.js',
      'assets/root-1.css',
      'assets/root-1.js',
    ]);
  });

  it('leaves out the routes not chosen (the account, the back office)', () => {
    const files = appShellFiles(manifest, ['root', 'routes/home']);
    expect(files).not.toContain('assets/zod-1.js');
    expect(files).not.toContain('assets/board-1.js');
  });

  it('refuses a route the manifest does not have, so a rename cannot empty the shell', () => {
    expect(() => appShellFiles(manifest, ['routes/gone'])).toThrow(/no route routes\/gone/);
  });

  it('reads the manifest file React Router writes', () => {
    const text = `window.__reactRouterManifest=${JSON.stringify(manifest)};`;
    expect(parseClientManifest(text)).toEqual(manifest);
    expect(() => parseClientManifest('export default {}')).toThrow(/not a React Router/);
  });
});
