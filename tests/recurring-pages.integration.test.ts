import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../server/db/schema';
import { runRecurringSchedule } from '../server/use-cases/recurring/run-schedule';
import { logIn, MONDAY_6AM, signUp } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Repeat collections as pages, as a browser without JavaScript uses them (issue 18, decision
 * 036): /account/recurring (logged in) sets up a plan, skips a date and changes the plan with
 * plain form posts;
 * the announcement's signed link /recurring/:id?t= opens the plan without logging in, skips
 * that collection and stops the plan; a forged token is refused.
 */

describe('repeat collections pages', () => {
  let cookie: string;
  const site = usePageServer({ now: () => MONDAY_6AM }, async (server) => {
    await signUp(server, { email: 'repeat.pages@example.com' });
    cookie = `cl_session=${await logIn(server, 'repeat.pages@example.com')}`;
  });

  it('the account page sets up a weekly collection and skips its next date', async () => {
    const away = await site.page('/account/recurring', { redirect: 'manual' });
    expect(away.status).toBe(302);
    const html = await site.html('/account/recurring', { headers: { Cookie: cookie } });
    expect(html).toContain('Set up a repeat collection');
    expect(html).toContain('aria-current="page"');
    const addressId = /<option value="([0-9a-f-]{36})"/.exec(html)![1]!;

    const refused = await site.post(
      '/account/recurring',
      {
        intent: 'create',
        frequency: 'weekly',
        weekday: '5',
        window_start: '05:00',
        delivery_start: '18:00',
        address_id: addressId,
      },
      cookie,
    );
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Please choose a collection window');

    const created = await site.post(
      '/account/recurring',
      {
        intent: 'create',
        frequency: 'weekly',
        weekday: '5',
        window_start: '09:00',
        delivery_start: '18:00',
        address_id: addressId,
      },
      cookie,
    );
    expect(created.status).toBe(200);
    const page = await created.text();
    expect(page).toContain('Your repeat collection is set up. The first one is on Fri 27 Nov');
    expect(page).toContain('Every week on Friday, collected from 09:00');
    const planId = /data-plan="([0-9a-f-]{36})"/.exec(page)![1]!;

    const skipped = await site.post(
      '/account/recurring',
      { intent: 'skip', plan: planId, date: '2026-11-27' },
      cookie,
    );
    expect(skipped.status).toBe(200);
    expect(await skipped.text()).toContain('The collection on Fri 27 Nov is skipped.');
    // Someone else's plan id is not found.
    const other = await site.post(
      '/account/recurring',
      { intent: 'stop', plan: '00000000-0000-4000-8000-000000000000' },
      cookie,
    );
    expect(other.status).toBe(404);

    // The plan's change form, posted without JavaScript: the set-up's messages, then saved.
    expect(page).toContain('Change this repeat collection');
    const badChange = await site.post(
      '/account/recurring',
      {
        intent: 'edit',
        plan: planId,
        frequency: 'weekly',
        weekday: '6',
        window_start: '19:00',
        delivery_start: '18:00',
        address_id: '',
        notes: '',
      },
      cookie,
    );
    expect(badChange.status).toBe(422);
    const badHtml = await badChange.text();
    expect(badHtml).toContain('Please choose a collection window');
    expect(badHtml).toMatch(/<details open=""/);
    const changed = await site.post(
      '/account/recurring',
      {
        intent: 'edit',
        plan: planId,
        frequency: 'fortnightly',
        weekday: '2',
        window_start: '11:00',
        delivery_start: '18:00',
        address_id: '',
        notes: 'Knock twice',
      },
      cookie,
    );
    expect(changed.status).toBe(200);
    const changedHtml = await changed.text();
    expect(changedHtml).toContain(
      'Your repeat collection is changed: every two weeks on Tuesday, collected from 11:00.',
    );
    expect(changedHtml).toContain('Every two weeks on Tuesday, collected from 11:00');
    expect(changedHtml).toContain('Knock twice');
    const otherChange = await site.post(
      '/account/recurring',
      {
        intent: 'edit',
        plan: '00000000-0000-4000-8000-000000000000',
        frequency: 'weekly',
        weekday: '2',
        window_start: '11:00',
        delivery_start: '18:00',
      },
      cookie,
    );
    expect(otherChange.status).toBe(404);
    // A plan id or a date that is no such thing: refused with a 4xx, never a 500.
    for (const intent of ['edit', 'skip', 'pause', 'resume', 'stop']) {
      const forged = await site.post(
        '/account/recurring',
        {
          intent,
          plan: 'x',
          date: '2026-12-04',
          until: '2026-12-20',
          frequency: 'weekly',
          weekday: '2',
          window_start: '11:00',
          delivery_start: '18:00',
        },
        cookie,
      );
      expect(forged.status, intent).toBe(404);
    }
    const badDate = await site.post(
      '/account/recurring',
      { intent: 'pause', plan: planId, until: '2026-11-31' },
      cookie,
    );
    expect(badDate.status).toBe(422);
  });

  it('the signed link skips the announced collection and stops the plan, without login', async () => {
    await site.post(
      '/account/recurring',
      {
        intent: 'create',
        frequency: 'fortnightly',
        weekday: '4',
        window_start: '10:00',
        delivery_start: '18:00',
        address_id: 'new',
        door_number: 'Flat 9',
        line1: '7 Elgin Avenue',
        postcode: 'W9 2HD',
      },
      cookie,
    );
    await runRecurringSchedule(site.server.services);
    const [mail] = await site.server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'recurring-announced'));
    const link = /https?:\/\/[^\s]+(\/recurring\/[0-9a-f-]+\?d=2026-11-26&t=[^\s]+)/.exec(
      mail!.textBody,
    )![1]!;
    const opened = await site.page(link);
    const html = await opened.text();
    expect(opened.status).toBe(200);
    expect(html).toContain('Your repeat collection');
    expect(html).toContain('Every two weeks on Thursday, collected from 10:00');
    expect(html).toContain('Flat 9, 7 Elgin Avenue');

    const forged = await site.page(link.replace(/t=[^&]+/, 't=1.abc'));
    expect(forged.status).toBe(401);
    expect(await forged.text()).toContain('This link is not valid or has expired');

    const token = new URL(link, site.url).searchParams.get('t')!;
    const path = link.split('?')[0]!;
    // The page's forms post to its own address, token included (and in a hidden field).
    const skipped = await site.post(link, {
      t: token,
      intent: 'skip',
      date: '2026-11-26',
    });
    const skippedHtml = await skipped.text();
    expect(skipped.status).toBe(200);
    expect(skippedHtml).toContain('The collection on Thu 26 Nov is skipped.');
    const noToken = await site.post(path, { intent: 'stop' });
    expect(noToken.status).toBe(401);
    const stopped = await site.post(link, { t: token, intent: 'stop' });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('Your repeat collection is stopped.');
  });
});
