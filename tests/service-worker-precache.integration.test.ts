import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRECACHE_BUDGET, parseClientManifest } from '../scripts/app-shell';
import { ensurePagesBuild } from './helpers/pages-build';

/*
 * The service worker never slows a first visit (issue 33, decision 064): its precache, the
 * list Workbox injected into the built sw.js, is the app shell and stays within its budget.
 * Before 064 it was 182 files, 1,078 kB (every asset and image).
 */

let client: string;
let precached: string[];

beforeAll(() => {
  client = path.join(ensurePagesBuild(), 'client');
  const sw = readFileSync(path.join(client, 'sw.js'), 'utf8');
  precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
});

describe('the service worker precache (decision 064)', () => {
  it('stays within its budget of files and gzipped bytes', () => {
    const gzipped = precached.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(client, file))).length,
      0,
    );
    const raw = precached.reduce((sum, file) => sum + statSync(path.join(client, file)).size, 0);
    console.info(
      `precache: ${precached.length} files, ${(gzipped / 1024).toFixed(1)} kB gzipped, ${(raw / 1024).toFixed(0)} kB raw`,
    );
    expect(precached.length).toBeGreaterThan(0);
    expect(precached.length).toBeLessThanOrEqual(PRECACHE_BUDGET.files);
    expect(gzipped / 1024).toBeLessThanOrEqual(PRECACHE_BUDGET.gzippedKb);
  });

  it('holds the shell: the client entry, the root styles, the home and tracking pages', () => {
    const names = precached.map((file) => file.replace(/-[\w-]+\.(js|css)$/, '.$1'));
    expect(names).toEqual(
      expect.arrayContaining([
        'assets/entry.client.js',
        'assets/root.js',
        'assets/root.css',
        'assets/home.js',
        'assets/track.js',
        'assets/manifest.js',
      ]),
    );
  });

  it('leaves images, the account, checkout, the back office and the counter to run time', () => {
    expect(precached.filter((file) => file.startsWith('images/'))).toEqual([]);
    const assets = readdirSync(path.join(client, 'assets'));
    const manifestFile = assets.find((name) => name.startsWith('manifest-'))!;
    const manifest = parseClientManifest(
      readFileSync(path.join(client, 'assets', manifestFile), 'utf8'),
    );
    const runTimeOnly = Object.entries(manifest.routes)
      .filter(([id]) => /^routes\/(?:account|checkout|admin\/|order-payment)/.test(id))
      .map(([, route]) => route!.module.replace(/^\//, ''));
    expect(runTimeOnly.length).toBeGreaterThan(20);
    expect(precached.filter((file) => runTimeOnly.includes(file))).toEqual([]);
  });
});
