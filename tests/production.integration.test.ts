import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../server/db/schema';
import { loadConfig } from '../server/config';
import { createLogger } from '../server/logger';
import { startServer, type RunningServer } from '../server/start';
import { createTestDatabase } from '@tests/helpers/test-database';
import { startTestServer } from '@tests/helpers/test-server';

/*
 * What the engineer running the site relies on: health and readiness, a shutdown that
 * finishes requests in flight, and logs free of personal data and secrets.
 */

describe('running in production', () => {
  let server: RunningServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    server = await startServer(config, {
      pages: 'none',
      database: await createTestDatabase(),
      logger: createLogger('debug', (line) => logLines.push(line)),
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('ok');
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('logs one JSON line per request without e-mails, passwords, tokens or query strings', async () => {
    const email = 'private.person@example.com';
    const password = 'Very$ecret123';
    await fetch(`${server.url}/api/login?email=${encodeURIComponent(email)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await fetch(`${server.url}/api/orders`, { headers: { Authorization: 'Bearer abc.def-token' } });
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((l) => l.message === 'request' && l.path === '/api/login')).toBe(true);
    const all = logLines.join('\n');
    expect(all).not.toContain(email);
    expect(all).not.toContain('private.person');
    expect(all).not.toContain(password);
    expect(all).not.toContain('abc.def-token');
  });

  it('on stop, finishes a request in flight, then refuses new connections', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    const second = await startServer(config, {
      pages: 'none',
      database: await createTestDatabase(),
      logger: createLogger('silent'),
    });
    const port = new URL(second.url).port;
    const body = JSON.stringify({ email: 'someone@example.com', password: 'Wrong$pass1' });
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/login',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Half the body now, the rest after the shutdown has begun.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        req.end(body.slice(10));
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 100));
    const stopped = second.stop();
    const answer = await reply;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).status).toBe(false);
    await stopped;
    await expect(fetch(`${second.url}/healthz`)).rejects.toThrow();
  });

  it('answers /readyz with 503 when the database is gone', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    const database = await createTestDatabase();
    const third = await startServer(config, {
      pages: 'none',
      database,
      logger: createLogger('silent'),
    });
    await database.close();
    const ready = await fetch(`${third.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
    third.server.close();
  });
});

describe('/readyz reports mail that is not being delivered', () => {
  let server: RunningServer;
  let refusing = true;
  const errors: string[] = [];

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    server = await startServer(config, {
      pages: 'none',
      database: await createTestDatabase(),
      logger: createLogger('warn', (line) => {
        if ((JSON.parse(line) as { level: string }).level === 'error') errors.push(line);
      }),
      overrides: {
        mailTransport: {
          async send() {
            if (refusing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
          },
        },
        // Retries a second apart rather than 5 s doubling.
        jobs: { retryDelaySeconds: 1, pollSeconds: 0.5 },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function ready() {
    const reply = await fetch(`${server.url}/readyz`);
    return { status: reply.status, body: await reply.text() };
  }

  it('SMTP refusing for over 15 minutes, nothing sent: "degraded" and how many wait', async () => {
    expect(await ready()).toEqual({ status: 200, body: 'ready' });
    const { db } = server.services;
    // Queued twenty minutes ago; its delivery job has tried and failed since.
    const [queued] = await db
      .insert(outbox)
      .values({
        toAddress: 'waiting@example.test',
        subject: 'Your order',
        html: '<p>x</p>',
        textBody: 'x',
        template: 'order-confirmation',
        createdAt: new Date(Date.now() - 20 * 60_000),
      })
      .returning();
    await server.services.jobs.send('deliver-mail', { outboxId: queued!.id });
    const row = await until(async () => {
      const [row] = await db.select().from(outbox);
      return row!.attempts >= 1 ? row : undefined;
    });
    expect(row.sentAt).toBeNull();
    const degraded = await ready();
    // 200, so load balancers keep routing orders; the body says mail is not delivered.
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatch(/^degraded\nmail: not being delivered: 1 message/);
    // The log says so at error level, without the recipient.
    expect(errors.some((line) => line.includes('mail delivery failed'))).toBe(true);
    expect(errors.join('\n')).not.toContain('waiting@example.test');

    // SMTP is back: the job's next retry sends it and /readyz is ready again.
    refusing = false;
    await until(async () => {
      const [sent] = await db.select().from(outbox);
      return sent!.sentAt ?? undefined;
    });
    expect(await ready()).toEqual({ status: 200, body: 'ready' });
  });

  it('without SMTP, says mail is kept in the outbox', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    const outboxOnly = await startServer(config, {
      pages: 'none',
      database: await createTestDatabase(),
      logger: createLogger('silent'),
    });
    try {
      const reply = await fetch(`${outboxOnly.url}/readyz`);
      expect(reply.status).toBe(200);
      expect(await reply.text()).toMatch(/mail: kept in the outbox, not sent/);
    } finally {
      await outboxOnly.stop();
    }
  });
});

/** Polls `check` until it returns a value (10 s at most). */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a page whose loader cannot reach the database', () => {
  it('answers 503 with Retry-After in production, never 500', async () => {
    const database = await createTestDatabase();
    const site = await startTestServer({
      pages: 'build',
      database: { ...database, close: async () => {} },
      env: { NODE_ENV: 'production' },
    });
    try {
      await database.close();
      // A visitor with a session cookie: the root loader looks the session up.
      const reply = await fetch(`${site.url}/pricing?from=test`, {
        headers: { Cookie: 'cl_session=some-session-token' },
      });
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await site.stop();
    }
  }, 120_000);
});
