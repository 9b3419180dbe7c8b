import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedPageCache } from './page-cache';

/*
 * The shared-page cache in front of a stand-in for the page renderer: what it keeps, for whom,
 * for how long, and that every reply carries its own CSP nonce.
 */

let version = 1;
let clock = 0;
let failVersion = false;
const renders: Record<string, number> = {};

function page(path: string, options: { shared?: boolean; status?: number; cookie?: boolean }) {
  return (req: express.Request, res: express.Response) => {
    renders[path] = (renders[path] ?? 0) + 1;
    const nonce = String(res.locals.cspNonce);
    if (options.shared !== false) res.setHeader('X-Shared-Page', '1');
    if (options.cookie) res.setHeader('Set-Cookie', 'a=b');
    res.status(options.status ?? 200).type('html');
    // Written in pieces, as React streams a page.
    res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head>`);
    res.write(`<body>render ${renders[path]} for ${req.get('user-agent') ?? ''}`);
    res.end(`<script nonce="${nonce}">2</script></body></html>`);
  };
}

describe('shared-page cache', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString('base64');
      res.setHeader('X-Nonce', res.locals.cspNonce);
      next();
    });
    app.use(
      sharedPageCache({
        contentVersion: async () => {
          if (failVersion) throw new Error('database down');
          return version;
        },
        now: () => clock,
        maxAgeMs: 60_000,
      }),
    );
    app.get('/shared', page('/shared', {}));
    app.get('/personal', page('/personal', { shared: false }));
    app.get('/cookie', page('/cookie', { cookie: true }));
    app.get('/missing', page('/missing', { status: 404 }));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    for (const key of Object.keys(renders)) delete renders[key];
    version += 1; // every test starts from a cold cache
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const reply = await fetch(base + path, { headers });
    return { reply, html: await reply.text(), nonce: reply.headers.get('x-nonce')! };
  };

  it('renders a shared page once and serves it again with each reply’s own nonce', async () => {
    const first = await get('/shared');
    expect(first.reply.headers.get('x-page-cache')).toBe('miss');
    expect(first.reply.headers.get('x-shared-page')).toBeNull();
    expect(first.html.match(/nonce="([^"]+)"/g)).toEqual([
      `nonce="${first.nonce}"`,
      `nonce="${first.nonce}"`,
    ]);
    const second = await get('/shared');
    expect(second.reply.headers.get('x-page-cache')).toBe('hit');
    expect(second.reply.headers.get('content-type')).toContain('text/html');
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
    expect((await get('/shared')).reply.headers.get('x-page-cache')).toBe('hit');
  });

  it('never for a cookie, a token, a query string, another method or a database that is down', async () => {
    await get('/shared');
    await get('/shared', { Cookie: 'cl_session=abc' });
    await get('/shared', { Authorization: 'Bearer abc' });
    await get('/shared?utm_source=x');
    await fetch(base + '/shared', { method: 'HEAD' });
    failVersion = true;
    await get('/shared');
    failVersion = false;
    expect(renders['/shared']).toBe(6);
  });

  it('keeps only pages that opted in, answered 200 and set no cookie', async () => {
    for (const path of ['/personal', '/cookie', '/missing']) {
      await get(path);
      const again = await get(path);
      expect(again.reply.headers.get('x-page-cache'), path).toBeNull();
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
