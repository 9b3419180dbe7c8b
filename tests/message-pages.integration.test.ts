import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStaffUser } from '../server/auth/staff';
import { customers, textMessages } from '../server/db/schema';
import { queueText } from '../server/use-cases/messages/queue-text';
import { preferenceMessages } from '../shared/message-preferences';
import { firstSlots, insertOrderRow, logIn, signUp } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Issue 17's pages as a browser without JavaScript uses them (decision 032): the account's
 * message preferences form posted to /account (intent `preferences`), the checkout's "Text me
 * updates", the order's texts only in their owner's account page, and the owner's mailbox
 * listing texts beside the mails (staff who are not the owner do not see it).
 */

const MOBILE = '07911 123456';
const STAFF_PASSWORD = 'a-long-staff-password';
type Slot = { slot_date: string; slot_start: string };
const key = (s: Slot) => `${s.slot_date} ${s.slot_start}`;

describe('message preferences, checkout texts, order texts and the mailbox as pages', () => {
  let cookie: string;
  let otherCookie: string;
  let customerId: string;
  let orderId: string;
  let pickup: Slot;
  let delivery: Slot;
  const site = usePageServer({}, async (server) => {
    const db = server.database.db;
    customerId = (await signUp(server, { email: 'ada.pages@example.com', phone: MOBILE }))
      .customer_id;
    cookie = `cl_session=${await logIn(server, 'ada.pages@example.com')}`;
    await signUp(server, { email: 'grace.pages@example.com', phone: MOBILE });
    otherCookie = `cl_session=${await logIn(server, 'grace.pages@example.com')}`;
    const order = await insertOrderRow(db, new Date(Date.now() + 86_400_000), { customerId });
    orderId = order.id;
    const id = await queueText(db, {
      channel: 'whatsapp',
      template: 'booking-confirmed',
      customerId,
      orderId,
      phone: '+447911123456',
      body: 'Booked: we collect your order tomorrow morning.',
    });
    await db.update(textMessages).set({ status: 'not-sent' }).where(eq(textMessages.id, id!));
    await db.insert(textMessages).values({
      direction: 'inbound',
      channel: 'sms',
      template: 'inbound',
      customerId,
      orderId,
      phone: '+447911123456',
      body: 'The side gate is open',
      status: 'received',
      providerSid: 'SM-page-inbound',
    });
    await createStaffUser(db, {
      email: 'olive@shop.test',
      name: 'Olive',
      role: 'owner',
      password: STAFF_PASSWORD,
    });
    await createStaffUser(db, {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'staff',
      password: STAFF_PASSWORD,
    });
    ({ pickup, delivery } = await firstSlots(server));
  });
  const row = async (id: string) =>
    (await site.server.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;
  const staffCookie = async (email: string) => {
    const reply = await site.server.api<{ token: string }>('/api/admin/login', {
      body: { email, password: STAFF_PASSWORD },
    });
    return `cl_staff=${reply.body.token}`;
  };

  it('the account page opens the preferences view from its address, with the phone and the consent wording', async () => {
    const html = await site.html('/account/messages', { headers: { Cookie: cookie } });
    expect(html).toContain('Message preferences');
    expect(html).toContain('name="notify_sms"');
    expect(html).toContain('07911123456');
    expect(html).toContain('withdraw my consent at any time');
    expect(html).toContain('E-mail can be turned off only while SMS or WhatsApp is on');
  });

  it('refuses e-mail off with no text channel (422, the rule on the page), then saves SMS on', async () => {
    const refused = await site.post('/account/messages', { intent: 'preferences' }, cookie);
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain(preferenceMessages.invalid);
    expect(page).toContain(preferenceMessages.emailNeedsText);
    expect(page).toMatch(/id="messages-notify-email"[^>]*aria-invalid="true"/);

    const bad = await site.post(
      '/account/messages',
      { intent: 'preferences', notify_email: 'on', notify_sms: 'maybe' },
      cookie,
    );
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain(preferenceMessages.notBoolean);

    const saved = await site.post(
      '/account/messages',
      { intent: 'preferences', notify_sms: 'on', marketing_email: 'on' },
      cookie,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(preferenceMessages.saved);
    const stored = await row(customerId);
    expect(stored).toMatchObject({
      notifyEmail: false,
      notifySms: true,
      notifyWhatsapp: false,
      marketingEmail: true,
      marketingSms: false,
    });
    expect(stored.marketingConsentAt).toBeInstanceOf(Date);
  });

  it('refuses texts to a phone that cannot take them, saying so', async () => {
    await site.server.database.db
      .update(customers)
      .set({ phone: '020 7946 0123' })
      .where(eq(customers.id, customerId));
    const html = await site.html('/account/messages', { headers: { Cookie: cookie } });
    expect(html).toContain('is not a mobile number that can take texts');
    const refused = await site.post(
      '/account/messages',
      { intent: 'preferences', notify_email: 'on', notify_whatsapp: 'on' },
      cookie,
    );
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(preferenceMessages.phoneNotTextable);
    expect(await row(customerId)).toMatchObject({ notifyWhatsapp: false });
    await site.server.database.db
      .update(customers)
      .set({ phone: '07911123456' })
      .where(eq(customers.id, customerId));
  });

  it('the order’s texts reach its owner’s account page, not another customer’s', async () => {
    const mine = await site.html('/account', { headers: { Cookie: cookie } });
    expect(mine).toContain('Booked: we collect your order tomorrow morning.');
    expect(mine).toContain('The side gate is open');
    expect(mine).toContain('Kept in the outbox (texts not configured)');
    const theirs = await site.html('/account', { headers: { Cookie: otherCookie } });
    expect(theirs).not.toContain('we collect your order tomorrow');
    expect(theirs).not.toContain('side gate');
  });

  it('checkout without JavaScript: "Text me updates" is asked, saved, and a bad value is a 422', async () => {
    const booking = new URLSearchParams({
      line1: '31 Warrington Crescent',
      postcode: 'w9 1ed',
      door: 'Flat 2',
      pickup: key(pickup),
      delivery: key(delivery),
      manual: '1',
    }).toString();
    const details = {
      name: 'Guest Texts',
      phone: MOBILE,
      email: 'guest.page@example.com',
      notes: '',
    };
    const summary = await site.post(`/customer?${booking}`, { intent: 'guest', ...details });
    const html = await summary.text();
    expect(html).toContain('Text me updates');
    expect(html).toMatch(/name="text_updates" checked="" value="none"/);
    const hidden = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
    const fields = {
      intent: 'place',
      ...details,
      checkout_token: hidden('checkout_token'),
      attempt: hidden('attempt'),
      pay: 'later',
    };
    const bad = await site.post(`/customer?${booking}`, { ...fields, text_updates: 'pigeon' });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain(preferenceMessages.textUpdates);

    const placed = await site.post(`/customer?${booking}`, { ...fields, text_updates: 'sms' });
    expect(placed.status).toBe(303);
    const [guest] = await site.server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'guest.page@example.com'));
    expect(guest).toMatchObject({ isGuest: true, notifySms: true, notifyWhatsapp: false });
  });

  it('the owner’s mailbox lists texts beside the mails, labelled; staff who are not the owner cannot open it', async () => {
    const owner = await staffCookie('olive@shop.test');
    const html = await site.html('/admin/mailbox', { headers: { Cookie: owner } });
    expect(html).toContain('Texts (SMS and WhatsApp)');
    expect(html).toContain('Booked: we collect your order tomorrow morning.');
    expect(html).toContain('WhatsApp');
    expect(html).toContain('Kept in the outbox (texts not configured)');
    expect(html).toContain('Reply from +447911123456');
    expect(html).toContain(`/admin/orders/${orderId}`);

    const staff = await staffCookie('sam@shop.test');
    const refused = await site.page('/admin/mailbox', {
      headers: { Cookie: staff },
      redirect: 'manual',
    });
    expect(refused.status).not.toBe(200);

    // The order page shows its texts and replies to any member of staff.
    const order = await site.html(`/admin/orders/${orderId}`, { headers: { Cookie: staff } });
    expect(order).toContain('Texts and replies');
    expect(order).toContain('The side gate is open');
  });
});
