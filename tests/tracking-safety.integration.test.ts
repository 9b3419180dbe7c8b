import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStaffUser } from '../server/auth/staff';
import { outbox } from '../server/db/schema';
import { rescheduleOptions } from '../server/use-cases/driver/reschedule';
import { recordStopAction } from '../server/use-cases/driver/stop-actions';
import { trackingPath } from '@shared/tracking';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Issue 31 (security probe N2, walkthrough 8 and 11): a tracking link is safe to forward. It
 * opens the timeline only: no signed change link and no order id in the page or the API;
 * "change the time" asks for the signed link to be e-mailed to the order's address (3 an hour
 * per order). Tokens in paths are masked in the request log; the API is noindex; signatures
 * are compared in their one canonical spelling; a successful change answers 200; the headline
 * is the latest step.
 */

const HOUR = 3_600_000;
// Wednesday 25 November 2026, 10:00 London (GMT).
const clock = new Date('2026-11-25T10:00:00Z');
const logs: string[] = [];

type Step = { key: string; title: string; state: string; link: { href: string } | null };
type Tracking = { tracking: { steps: Step[] } };

/** The signed links of a text body or e-mail, as a URL each. */
const links = (body: string) =>
  [...body.matchAll(/https?:\/\/[^\s"<>]+\/order\/reschedule\/[^\s"<>]+/g)].map(
    (m) => new URL(m[0].replace(/&amp;/g, '&')),
  );

/** Another spelling of a base64url signature that decodes to the same 32 bytes. */
function respelled(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = token.at(-1)!;
  const other = alphabet[alphabet.indexOf(last) ^ 1]!;
  const variant = token.slice(0, -1) + other;
  expect(Buffer.from(variant.split('.')[1]!, 'base64url')).toEqual(
    Buffer.from(token.split('.')[1]!, 'base64url'),
  );
  return variant;
}

describe('a tracking link is safe to forward (issue 31)', () => {
  const site = usePageServer({ now: () => clock, logs });
  const db = () => site.server.database.db;
  const mails = (to: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'change-link'), eq(outbox.toAddress, to)));

  it('the page and the API carry no change link and no order id; the e-mailed link changes it', async () => {
    const email = `forward-${randomUUID()}@example.com`;
    const order = await insertOrderRow(db(), new Date('2026-11-27T09:00:00Z'), {
      customerEmail: email,
    });
    const path = trackingPath(order.trackingToken);
    const api = await site.server.api<Tracking>(`/api${path}`);
    expect(api.status).toBe(200);
    const html = await site.html(path);
    for (const body of [JSON.stringify(api.body), html]) {
      expect(body).not.toContain(order.id);
      expect(body).not.toContain('/order/reschedule');
      expect(body).not.toMatch(/[?&;]t=\d+\./);
    }
    const steps = api.body.tracking.steps;
    expect(steps.find((s) => s.key === 'booked')!.link!.href).toBe(`${path}/change?leg=collection`);
    expect(steps.find((s) => s.key === 'out-for-delivery')!.link!.href).toBe(
      `${path}/change?leg=delivery`,
    );
    expect(html).toContain(`href="${path}/change?leg=collection"`);

    // The page it leads to offers the e-mailed link, and names neither the order id nor the
    // address.
    const page = await site.page(`${path}/change?leg=collection`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    const changeHtml = await page.text();
    expect(changeHtml).toContain('E-mail me the link to change it');
    expect(changeHtml).not.toContain(order.id);
    expect(changeHtml).not.toContain(email);
    expect((await site.page(`${path}/change?leg=sideways`)).status).toBe(404);

    // Without JavaScript: the form posts to the page, which says it was sent.
    const posted = await site.post(`${path}/change?leg=collection`, {});
    expect(posted.status).toBe(200);
    const postedHtml = await posted.text();
    expect(postedHtml).toContain(
      'We have e-mailed the link to change it to the address on the order.',
    );
    expect(postedHtml).not.toContain(email);

    // The API twin: the same reply, never the address.
    const sent = await site.server.api<{ status: boolean; message: string }>(
      `/api${path}/change-link`,
      { method: 'POST', body: { leg: 'collection' } },
    );
    expect(sent.status).toBe(200);
    expect(sent.headers.get('x-robots-tag')).toBe('noindex');
    expect(JSON.stringify(sent.body)).not.toContain(email);
    expect(sent.body.message).toContain('address on the order');

    // Both went to the order's address, with the signed link that opens the change.
    const sentMails = await mails(email);
    expect(sentMails).toHaveLength(2);
    const [link] = links(sentMails[0]!.textBody);
    expect(link!.pathname).toBe(`/order/reschedule/${order.id}`);
    const options = await rescheduleOptions(site.server.services, {
      orderId: order.id,
      leg: 'collection',
      windowMs: Number(link!.searchParams.get('c')),
      token: link!.searchParams.get('t'),
    });
    expect(options.reason).toBe('change');

    // Three an hour per order, then 429 (nothing more sent); an unknown token is a 404.
    const third = await site.server.api(`/api${path}/change-link`, {
      method: 'POST',
      body: { leg: 'delivery' },
    });
    expect(third.status).toBe(200);
    const fourth = await site.server.api<{ message: string }>(`/api${path}/change-link`, {
      method: 'POST',
      body: { leg: 'collection' },
    });
    expect(fourth.status).toBe(429);
    expect(await mails(email)).toHaveLength(3);
    const unknown = await site.server.api(`/api/track/${randomUUID()}/change-link`, {
      method: 'POST',
      body: { leg: 'collection' },
    });
    expect(unknown.status).toBe(404);
    const bad = await site.server.api(`/api${path}/change-link`, {
      method: 'POST',
      body: { leg: 'sideways' },
    });
    expect(bad.status).toBe(422);
  });

  it('too close to change: the page says so and the API answers 409, sending nothing', async () => {
    const email = `soon-${randomUUID()}@example.com`;
    const soon = await insertOrderRow(db(), new Date(clock.getTime() + HOUR), {
      customerEmail: email,
    });
    const path = trackingPath(soon.trackingToken);
    const api = await site.server.api<Tracking>(`/api${path}`);
    expect(api.body.tracking.steps.find((s) => s.key === 'booked')!.link).toBeNull();
    const refused = await site.server.api<{ message: string }>(`/api${path}/change-link`, {
      method: 'POST',
      body: { leg: 'collection' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/too close to change online/);
    expect(await site.html(`${path}/change?leg=collection`)).toContain(
      'too close to change online',
    );
    expect(await mails(email)).toHaveLength(0);
  });

  /** An order the driver found nobody home for at 10:00, and the link of its e-mail. */
  async function missedCollection() {
    const email = `missed-${randomUUID()}@example.com`;
    // Collected between 09:30 and 10:30 today: the driver is there at 10:00.
    const order = await insertOrderRow(db(), new Date(clock.getTime() - HOUR / 2), {
      customerEmail: email,
    });
    const staff = await createStaffUser(db(), {
      email: `driver-${randomUUID()}@shop.test`,
      name: 'Dee',
      role: 'driver',
      password: 'driver-password-123',
    });
    await recordStopAction(site.server.services, {
      action: 'not-home',
      leg: 'collection',
      actor: { id: staff.id, name: staff.name, role: 'driver' },
      orderId: order.id,
      idempotencyKey: randomUUID(),
    });
    const [notHome] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'stop-not-home-collection'), eq(outbox.toAddress, email)));
    const [link] = links(notHome!.textBody);
    return { order, email, link: link!, path: trackingPath(order.trackingToken) };
  }

  it('nobody home: the tracking page leads to the page that e-mails the missed visit’s link', async () => {
    const { order, email, link, path } = await missedCollection();
    const missed = (await site.server.api<Tracking>(`/api${path}`)).body.tracking.steps.find(
      (s) => s.key === 'not-home',
    )!;
    expect(missed.link!.href).toBe(`${path}/change?leg=collection`);
    expect(await site.html(path)).not.toContain(order.id);
    const sent = await site.server.api(`/api${path}/change-link`, {
      method: 'POST',
      body: { leg: 'collection' },
    });
    expect(sent.status).toBe(200);
    const [mail] = await mails(email);
    // The same signed page as the "not home" e-mail's.
    expect(links(mail!.textBody)[0]!.href).toBe(link.href);
  });

  it('a signature is accepted in its one canonical spelling only', async () => {
    const { link } = await missedCollection();
    expect((await site.page(`${link.pathname}${link.search}`)).status).toBe(200);
    const variant = new URL(link);
    variant.searchParams.set('t', respelled(link.searchParams.get('t')!));
    const forged = await site.page(`${variant.pathname}${variant.search}`);
    expect(forged.status).toBe(401);
  });

  it('a new time chosen without JavaScript answers 200, and is the tracking headline', async () => {
    const { order, link, path } = await missedCollection();
    const token = link.searchParams.get('t')!;
    const stop = link.searchParams.get('stop')!;
    const offered = await rescheduleOptions(site.server.services, {
      orderId: order.id,
      eventId: Number(stop),
      token,
    });
    const choice = offered.windows.find((w) => !w.full)!;
    const moved = await site.post(`${link.pathname}${link.search}`, {
      stop,
      t: token,
      slot: `${choice.slot_date} ${choice.slot_start}`,
    });
    const page = await moved.text();
    expect(page).toContain('Thank you: see you then');
    // Changing again is online too, not "call us" (walkthrough 24).
    expect(page).toContain('Need to change it again? Open your tracking link');
    expect(page).not.toContain('Need to change it again? Call us');
    expect(moved.status).toBe(200);

    // The headline is the new time, not the missed visit (walkthrough 8).
    const steps = (await site.server.api<Tracking>(`/api${path}`)).body.tracking.steps;
    const current = steps.find((s) => s.state === 'current')!;
    expect(current.key).toBe('moved');
    expect(current.title).toMatch(/^Collection moved to \w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d$/);
    const html = await site.html(path);
    expect(html).toContain(`Now: ${current.title}`);
    expect(html).not.toContain('Now: Nobody home');
  });

  it('the request log carries no token of a path', async () => {
    const order = await insertOrderRow(db(), new Date('2026-11-28T09:00:00Z'));
    const path = trackingPath(order.trackingToken);
    const secrets = [
      order.trackingToken,
      'reset-secret-0123456789abcdef',
      'confirm-secret-0123456789',
    ];
    await site.page(path);
    await site.page(`${path}/change?leg=collection`);
    await site.page(`${path}.data`);
    await site.server.api(`/api${path}`);
    await site.server.api(`/api${path}/change-link`, {
      method: 'POST',
      body: { leg: 'collection' },
    });
    await site.page(`/reset-password/${secrets[1]}`);
    await site.page(`/account/confirm-email/${secrets[2]}`);
    const requests = logs.filter((line) => line.includes('"message":"request"'));
    expect(requests.some((line) => line.includes('"path":"/track/:token"'))).toBe(true);
    expect(requests.some((line) => line.includes('"path":"/api/track/:token"'))).toBe(true);
    expect(requests.some((line) => line.includes('"path":"/reset-password/:token"'))).toBe(true);
    for (const line of logs) {
      for (const secret of secrets) expect(line).not.toContain(secret);
    }
  });

  it('the tracking API and page are noindex, found or not', async () => {
    const order = await insertOrderRow(db(), new Date('2026-11-28T09:00:00Z'));
    for (const token of [order.trackingToken, randomUUID()]) {
      const api = await site.server.api(`/api/track/${token}`);
      expect(api.headers.get('x-robots-tag'), token).toBe('noindex');
    }
    const page = await site.page(trackingPath(order.trackingToken));
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
  });
});
