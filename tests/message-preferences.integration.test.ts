import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../server/auth/staff';
import { customers, textMessages } from '../server/db/schema';
import { queueText } from '../server/use-cases/messages/queue-text';
import { preferenceMessages } from '../shared/message-preferences';
import {
  insertOrderRow,
  logIn,
  MONDAY_6AM,
  placeGuestOrder,
  signUp,
  staffLogIn,
  startGuestCheckout,
} from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Issue 17 (decision 032) through the API: the account's message preferences (GET/PUT
 * /api/account/preferences), "Text me updates" at checkout, and an order's texts in the
 * customer's orders (only their own) and in the back office's order. Every reply is checked
 * against the contract by the test server.
 */

const MOBILE = '07911 123456';
/** Ofcom's drama range: well-formed for the forms, but no phone that can take a text. */
/** A personal number (070): it passes as a UK mobile, but no text reaches it. */
const NOT_TEXTABLE = '07000 123456';
const HOUR = 3_600_000;

type Prefs = {
  notify_email: boolean;
  notify_sms: boolean;
  notify_whatsapp: boolean;
  marketing_email: boolean;
  marketing_sms: boolean;
  marketing_consent_at: string | null;
  phone_textable: boolean;
  texts_to: string;
};
type Reply = {
  status: boolean;
  message: string;
  errors?: Record<string, string[]>;
  preferences: Prefs;
};

const all = (over: Partial<Record<keyof Prefs, unknown>> = {}) => ({
  notify_email: true,
  notify_sms: false,
  notify_whatsapp: false,
  marketing_email: false,
  marketing_sms: false,
  ...over,
});

describe('message preferences, checkout texts and order texts (API)', () => {
  let server: TestServer;
  let clock = MONDAY_6AM.getTime();
  let token: string;
  let customerId: string;
  const bearer = () => ({ Authorization: `Bearer ${token}` });
  const db = () => server.database.db;
  const put = (body: unknown, headers: Record<string, string> = bearer()) =>
    server.api<Reply>('/api/account/preferences', { method: 'PUT', body, headers });
  const customerRow = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0]!;

  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock) });
    const created = await signUp(server, {
      email: 'ada.texts@example.com',
      name: 'Ada Lovelace',
      phone: MOBILE,
    });
    customerId = created.customer_id;
    token = await logIn(server, 'ada.texts@example.com');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('needs a session', async () => {
    expect((await server.api('/api/account/preferences')).status).toBe(401);
    expect((await put(all(), {})).status).toBe(401);
  });

  it('GET: e-mail on, texts and marketing off, no consent yet, the phone that texts go to', async () => {
    const reply = await server.api<Reply>('/api/account/preferences', { headers: bearer() });
    expect(reply.status).toBe(200);
    expect(reply.body.preferences).toMatchObject({
      ...all(),
      marketing_consent_at: null,
      texts_to: '07911123456',
      phone_textable: true,
    });
  });

  it('bad input is a 422 with a message on the field, nothing saved', async () => {
    const notBoolean = await put(all({ notify_sms: 'yes' }));
    expect(notBoolean.status).toBe(422);
    expect(notBoolean.body.message).toBe(preferenceMessages.invalid);
    expect(notBoolean.body.errors?.notify_sms).toEqual([preferenceMessages.notBoolean]);

    const missing = await put({ notify_email: true });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('marketing_sms');

    const notJson = await server.api<Reply>('/api/account/preferences', {
      method: 'PUT',
      body: 'notify_email=on',
      headers: bearer(),
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);

    // E-mail off with no text channel: refused, on notify_email, with the rule.
    const nothing = await put(all({ notify_email: false }));
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors?.notify_email).toEqual([preferenceMessages.emailNeedsText]);
    expect(await customerRow(customerId)).toMatchObject({ notifyEmail: true, notifySms: false });
  });

  it('saves the channels; e-mail may go off while SMS is on; no consent time without marketing', async () => {
    const saved = await put(all({ notify_email: false, notify_sms: true }));
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(preferenceMessages.saved);
    expect(saved.body.preferences).toMatchObject({ notify_email: false, notify_sms: true });
    expect(await customerRow(customerId)).toMatchObject({
      notifyEmail: false,
      notifySms: true,
      notifyWhatsapp: false,
      marketingConsentAt: null,
    });
  });

  it('records the time when marketing consent is given or withdrawn, not when it stays', async () => {
    const given = await put(all({ notify_sms: true, marketing_email: true }));
    expect(given.status).toBe(200);
    expect(given.body.preferences.marketing_consent_at).toBe(new Date(clock).toISOString());

    clock += HOUR;
    await put(all({ notify_sms: true, notify_whatsapp: true, marketing_email: true }));
    expect((await customerRow(customerId)).marketingConsentAt).toEqual(new Date(clock - HOUR));

    clock += HOUR;
    const withdrawn = await put(all({ notify_sms: true }));
    expect(withdrawn.body.preferences).toMatchObject({
      marketing_email: false,
      marketing_consent_at: new Date(clock).toISOString(),
    });
  });

  it('refuses SMS, WhatsApp and SMS offers to a phone that cannot take texts', async () => {
    const other = await signUp(server, { email: 'landline@example.com', phone: NOT_TEXTABLE });
    const otherToken = await logIn(server, 'landline@example.com');
    const headers = { Authorization: `Bearer ${otherToken}` };
    const got = await server.api<Reply>('/api/account/preferences', { headers });
    expect(got.body.preferences.phone_textable).toBe(false);
    const refused = await put(
      all({ notify_sms: true, notify_whatsapp: true, marketing_sms: true }),
      headers,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(preferenceMessages.phoneNotTextable);
    for (const field of ['notify_sms', 'notify_whatsapp', 'marketing_sms']) {
      expect(refused.body.errors?.[field]).toEqual([preferenceMessages.phoneNotTextable]);
    }
    expect(await customerRow(other.customer_id)).toMatchObject({ notifySms: false });
    // E-mail offers need no phone.
    expect((await put(all({ marketing_email: true }), headers)).status).toBe(200);
  });

  it('checkout: "Text me updates" is saved on the guest’s customer row; bad values are 422', async () => {
    const texting = await placeGuestOrder(server, {
      details: { email: 'guest.sms@example.com', phone: MOBILE },
      order: { text_updates: 'whatsapp' },
    });
    expect(await customerRow(texting.checkout.customer_id)).toMatchObject({
      notifyWhatsapp: true,
      notifySms: false,
      notifyEmail: true,
    });

    // Not asked: a new guest gets no texts.
    const quiet = await placeGuestOrder(server, {
      details: { email: 'guest.quiet@example.com', phone: MOBILE },
    });
    expect(await customerRow(quiet.checkout.customer_id)).toMatchObject({
      notifySms: false,
      notifyWhatsapp: false,
    });

    const checkout = await startGuestCheckout(server, {
      name: 'Guest Bad',
      email: 'guest.bad@example.com',
      phone: NOT_TEXTABLE,
      address: { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
    });
    const place = (text_updates: unknown) =>
      server.api<Reply>('/api/placeorder', {
        body: {
          pickup_date: '2026-11-24',
          pickup_start: '09:00',
          delivery_date: '2026-11-27',
          delivery_start: '09:00',
          customer_name: 'Guest Bad',
          customer_email: 'guest.bad@example.com',
          customer_phone: NOT_TEXTABLE,
          status: 'pending',
          text_updates,
        },
        headers: { 'X-Checkout-Token': checkout.checkout_token },
      });
    const pigeon = await place('pigeon');
    expect(pigeon.status).toBe(422);
    expect(pigeon.body.errors?.text_updates).toEqual([preferenceMessages.textUpdates]);
    const landline = await place('sms');
    expect(landline.status).toBe(422);
    expect(landline.body.errors?.text_updates).toEqual([preferenceMessages.phoneNotTextable]);
    expect(await customerRow(checkout.customer_id)).toMatchObject({ notifySms: false });
  });

  it('an order’s texts and replies are in its owner’s orders, with status, never in another’s', async () => {
    const order = await insertOrderRow(db(), new Date(clock + 24 * HOUR), { customerId });
    const phone = '+447911123456';
    const base = { customerId, orderId: order.id, phone, channel: 'sms' as const };
    const sent = await queueText(db(), {
      ...base,
      template: 'booking-confirmed',
      body: 'Order booked: we collect tomorrow.',
    });
    await db().update(textMessages).set({ status: 'delivered' }).where(eq(textMessages.id, sent!));
    const kept = await queueText(db(), {
      ...base,
      channel: 'whatsapp',
      template: 'intake-report',
      body: 'Your intake report is ready.',
    });
    await db().update(textMessages).set({ status: 'not-sent' }).where(eq(textMessages.id, kept!));
    // Held for quiet hours until 08:00 London (Monday 23 November: GMT).
    await queueText(db(), {
      ...base,
      template: 'collection-reminder',
      body: 'Reminder: we collect tomorrow. Reply SKIP to cancel.',
      sendAfter: new Date('2026-11-24T08:00:00Z'),
    });
    await queueText(db(), {
      ...base,
      template: 'out-for-delivery',
      body: 'Never sent: over the cap.',
      suppressed: 'daily cap reached',
    });
    await db().insert(textMessages).values({
      direction: 'inbound',
      channel: 'sms',
      template: 'inbound',
      customerId,
      orderId: order.id,
      phone,
      body: 'Please ring the top bell',
      status: 'received',
      providerSid: 'SM-inbound-1',
    });

    const mine = await server.api<{
      customer: { orders: { id: string; texts: Record<string, unknown>[] }[] };
    }>('/api/orders', { headers: bearer() });
    expect(mine.status).toBe(200);
    const texts = mine.body.customer.orders.find((o) => o.id === order.id)!.texts;
    expect(texts.map((t) => [t.channel_label, t.direction, t.status_label])).toEqual([
      ['SMS', 'outbound', 'Delivered'],
      ['WhatsApp', 'outbound', 'Kept in the outbox (texts not configured)'],
      ['SMS', 'outbound', 'Held until 08:00 tomorrow (no texts at night)'],
      ['SMS', 'inbound', 'Your reply'],
    ]);
    expect(texts[0]).toMatchObject({ body: 'Order booked: we collect tomorrow.' });
    expect(texts[0]!.at_display).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);

    // Another customer sees none of it.
    await signUp(server, { email: 'grace.texts@example.com', phone: MOBILE });
    const graceToken = await logIn(server, 'grace.texts@example.com');
    const theirs = await server.api('/api/orders', {
      headers: { Authorization: `Bearer ${graceToken}` },
    });
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain('we collect tomorrow');
    expect(JSON.stringify(theirs.body)).not.toContain('top bell');

    // Staff see all of them on the order, the suppressed one with its reason.
    await createStaffUser(db(), {
      email: 'sam.texts@shop.test',
      name: 'Sam',
      role: 'staff',
      password: 'a-long-staff-password',
    });
    const staff = await staffLogIn(server, 'sam.texts@shop.test', 'a-long-staff-password');
    const admin = await server.api<{ order: { texts: Record<string, unknown>[] } }>(
      `/api/admin/orders/${order.id}`,
      { headers: { Authorization: `Bearer ${staff}` } },
    );
    expect(admin.status).toBe(200);
    expect(admin.body.order.texts).toHaveLength(5);
    expect(admin.body.order.texts[1]).toMatchObject({ kept_in_outbox: true, channel: 'whatsapp' });
    expect(admin.body.order.texts[3]).toMatchObject({
      status: 'suppressed',
      status_reason: 'daily cap reached',
      status_label: 'Not sent: daily cap reached',
    });
    expect(admin.body.order.texts[4]).toMatchObject({
      direction: 'inbound',
      status_label: 'Reply from the customer',
      phone,
    });
  });
});
