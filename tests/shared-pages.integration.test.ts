import { createHash } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../server/db/schema';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Shared pages over the production build (server/http/page-cache.ts, decisions 011 and 042):
 * rendered once per content change for nobody in particular, and then the same bytes for
 * every visitor, whatever their cookies: no nonce, the hashes of the inline scripts in the
 * CSP, a strong ETag and 304, compressed once, and a Cache-Control a CDN may act on. Pages with
 * anything personal are rendered for their visitor and never kept.
 */

type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

/** A raw request (no automatic decompression), to see the bytes and headers as sent. */
function request(base: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
  });
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('shared pages: one set of bytes per content change', () => {
  let database: TestDatabase;
  let server: TestServer;
  let other: TestServer;
  let session: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances of the site on one database, as behind a load balancer.
    const shared = { ...database, close: async () => {} };
    const env = { NODE_ENV: 'production' };
    server = await startTestServer({ pages: 'build', database: shared, env });
    other = await startTestServer({ pages: 'build', database: shared, env });
    const registered = await server.api('/api/register', {
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        phone: '07700 900456',
        password: 'Secret@123',
        address: { door_number: '1', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    expect(registered.status).toBe(200);
    const login = await server.api<{ token: string }>('/api/login', {
      body: { email: 'grace@example.com', password: 'Secret@123' },
    });
    session = login.body.token;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await other?.stop();
    await database?.close();
  });

  it('is rendered once, then the same bytes: no nonce, its inline scripts allowed by their hashes', async () => {
    const first = await request(server.url, '/pricing');
    const second = await request(server.url, '/pricing');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body.equals(first.body)).toBe(true);
    const html = second.body.toString();
    expect(html).not.toMatch(/\snonce="/);
    const csp = String(second.headers['content-security-policy']);
    expect(csp).not.toContain('nonce');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\ssrc=/.test(attributes!),
    );
    expect(inline.length).toBeGreaterThan(1);
    for (const [, , text] of inline) expect(csp).toContain(sha256(text!));
    expect(csp).toContain("script-src 'self' 'sha256-");
  });

  it('answers a strong ETag with 304, and may be held by a CDN', async () => {
    const page = await request(server.url, '/faqs');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(page.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
    expect(page.headers.vary).toBe('Accept-Encoding');
    const again = await request(server.url, '/faqs', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const changed = await request(server.url, '/faqs', { 'If-None-Match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('is compressed once per encoding: gzip and brotli give the same page', async () => {
    const plain = await request(server.url, '/terms');
    const gzip = await request(server.url, '/terms', { 'Accept-Encoding': 'gzip' });
    const br = await request(server.url, '/terms', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('is the same for visitors with cookies, a session included: nothing of theirs in it', async () => {
    const anonymous = await request(server.url, '/areas');
    for (const cookie of [
      'seen_promo=1',
      'app_banner=closed; consent=1',
      `cl_session=${session}`,
    ]) {
      const visitor = await request(server.url, '/areas', { Cookie: cookie });
      expect(visitor.headers['x-page-cache'], cookie).toBe('hit');
      expect(visitor.headers.etag, cookie).toBe(anonymous.headers.etag);
      expect(visitor.body.toString()).not.toContain('Grace');
    }
  });

  it('the home page is shared: a visitor and a signed-in customer with a saved address get the same bytes', async () => {
    // Grace's sign-up saved her address in her address book (the booking form's choice).
    const book = await server.api<{ saved: unknown[] }>('/api/account/booking-choices', {
      method: 'GET',
      headers: { Authorization: `Bearer ${session}` },
    });
    expect(book.body.saved.length).toBeGreaterThan(0);
    const anonymous = await request(server.url, '/');
    const signedIn = await request(server.url, '/', { Cookie: `cl_session=${session}` });
    expect(anonymous.status).toBe(200);
    expect(signedIn.headers['x-page-cache']).toBe('hit');
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
    expect(signedIn.body.equals(anonymous.body)).toBe(true);
    expect(signedIn.body.toString()).not.toContain('Grace');
    expect(signedIn.body.toString()).not.toContain('Your saved addresses');
    expect(signedIn.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
  });

  it('is the same bytes under the same ETag on another instance', async () => {
    const here = await request(server.url, '/blogs');
    const there = await request(other.url, '/blogs');
    expect(there.headers.etag).toBe(here.headers.etag);
    expect(there.body.equals(here.body)).toBe(true);
  });

  it('a change to the content is on every instance as soon as it hears of it', async () => {
    await request(server.url, '/branches');
    await request(other.url, '/branches');
    expect((await request(other.url, '/branches')).headers['x-page-cache']).toBe('hit');
    await server.database.db
      .update(branches)
      .set({ phone: '(020) 7946 0123' })
      .where(eq(branches.slug, 'marylebone'));
    // Each instance hears of the change by its notice (at once on PGlite; on PostgreSQL a
    // LISTEN/NOTIFY round trip later), then renders the page again once and keeps it.
    for (const instance of [server, other]) {
      await expect
        .poll(async () => (await request(instance.url, '/branches')).body.toString())
        .toContain('(020) 7946 0123');
      const again = await request(instance.url, '/branches');
      expect(again.headers['x-page-cache']).toBe('hit');
      expect(again.body.toString()).toContain('(020) 7946 0123');
    }
  });

  it('pages for one person are rendered for them and never kept, with a nonce CSP', async () => {
    for (const path of ['/login', '/signup', '/customer', '/account']) {
      await request(server.url, path, { Cookie: `cl_session=${session}` });
      const reply = await request(server.url, path, { Cookie: `cl_session=${session}` });
      expect(reply.headers['x-page-cache'], path).toBeUndefined();
      expect(reply.headers.etag, path).toBeUndefined();
      if (reply.status === 200) {
        expect(String(reply.headers['content-security-policy'])).toContain("'nonce-");
      }
    }
    const account = await request(server.url, '/account', { Cookie: `cl_session=${session}` });
    expect(account.status).toBe(200);
    expect(account.body.toString()).toContain('Grace');
  });

  it("a client navigation's data request is answered for its visitor, never as a shared page", async () => {
    // /account.data also matches the area route (/:id), which is shared: it must still carry
    // the visitor's session (a browser signed in lands on its account, not on the login page).
    const data = await request(server.url, '/account.data', { Cookie: `cl_session=${session}` });
    expect(data.status).toBe(200);
    expect(data.headers['x-page-cache']).toBeUndefined();
    expect(data.body.toString()).toContain('Grace');
    expect(data.body.toString()).not.toContain('SingleFetchRedirect');
  });

  it('a shared page with a query string is rendered for its visitor', async () => {
    const reply = await request(server.url, '/pricing?utm_source=x');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-page-cache']).toBeUndefined();
  });

  it('an area landing page is kept; an unknown one is not (it is not a page)', async () => {
    await request(server.url, '/bayswater');
    expect((await request(server.url, '/bayswater')).headers['x-page-cache']).toBe('hit');
    const unknown = await request(server.url, '/no-such-area-here');
    expect(unknown.status).toBeGreaterThanOrEqual(300);
    expect(
      (await request(server.url, '/no-such-area-here')).headers['x-page-cache'],
    ).toBeUndefined();
  });

  it('"Get the app" offers the installable app, the same bytes for every device, and no store without a store app', async () => {
    // Issue 33 (decision 059): the page marks the device in the browser; the brand file names
    // no store app (null), so no page links to a store, and /app (the store redirect) is gone.
    const page = (await request(server.url, '/pricing')).body.toString();
    expect(page).toContain('href="#app-install"');
    expect(page).toContain('rel="manifest" href="/manifest.webmanifest"');
    expect(page).not.toMatch(/apps\.apple\.com|play\.google\.com/);
    expect((await request(server.url, '/app')).status).toBeGreaterThanOrEqual(300);
    const manifest = await request(server.url, '/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(JSON.parse(manifest.body.toString())).toMatchObject({ start_url: '/app/start' });
  });
});
