import { describe, expect, it } from 'vitest';
import { openNotificationUrl, readPushPayload, showPushNotification } from './push';

/*
 * The service worker's push side (issue 33): what a push shows, and where its click goes. The
 * worker's globals (registration, clients) are stand-ins that record what they were asked.
 */

const origin = 'https://cleaners.example';

describe('a push', () => {
  it('shows the title, body and tag of its JSON payload, and keeps the URL for the click', async () => {
    const shown: { title: string; options: NotificationOptions }[] = [];
    const registration = {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    };
    const payload = readPushPayload(
      JSON.stringify({
        title: 'Your driver is on the way',
        body: 'Arriving 18:00–19:00',
        url: '/track/tok123',
        tag: 'order-7',
      }),
      origin,
      'Maida Vale Dry Cleaners',
    );
    await showPushNotification(registration, payload);
    expect(shown).toEqual([
      {
        title: 'Your driver is on the way',
        options: expect.objectContaining({
          body: 'Arriving 18:00–19:00',
          tag: 'order-7',
          data: { url: `${origin}/track/tok123` },
        }),
      },
    ]);
  });

  it("shows something even without usable JSON, and never keeps another site's URL", () => {
    expect(readPushPayload(null, origin, 'Shop')).toEqual({
      title: 'Shop',
      body: 'You have an update on your order.',
      url: `${origin}/account/orders`,
    });
    expect(readPushPayload('Plain text', origin, 'Shop').body).toBe('Plain text');
    expect(
      readPushPayload(JSON.stringify({ title: 'x', url: 'https://evil.example/x' }), origin, 'S')
        .url,
    ).toBe(`${origin}/account/orders`);
    expect(readPushPayload(JSON.stringify({ url: 'javascript:alert(1)' }), origin, 'S').url).toBe(
      `${origin}/account/orders`,
    );
  });
});

describe('a click on the notification', () => {
  const clientsWith = (urls: string[]) => {
    const log: string[] = [];
    return {
      log,
      clients: {
        matchAll: async () =>
          urls.map((url) => ({ url, focus: async () => log.push(`focus ${url}`) })),
        openWindow: async (url: string) => log.push(`open ${url}`),
      },
    };
  };
  /** A browser that refuses a new window, with these windows of the site open. */
  const refusingWith = (urls: string[]) => {
    const log: string[] = [];
    return {
      log,
      clients: {
        matchAll: async () =>
          urls.map((url) => ({
            url,
            focus: async () => {
              log.push(`focus ${url}`);
              throw new Error('Not allowed to focus a window.');
            },
            navigate: async (to: string) => log.push(`navigate ${url} to ${to}`),
          })),
        openWindow: async (url: string) => {
          log.push(`open ${url}`);
          throw new Error('Not allowed to open a window.');
        },
      },
    };
  };
  const notification = (url: unknown) => {
    const state = { closed: false };
    return { state, data: { url }, close: () => (state.closed = true) };
  };

  it("opens the order's tracking page when no window shows it", async () => {
    const { log, clients } = clientsWith([`${origin}/pricing`]);
    const clicked = notification(`${origin}/track/tok123`);
    await openNotificationUrl(clicked, clients, origin);
    expect(clicked.state.closed).toBe(true);
    expect(log).toEqual([`open ${origin}/track/tok123`]);
  });

  it('focuses the window already on that page instead of opening another', async () => {
    const { log, clients } = clientsWith([`${origin}/`, `${origin}/track/tok123`]);
    await openNotificationUrl(notification(`${origin}/track/tok123`), clients, origin);
    expect(log).toEqual([`focus ${origin}/track/tok123`]);
  });

  it('opens the orders for a notification without a URL of this site', async () => {
    const { log, clients } = clientsWith([]);
    await openNotificationUrl(notification('https://evil.example/'), clients, origin);
    expect(log).toEqual([`open ${origin}/account/orders`]);
  });

  it('takes an open window of the site to the page when the browser refuses a new window', async () => {
    const { log, clients } = refusingWith([`${origin}/pricing`]);
    await openNotificationUrl(notification(`${origin}/track/tok123`), clients, origin);
    expect(log).toEqual([
      `open ${origin}/track/tok123`,
      `navigate ${origin}/pricing to ${origin}/track/tok123`,
      `focus ${origin}/pricing`,
    ]);
  });

  it('lets a refusal through when no window of the site is open', async () => {
    const { clients } = refusingWith([]);
    await expect(
      openNotificationUrl(notification(`${origin}/track/tok123`), clients, origin),
    ).rejects.toThrow('Not allowed to open a window.');
  });
});
