import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountsApi } from './accounts';
import { adminApi } from './admin';
import { bookingApi } from './booking';
import { call, CLIENT_ERROR_MESSAGE, createClient, urlOf } from './client';
import { paymentsApi } from './payments';

/** What the server saw of the last request. */
type Seen = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  bytes: Buffer;
};

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
/** How the server answers the next request: status, content type and body text. */
let answer: { status: number; type?: string; body: string } = { status: 200, body: '{}' };

function json(status: number, body: unknown) {
  answer = { status, type: 'application/json', body: JSON.stringify(body) };
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        bytes: Buffer.concat(chunks),
      });
      if (answer.type) res.setHeader('Content-Type', answer.type);
      res.statusCode = answer.status;
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  json(200, { status: true });
});

describe('the typed API client', () => {
  it('posts the JSON body to the endpoint and returns the typed reply', async () => {
    json(200, {
      status: true,
      reqCode: 'ACC_LOGIN',
      message: 'Welcome back',
      user: { name: 'Ada', email: 'ada@example.com', phone_number: '07700900000' },
      token: 't0k',
    });
    const result = await call(
      accountsApi.logIn,
      { body: { email: 'ada@example.com', password: 'secret-password' } },
      { baseUrl },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.status).toBe(200);
    expect(result.data.user.name).toBe('Ada');
    expect(result.data.token).toBe('t0k');

    const request = seen[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/login');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.accept).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      email: 'ada@example.com',
      password: 'secret-password',
    });
  });

  it('fills in path parameters URL-encoded', async () => {
    await call(bookingApi.deliverySlots, { params: { slot: '2026-11-24 09:00' } }, { baseUrl });
    await call(bookingApi.retrieveAddress, { params: { id: 'GB|RM/1?x=1#y' } }, { baseUrl });
    expect(seen.map((s) => s.url)).toEqual([
      '/api/delivery/2026-11-24%2009%3A00',
      '/api/address/retrieve/GB%7CRM%2F1%3Fx%3D1%23y',
    ]);
    expect(seen[0]!.method).toBe('GET');
  });

  it('builds the query string and leaves out what is not given', async () => {
    await call(
      bookingApi.findAddress,
      { query: { text: 'elgin & co', container: undefined } },
      { baseUrl },
    );
    await call(adminApi.orders, { query: { status: 'ready', q: 'LD-1' } }, { baseUrl });
    await call(adminApi.orders, {}, { baseUrl });
    expect(seen.map((s) => s.url)).toEqual([
      '/api/address/find?text=elgin+%26+co',
      '/api/admin/orders?status=ready&q=LD-1',
      '/api/admin/orders',
    ]);
    expect(urlOf(adminApi.exportCustomer, { params: { id: 'a/b' } })).toBe(
      '/api/admin/customers/a%2Fb/export',
    );
  });

  it('sends the checkout, payment and Bearer tokens it is given, and no body when there is none', async () => {
    await call(
      paymentsApi.startCardSetup,
      { body: { id: '6f1c1a52-8d1b-4c3e-9b7a-2f0e5d4c3b2a' } },
      { baseUrl, checkoutToken: 'chk', paymentToken: 'pay', bearer: 'abc' },
    );
    await call(accountsApi.logOut, undefined, { baseUrl, checkoutToken: null, paymentToken: '' });
    const [withTokens, without] = seen;
    expect(withTokens!.headers['x-checkout-token']).toBe('chk');
    expect(withTokens!.headers['x-payment-token']).toBe('pay');
    expect(withTokens!.headers.authorization).toBe('Bearer abc');
    expect(without!.method).toBe('POST');
    expect(without!.body).toBe('');
    expect(without!.headers['content-type']).toBeUndefined();
    expect(without!.headers['x-checkout-token']).toBeUndefined();
    expect(without!.headers['x-payment-token']).toBeUndefined();
    expect(without!.headers.authorization).toBeUndefined();
  });

  it('sends a raw body with its content type', async () => {
    json(201, { status: true, path: '/uploads/x.png' });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const result = await call(adminApi.upload, undefined, {
      baseUrl,
      raw: { data: bytes, contentType: 'image/png' },
    });
    expect(result).toEqual({
      ok: true,
      status: 201,
      data: { status: true, path: '/uploads/x.png' },
    });
    expect(seen[0]!.headers['content-type']).toBe('image/png');
    expect(seen[0]!.bytes.toString('hex')).toBe('89504e47');
  });

  it('returns the error reply with its code and field messages', async () => {
    json(422, {
      status: false,
      code: 'validation-failed',
      message: 'Please check the form.',
      errors: { email: ['Please enter a valid email address'] },
    });
    const result = await call(
      accountsApi.checkLoginEmail,
      { body: { email: 'not-an-email' } },
      { baseUrl },
    );
    expect(result).toEqual({
      ok: false,
      status: 422,
      error: {
        status: false,
        code: 'validation-failed',
        message: 'Please check the form.',
        errors: { email: ['Please enter a valid email address'] },
      },
    });
  });

  it('says something went wrong when an error reply has no message or is not JSON', async () => {
    json(500, { oops: true });
    const noMessage = await call(accountsApi.logOut, undefined, { baseUrl });
    answer = { status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' };
    const html = await call(accountsApi.logOut, undefined, { baseUrl });
    answer = { status: 200, type: 'text/plain', body: 'OK' };
    const plain = await call(accountsApi.logOut, undefined, { baseUrl });
    // Their code is what the status alone says.
    for (const [result, status, code] of [
      [noMessage, 500, 'internal-error'],
      [html, 502, 'service-unavailable'],
      [plain, 200, 'unreadable-reply'],
    ] as const) {
      expect(result).toEqual({
        ok: false,
        status,
        error: { status: false, code, message: CLIENT_ERROR_MESSAGE },
      });
    }
  });

  it('reads a reply without a code by its status', async () => {
    json(409, { status: false, message: 'Taken.' });
    const result = await call(accountsApi.logOut, undefined, { baseUrl });
    expect(result).toMatchObject({ status: 409, error: { code: 'conflict', message: 'Taken.' } });
  });

  it('tells the caller of a 401 through onUnauthorized', async () => {
    json(401, { status: false, code: 'unauthenticated', message: 'Please log in again.' });
    const told: string[] = [];
    const client = createClient({
      baseUrl,
      onUnauthorized: (e) => told.push(`${e.method} ${e.path}`),
    });
    const result = await client(accountsApi.orders);
    expect(result).toMatchObject({
      ok: false,
      status: 401,
      error: { code: 'unauthenticated', message: 'Please log in again.' },
    });
    expect(told).toEqual(['GET /api/orders']);
  });

  it('returns a failure with status 0 when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await call(accountsApi.logOut, undefined, {
      baseUrl: `http://127.0.0.1:${port}`,
    });
    expect(result).toEqual({
      ok: false,
      status: 0,
      error: { status: false, code: 'no-reply', message: CLIENT_ERROR_MESSAGE },
    });
  });

  it('returns a failure, not an exception, when a path parameter is missing or the call is aborted', async () => {
    const missing = await call(accountsApi.cancelOrder, { params: { id: '' } }, { baseUrl });
    expect(missing).toMatchObject({ ok: false, status: 0 });
    const controller = new AbortController();
    controller.abort();
    const aborted = await call(accountsApi.logOut, undefined, {
      baseUrl,
      signal: controller.signal,
    });
    expect(aborted).toMatchObject({ ok: false, status: 0 });
    expect(seen).toHaveLength(0);
  });
});
