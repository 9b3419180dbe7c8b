import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSharedPageCache } from './page-cache';

/*
 * The shared-page cache in front of a stand-in for the page renderer, used as server/http/pages.ts
 * uses it: what it keeps, for whom, for how long, and that every reply carries its own CSP nonce.
 */

let version = 1;
let clock = 0;
let failVersion = false;
const renders: Record<string, number> = {};

type PageOptions = { shared?: boolean; status?: number; cookie?: boolean };
const pages: Record<string, PageOptions> = {
  '/shared': {},
  '/personal': { shared: false },
  '/cookie': { cookie: true },
  '/missing': { status: 404 },
};

/** The renderer's stand-in: a page with two nonced scripts, naming its render and visitor. */
function render(path: string, nonce: string, userAgent: string): Response {
  const options = pages[path.split('?')[0]!]!;
  renders[path.split('?')[0]!] = (renders[path.split('?')[0]!] ?? 0) + 1;
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  if (options.shared !== false) headers.set('X-Shared-Page', '1');
  if (options.cookie) headers.set('Set-Cookie', 'a=b');
  const html =
    `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head>` +
    `<body>render ${renders[path.split('?')[0]!]} for ${userAgent}` +
    `<script nonce="${nonce}">2</script></body></html>`;
  return new Response(html, { status: options.status ?? 200, headers });
}

const cache = createSharedPageCache({
  contentVersion: async () => {
    if (failVersion) throw new Error('database down');
    return version;
  },
  slotUsage: () => slotUsage,
  now: () => clock,
  maxAgeMs: 60_000,
});

/** One request through the cache, as the page route serves it. */
async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const nonce = randomBytes(16).toString('base64');
  const facts = {
    method,
    url,
    headers: {
      cookie: headers.Cookie,
      authorization: headers.Authorization,
      'user-agent': headers['User-Agent'],
    },
  };
  const decision = await cache.decide(facts, nonce);
  if (decision.kind === 'hit') return { html: decision.html, nonce, cache: 'hit' };
  const response = render(url, nonce, headers['User-Agent'] ?? '');
  const html = await response.text();
  const kept =
    decision.kind === 'miss' && cache.isShared(response) && decision.keep(response, html);
  return { html, nonce, cache: kept ? 'miss' : null };
}

let slotUsage = 0;

describe('shared-page cache', () => {
  beforeEach(() => {
    for (const key of Object.keys(renders)) delete renders[key];
    version += 1; // every test starts from a cold cache
  });

  it('renders again once slot usage changed (the booking form lists the windows left)', async () => {
    expect((await get('/shared')).cache).toBe('miss');
    expect((await get('/shared')).cache).toBe('hit');
    slotUsage += 1; // an order took a place, here or on another instance
    expect((await get('/shared')).cache).toBe('miss');
    expect((await get('/shared')).cache).toBe('hit');
  });

  it('renders a shared page once and serves it again with each reply’s own nonce', async () => {
    const first = await get('/shared');
    expect(first.cache).toBe('miss');
    const second = await get('/shared');
    expect(second.cache).toBe('hit');
    expect(renders['/shared']).toBe(1);
    expect(second.html).toContain('render 1');
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(first.nonce);
    expect(second.html.match(/nonce="([^"]+)"/g)).toEqual([
      `nonce="${second.nonce}"`,
      `nonce="${second.nonce}"`,
    ]);
  });

  it('renders again once the content changed, or after the longest age', async () => {
    await get('/shared');
    await get('/shared');
    version += 1;
    expect((await get('/shared')).html).toContain('render 2');
    clock += 61_000;
    expect((await get('/shared')).html).toContain('render 3');
    expect((await get('/shared')).cache).toBe('hit');
  });

  it('never for a cookie, a token, a query string, another method or a database that is down', async () => {
    await get('/shared');
    await get('/shared', { Cookie: 'cl_session=abc' });
    await get('/shared', { Authorization: 'Bearer abc' });
    await get('/shared?utm_source=x');
    await get('/shared', {}, 'HEAD');
    failVersion = true;
    await get('/shared');
    failVersion = false;
    expect(renders['/shared']).toBe(6);
  });

  it('keeps only pages that opted in, answered 200 and set no cookie', async () => {
    for (const path of ['/personal', '/cookie', '/missing']) {
      await get(path);
      const again = await get(path);
      expect(again.cache, path).toBeNull();
      expect(renders[path], path).toBe(2);
    }
  });

  it('keeps one page per kind of device (the app banner links to its store)', async () => {
    const iphone = { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' };
    const android = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 15; Pixel 9)' };
    await get('/shared', iphone);
    await get('/shared', android);
    expect((await get('/shared', iphone)).html).toContain('iPhone');
    expect((await get('/shared', android)).html).toContain('Android');
    expect(renders['/shared']).toBe(2);
  });
});
