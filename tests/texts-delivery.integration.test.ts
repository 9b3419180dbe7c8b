import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textMessages, textOptOuts } from '../server/db/schema';
import { queueText, type QueuedText } from '../server/use-cases/messages/queue-text';
import { OFFLINE_TEXT_REASON } from '../server/use-cases/messages/deliver-text';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import {
  STAND_IN_SMS_FROM,
  STAND_IN_WHATSAPP_FROM,
  startTwilioStandIn,
  type TwilioStandIn,
} from '@tests/helpers/twilio-stand-in';

/*
 * Texts through Twilio's official SDK to a local stand-in of its API (issue 17, decision 030):
 * each queued text is a 'deliver-text' job of the queue, sent once, with delivery receipts and
 * replies arriving at our signed webhooks. Retries a second apart here (5 s doubling live).
 */

const PUBLIC_URL = 'http://cleanline.test';

let server: TestServer;
let standIn: TwilioStandIn;
let n = 0;

beforeAll(async () => {
  standIn = await startTwilioStandIn({ publicUrl: PUBLIC_URL, reach: () => server.url });
  server = await startTestServer({
    env: standIn.env(),
    jobs: { retryDelaySeconds: 1, pollSeconds: 0.5 },
  });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

/** A distinct mobile number per text: 07700 900100 + n. */
const nextPhone = () => `+4477009${String(1000 + (n += 1)).padStart(5, '0')}`;

async function queue(text: Partial<QueuedText> = {}): Promise<number> {
  const id = await server.services.db.transaction((tx) =>
    queueText(tx, {
      channel: 'sms',
      template: 'test',
      phone: nextPhone(),
      body: 'Your order is on its way',
      ...text,
    }),
  );
  return id!;
}

async function row(id: number) {
  const [found] = await server.services.db
    .select()
    .from(textMessages)
    .where(eq(textMessages.id, id));
  return found!;
}

/** Polls until the text is in one of `statuses` (15 s at most). */
async function until(id: number, ...statuses: string[]) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await row(id);
    if (statuses.includes(found.status)) return found;
    if (Date.now() > deadline) {
      throw new Error(`text ${id} is ${found.status} (${found.lastError}), not ${statuses}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('texts through Twilio (the stand-in)', () => {
  it('sends an SMS through the SDK once its transaction commits, with our status callback', async () => {
    const phone = nextPhone();
    const id = await queue({ phone, body: 'Booking confirmed' });
    const sent = await until(id, 'sent');
    const message = standIn.messages.find((m) => m.to === phone)!;
    expect(message).toMatchObject({
      from: STAND_IN_SMS_FROM,
      body: 'Booking confirmed',
      statusCallback: `${PUBLIC_URL}/api/webhooks/twilio/status`,
    });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent).toMatchObject({ providerSid: message.sid, attempts: 1, lastError: null });
    expect(sent.sentAt).not.toBeNull();
  });

  it('sends WhatsApp with the whatsapp: prefix on both numbers', async () => {
    const phone = nextPhone();
    const id = await queue({ channel: 'whatsapp', phone });
    await until(id, 'sent');
    const message = standIn.messages.find((m) => m.to === `whatsapp:${phone}`)!;
    expect(message.from).toBe(`whatsapp:${STAND_IN_WHATSAPP_FROM}`);
    expect((await row(id)).providerSid).toBe(message.sid);
  });

  it('queues nothing when the transaction rolls back', async () => {
    const phone = nextPhone();
    await expect(
      server.services.db.transaction(async (tx) => {
        await queueText(tx, { channel: 'sms', template: 'test', phone, body: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(standIn.messages.filter((m) => m.to === phone)).toEqual([]);
    const { rows } = await server.database.executeSql(
      `select count(*)::int as n from pgboss.job j join text_messages t on j.data->>'textId' = t.id::text where t.phone = $1`,
      [phone],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('waits for send_after (quiet hours), then sends', async () => {
    const phone = nextPhone();
    const id = await queue({ phone, sendAfter: new Date(Date.now() + 3_000) });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await row(id)).status).toBe('queued');
    expect(standIn.messages.filter((m) => m.to === phone)).toEqual([]);
    await until(id, 'sent');
  });

  it('records delivery receipts by the message SID: forward only, each once', async () => {
    const id = await queue();
    const { providerSid } = await until(id, 'sent');
    const receipt = async (status: string, errorCode?: string) => {
      const reply = await standIn.sendStatus(providerSid!, status, { errorCode });
      expect(reply.status).toBe(200);
      return ((await reply.json()) as { changed: boolean }).changed;
    };
    expect(await receipt('sent')).toBe(false);
    expect(await receipt('delivered')).toBe(true);
    const delivered = await row(id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.deliveredAt).not.toBeNull();
    // Repeated, or late and out of order: nothing changes.
    expect(await receipt('delivered')).toBe(false);
    expect(await receipt('sent')).toBe(false);
    expect(await receipt('undelivered', '30003')).toBe(false);
    expect(await row(id)).toEqual(delivered);

    const other = await queue();
    const { providerSid: otherSid } = await until(other, 'sent');
    const reply = await standIn.sendStatus(otherSid!, 'undelivered', { errorCode: '30003' });
    expect(reply.status).toBe(200);
    expect(await row(other)).toMatchObject({
      status: 'undelivered',
      statusReason: 'undelivered (Twilio error 30003)',
    });
  });

  it('refuses forged and missing signatures on both webhooks with 403, changing nothing', async () => {
    const id = await queue();
    const { providerSid } = await until(id, 'sent');
    for (const signature of ['forged+signature=', null]) {
      const status = await standIn.sendStatus(providerSid!, 'delivered', { signature });
      expect(status.status).toBe(403);
      expect(((await status.json()) as { message: string }).message).toMatch(
        signature ? /Invalid Twilio signature/ : /Missing Twilio signature/,
      );
      const phone = nextPhone();
      const inbound = await standIn.sendInbound({ from: phone, body: 'STOP' }, { signature });
      expect(inbound.status).toBe(403);
      const recorded = await server.services.db
        .select()
        .from(textMessages)
        .where(eq(textMessages.phone, phone));
      expect(recorded).toEqual([]);
    }
    expect((await row(id)).status).toBe('sent');

    // A valid signature over other parameters than those posted is forged too.
    const phone = nextPhone();
    const reply = await fetch(`${server.url}/api/webhooks/twilio/inbound`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': (await import('twilio')).default.getExpectedTwilioSignature(
          standIn.env().TWILIO_AUTH_TOKEN!,
          `${PUBLIC_URL}/api/webhooks/twilio/inbound`,
          { From: phone, Body: 'hello', MessageSid: 'SM1' },
        ),
      },
      body: new URLSearchParams({ From: phone, Body: 'STOP', MessageSid: 'SM1' }).toString(),
    });
    expect(reply.status).toBe(403);
  });

  it('passes a signed reply to handleInboundText and answers TwiML', async () => {
    const phone = nextPhone();
    const reply = await standIn.sendInbound({ from: phone, body: 'Can you come at 9?' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await reply.text()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response(\/>|>)/);
    const [received] = await server.services.db
      .select()
      .from(textMessages)
      .where(eq(textMessages.phone, phone));
    expect(received).toMatchObject({
      direction: 'inbound',
      channel: 'sms',
      status: 'received',
      body: 'Can you come at 9?',
    });

    const whatsapp = nextPhone();
    expect(
      (await standIn.sendInbound({ from: whatsapp, body: 'hi', channel: 'whatsapp' })).status,
    ).toBe(200);
    const [fromWhatsapp] = await server.services.db
      .select()
      .from(textMessages)
      .where(eq(textMessages.phone, whatsapp));
    expect(fromWhatsapp?.channel).toBe('whatsapp');
  });

  it('re-checks opt-outs before sending: a number that replied STOP since is suppressed', async () => {
    const phone = nextPhone();
    await server.services.db.insert(textOptOuts).values({ phone });
    const id = await queue({ phone });
    expect(await until(id, 'suppressed')).toMatchObject({ statusReason: 'opted out' });
    expect(standIn.messages.filter((m) => m.to === phone)).toEqual([]);
  });

  it('fails a text Twilio refuses for good (invalid number) once, without retrying', async () => {
    const phone = nextPhone();
    standIn.refuseNumber(phone, 21211, "The 'To' number is not a valid phone number.");
    const before = standIn.refused;
    const id = await queue({ phone });
    const failed = await until(id, 'failed');
    expect(failed.statusReason).toMatch(/21211/);
    expect(failed.attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(standIn.refused - before).toBe(1);
    expect((await row(id)).attempts).toBe(1);
  });

  it('an outage delays texts and loses none: retried with back-off, then each sent once', async () => {
    standIn.setMode({ kind: 'outage' });
    try {
      const ids = await Promise.all([queue(), queue(), queue()]);
      // Each tried, refused and tried again.
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const rows = await server.services.db
          .select()
          .from(textMessages)
          .where(inArray(textMessages.id, ids));
        if (rows.every((r) => r.attempts >= 2)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const id of ids) {
        const waiting = await row(id);
        expect(waiting.status).toBe('queued');
        expect(waiting.attempts).toBeGreaterThanOrEqual(2);
        expect(waiting.lastError).toMatch(/unavailable/i);
      }
      standIn.setMode({ kind: 'ok' });
      for (const id of ids) {
        const sent = await until(id, 'sent');
        expect(standIn.messages.filter((m) => m.sid === sent.providerSid)).toHaveLength(1);
        expect(standIn.messages.filter((m) => m.to === sent.phone)).toHaveLength(1);
      }
    } finally {
      standIn.setMode({ kind: 'ok' });
    }
  });
});

it('logged no error meanwhile (pg-boss, the webhooks, the deliveries)', () => {
  expect(server.errors).toEqual([]);
});

describe('texts without Twilio (the offline default)', () => {
  let offline: TestServer;
  beforeAll(async () => {
    offline = await startTestServer({ jobs: { run: 'work', pollSeconds: 0.5 } });
  });
  afterAll(async () => {
    await offline?.stop();
  });

  it('marks each text not sent, kept readable in the outbox, with the reason', async () => {
    const id = await offline.services.db.transaction((tx) =>
      queueText(tx, { channel: 'sms', template: 'test', phone: '+447700900555', body: 'Hello' }),
    );
    const deadline = Date.now() + 15_000;
    let found;
    for (;;) {
      [found] = await offline.services.db
        .select()
        .from(textMessages)
        .where(eq(textMessages.id, id!));
      if (found?.status !== 'queued' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(found).toMatchObject({
      status: 'not-sent',
      statusReason: OFFLINE_TEXT_REASON,
      body: 'Hello',
    });
  });

  it('has no Twilio webhooks (404)', async () => {
    for (const path of ['/api/webhooks/twilio/status', '/api/webhooks/twilio/inbound']) {
      const reply = await fetch(`${offline.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'MessageSid=SM1&MessageStatus=delivered&From=%2B447700900123',
      });
      expect(reply.status).toBe(404);
      expect(((await reply.json()) as { message: string }).message).toBe(
        'Twilio webhooks are not configured.',
      );
    }
  });
});
