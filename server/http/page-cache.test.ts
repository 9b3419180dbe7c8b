import { createHash, randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSharedPageCache,
  matchesEtag,
  withoutNonce,
  type SharedPageOutcome,
  type SharedRender,
} from './page-cache';

/*
 * The shared-page cache in front of a stand-in for the page renderer, used as server/http/pages.ts
 * uses it: which requests it answers, what it keeps, for how long, and the bytes, hashes and
 * ETag every visitor gets.
 */

let version = 1;
let clock = 0;
let failVersion = false;
let slotUsage = 0;
const renders: Record<string, number> = {};

type PageOptions = { status?: number; cookie?: boolean; cut?: boolean };
const pages: Record<string, PageOptions> = {
  '/shared': {},
  '/cookie': { cookie: true },
  '/missing': { status: 404 },
  '/cut': { cut: true },
};

/** The renderer's stand-in: a page with two nonced inline scripts and an external one. */
function render(path: string): SharedRender {
  const options = pages[path]!;
  renders[path] = (renders[path] ?? 0) + 1;
  const nonce = randomBytes(16).toString('base64');
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  if (options.cookie) headers.set('Set-Cookie', 'a=b');
  const html =
    `<!DOCTYPE html><html><head><script nonce="${nonce}">one()</script>` +
    `<script type="module" src="/assets/x.js" nonce="${nonce}"></script></head>` +
    `<body>render ${renders[path]}<script nonce="${nonce}">two()</script>` +
    (options.cut ? '' : '</body></html>');
  return { response: new Response(html, { status: options.status ?? 200, headers }), html, nonce };
}

const cache = createSharedPageCache({
  isSharedPath: (path) => path in pages,
  contentVersion: async () => {
    if (failVersion) throw new Error('database down');
    return version;
  },
  slotUsage: () => slotUsage,
  policyForHashes: (hashes) => `script-src 'self' ${hashes.join(' ')}`,
  now: () => clock,
  maxAgeMs: 60_000,
});

async function get(path: string): Promise<SharedPageOutcome> {
  const key = cache.keyOf({ method: 'GET', url: path, headers: {} });
  if (!key) throw new Error(`${path} is not a shared page`);
  return cache.get(key, async () => render(path));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('shared-page cache', () => {
  beforeEach(() => {
    for (const key of Object.keys(renders)) delete renders[key];
    version += 1; // every test starts from a cold cache
    failVersion = false;
  });

  it('answers only GET and HEAD of a shared page without a query or a token, whatever the cookies', () => {
    const keyOf = (method: string, url: string, authorization?: string) =>
      cache.keyOf({ method, url, headers: { authorization } });
    expect(keyOf('GET', '/shared')).toBe('/shared');
    expect(keyOf('HEAD', '/shared')).toBe('/shared');
    expect(keyOf('POST', '/shared')).toBeNull();
    expect(keyOf('GET', '/shared?again=1')).toBeNull();
    expect(keyOf('GET', '/shared', 'Bearer abc')).toBeNull();
    expect(keyOf('GET', '/account')).toBeNull();
  });

  it('renders a shared page once, then serves the same bytes without the nonce', async () => {
    const first = await get('/shared');
    const second = await get('/shared');
    expect(first.kind).toBe('miss');
    expect(second.kind).toBe('hit');
    expect(renders['/shared']).toBe(1);
    if (first.kind === 'not-kept' || second.kind === 'not-kept') throw new Error('kept');
    expect(second.page).toBe(first.page);
    const html = first.page.html.toString();
    expect(html).not.toContain('nonce=');
    expect(html).toContain('<script>one()</script>');
  });

  it('allows exactly its inline scripts by their hashes, and names its bytes by a strong ETag', async () => {
    const outcome = await get('/shared');
    if (outcome.kind === 'not-kept') throw new Error('kept');
    const { page } = outcome;
    expect(page.contentSecurityPolicy).toBe(
      `script-src 'self' ${sha256('one()')} ${sha256('two()')}`,
    );
    expect(page.contentSecurityPolicy).not.toContain('nonce');
    expect(page.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    // The same content rendered by another instance, with another nonce: the same ETag.
    const otherInstance = createSharedPageCache({
      isSharedPath: () => true,
      contentVersion: async () => version,
      policyForHashes: () => null,
    });
    const elsewhere = await otherInstance.get('/shared', async () => {
      const nonce = randomBytes(16).toString('base64');
      const html = page.html.toString().replaceAll('<script>', `<script nonce="${nonce}">`);
      return { response: new Response(html, { status: 200 }), html, nonce };
    });
    if (elsewhere.kind === 'not-kept') throw new Error('kept');
    expect(elsewhere.page.etag).toBe(page.etag);
    expect(page.headers).toContainEqual(['content-type', 'text/html; charset=utf-8']);
  });

  it('compresses each page once per encoding', async () => {
    const outcome = await get('/shared');
    if (outcome.kind === 'not-kept') throw new Error('kept');
    const { page } = outcome;
    const gzip = await page.compressed('gzip');
    const br = await page.compressed('br');
    expect(gunzipSync(gzip).equals(page.html)).toBe(true);
    expect(brotliDecompressSync(br).equals(page.html)).toBe(true);
    expect(await page.compressed('gzip')).toBe(gzip);
    expect(await page.compressed('br')).toBe(br);
  });

  it('renders again once the content or slot usage changed, or after the longest age', async () => {
    await get('/shared');
    expect((await get('/shared')).kind).toBe('hit');
    version += 1; // a content change, here or on another instance (decision 016)
    expect((await get('/shared')).kind).toBe('miss');
    slotUsage += 1; // an order took a place: the booking form lists the windows left
    expect((await get('/shared')).kind).toBe('miss');
    expect((await get('/shared')).kind).toBe('hit');
    clock += 60_000;
    expect((await get('/shared')).kind).toBe('miss');
    expect(renders['/shared']).toBe(4);
  });

  it('keeps only whole 200 pages that set no cookie, and nothing while the database is down', async () => {
    for (const path of ['/cookie', '/missing', '/cut']) {
      expect((await get(path)).kind).toBe('not-kept');
      expect((await get(path)).kind).toBe('not-kept');
      expect(renders[path]).toBe(2);
    }
    failVersion = true;
    const down = await get('/shared');
    expect(down.kind).toBe('not-kept');
    failVersion = false;
    expect((await get('/shared')).kind).toBe('miss');
  });

  it('renders once for many visitors who ask at the same time', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => get('/shared')));
    expect(renders['/shared']).toBe(1);
    expect(outcomes.filter((o) => o.kind === 'miss')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'hit')).toHaveLength(19);
  });
});

describe('If-None-Match', () => {
  it('matches the ETag among others, weak or strong, and *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});

describe('withoutNonce', () => {
  it('drops the nonce and hashes every inline script, not those loaded from a file', () => {
    const html =
      '<script nonce="N">a()</script><script type="module" nonce="N" src="/x.js"></script>' +
      '<script type="application/ld+json" nonce="N">{"@type":"Thing"}</script>' +
      '<script nonce="N">a()</script>';
    const result = withoutNonce(html, 'N');
    expect(result.html).not.toContain('nonce');
    expect(result.scriptHashes).toEqual([sha256('a()'), sha256('{"@type":"Thing"}')]);
  });
});
