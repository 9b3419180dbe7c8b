import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoOwner, freePort, startServerProcess } from '@tests/helpers/server-process';

/*
 * `npm install && npm start` on a fresh clone: the production build, made first because there
 * is none, served on the embedded PGlite as a demo that works offline (TEST MODE payments,
 * mail kept in the outbox and read by the owner in the back office, cookies that work on
 * http://localhost). A second start finds the build up to date. Run by npm run test:e2e.
 */

const buildDir = `build-npm-start-${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'cl-npm-start-'));

async function npmStart() {
  return startServerProcess(['npm', 'start'], {
    port: await freePort(),
    env: { BUILD_DIR: buildDir, DATA_DIR: dataDir, NODE_ENV: '' },
    timeoutMs: 300_000,
  });
}

describe('npm start', () => {
  afterAll(() => {
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds when there is no build, then serves it in production mode on the embedded database', async () => {
    const server = await npmStart();
    try {
      const output = server.output();
      expect(output).toContain(
        `Building the site for production (${buildDir}/ holds no build yet)`,
      );
      // Piped: one JSON object per line; production mode, TEST MODE payments, the outbox.
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.find((l) => l.mode)?.mode).toBe('production');
      expect(lines.some((l) => String(l.message).startsWith('payments: TEST MODE'))).toBe(true);
      expect(lines.some((l) => l.note === 'embedded PGlite')).toBe(true);

      // The optimised build: fingerprinted assets, no Vite client, the production CSP.
      const home = await fetch(server.url + '/');
      const html = await home.text();
      expect(home.status).toBe(200);
      expect(html).toMatch(/\/assets\/[\w.-]+\.js/);
      expect(html).not.toContain('@vite/client');
      // The home page is a shared page: its inline scripts are allowed by their hashes
      // (decision 042); a page rendered per visitor carries a fresh nonce.
      expect(home.headers.get('content-security-policy')).toContain("'sha256-");
      const loginPage = await fetch(server.url + '/login');
      expect(loginPage.headers.get('content-security-policy')).toContain("'nonce-");
      expect(await (await fetch(server.url + '/readyz')).text()).toContain('kept in the outbox');

      // The owner signs in over plain http://localhost: the cookie is not `Secure`.
      const login = await fetch(server.url + '/api/admin/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(demoOwner(output)),
      });
      expect(login.status).toBe(200);
      const setCookie = login.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^cl_staff=/);
      expect(setCookie).not.toMatch(/;\s*Secure/i);
      const cookie = setCookie.split(';')[0]!;
      // The mailbox is behind that sign-in, and only there.
      const mailbox = await fetch(server.url + '/admin/mailbox', { headers: { cookie } });
      expect(mailbox.status).toBe(200);
      expect(await mailbox.text()).toContain('not sent');
      const anonymous = await fetch(server.url + '/admin/mailbox', { redirect: 'manual' });
      expect(anonymous.status).toBe(302);
      const old = await fetch(server.url + '/dev/mailbox', { redirect: 'manual' });
      expect(old.headers.get('location')).toBe('/admin/mailbox');
    } finally {
      await server.stop();
    }
  }, 360_000);

  it('a second start finds the build up to date and does not build again', async () => {
    const server = await npmStart();
    try {
      expect(server.output()).toContain(`The production build in ${buildDir} is up to date.`);
      expect(server.output()).not.toContain('Building the site');
      expect((await fetch(server.url + '/pricing')).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
