import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { readBody } from './read-body';

/*
 * A local stand-in for Twilio's Messaging API, for tests that cannot reach the internet. The
 * official `twilio` SDK talks to it as to api.twilio.com (TWILIO_API_BASE points a
 * RequestClient at it): POST /2010-04-01/Accounts/{AccountSid}/Messages.json with Basic auth
 * (account SID and auth token) and a form body, answered with Twilio's JSON. It records each
 * message, can be told to fail as Twilio does (an outage, or a refusal with Twilio's error
 * code), and posts delivery receipts and customers' replies to our webhooks, signed with the
 * auth token the way Twilio signs them (X-Twilio-Signature).
 */

export const STAND_IN_ACCOUNT_SID = 'AC00000000000000000000000000000000';
export const STAND_IN_AUTH_TOKEN = 'stand-in-auth-token-0123456789ab';
export const STAND_IN_SMS_FROM = '+447700900001';
export const STAND_IN_WHATSAPP_FROM = '+447700900002';

export type StandInMessage = {
  sid: string;
  to: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  body: string;
  statusCallback: string | undefined;
  status: string;
};

/** How the stand-in answers the next sends: as usual, down (503), or refusing (400 + code). */
export type StandInMode =
  { kind: 'ok' } | { kind: 'outage' } | { kind: 'refuse'; code: number; message: string };

export type TwilioStandIn = {
  url: string;
  /** Every message accepted, in order. */
  messages: StandInMessage[];
  /** Requests refused (outage or error), counted. */
  refused: number;
  setMode(mode: StandInMode): void;
  /** Refuses sends to this number with Twilio's error (21211 invalid number, 21610 unsubscribed). */
  refuseNumber(to: string, code: number, message: string): void;
  /** The settings that make our server talk to this stand-in. */
  env(): Record<string, string>;
  /**
   * Posts a delivery receipt for a message to its StatusCallback, signed, as Twilio does.
   * `reach` maps our public URL (what was signed) to where the test server listens.
   */
  sendStatus(
    sid: string,
    status: string,
    options?: { errorCode?: string; signature?: string | null },
  ): Promise<Response>;
  /** Posts a customer's message to our inbound webhook, signed (or with `signature`). */
  sendInbound(
    input: { from: string; body: string; channel?: 'sms' | 'whatsapp' },
    options?: { signature?: string | null },
  ): Promise<Response>;
  close(): Promise<void>;
};

export async function startTwilioStandIn(options: {
  /** Our server's public URL (PUBLIC_URL): what Twilio calls, and what it signs. */
  publicUrl: string;
  /** Where our server really listens, when not at publicUrl (a test server's random port). */
  reach?: () => string;
}): Promise<TwilioStandIn> {
  const messages: StandInMessage[] = [];
  let mode: StandInMode = { kind: 'ok' };
  const refusedNumbers = new Map<string, { code: number; message: string }>();
  let refused = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) {
      return twilioError(res, 404, 20404, 'The requested resource was not found');
    }
    const expected = `Basic ${Buffer.from(`${STAND_IN_ACCOUNT_SID}:${STAND_IN_AUTH_TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expected || match[1] !== STAND_IN_ACCOUNT_SID) {
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    if (mode.kind === 'outage') {
      refused += 1;
      return twilioError(res, 503, 20503, 'Service unavailable');
    }
    const refusal =
      mode.kind === 'refuse' ? mode : refusedNumbers.get(to.replace(/^whatsapp:/, ''));
    if (refusal) {
      refused += 1;
      return twilioError(res, 400, refusal.code, refusal.message);
    }
    if (!to || !form.get('Body') || !(form.get('From') || form.get('MessagingServiceSid'))) {
      return twilioError(
        res,
        400,
        21604,
        "A 'To', 'Body' and 'From' or 'MessagingServiceSid' are required",
      );
    }
    const message: StandInMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from: form.get('From') ?? undefined,
      messagingServiceSid: form.get('MessagingServiceSid') ?? undefined,
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback') ?? undefined,
      status: 'queued',
    };
    messages.push(message);
    const now = new Date().toUTCString();
    json(res, 201, {
      sid: message.sid,
      account_sid: STAND_IN_ACCOUNT_SID,
      to: message.to,
      from: message.from ?? null,
      messaging_service_sid: message.messagingServiceSid ?? null,
      body: message.body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: 'GBP',
      uri: `/2010-04-01/Accounts/${STAND_IN_ACCOUNT_SID}/Messages/${message.sid}.json`,
      subresource_uris: {},
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Posts a form to our webhook at `publicUrl`, signed over that URL as Twilio does. */
  async function post(
    publicTarget: string,
    params: Record<string, string>,
    signature?: string | null,
  ) {
    const signed =
      signature === undefined
        ? twilio.getExpectedTwilioSignature(STAND_IN_AUTH_TOKEN, publicTarget, params)
        : signature;
    const target = options.reach
      ? publicTarget.replace(options.publicUrl, options.reach())
      : publicTarget;
    return fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        'user-agent': 'TwilioProxy/1.1',
        ...(signed === null ? {} : { 'x-twilio-signature': signed }),
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  return {
    url,
    messages,
    get refused() {
      return refused;
    },
    setMode(next) {
      mode = next;
    },
    refuseNumber(to, code, message) {
      refusedNumbers.set(to, { code, message });
    },
    env: () => ({
      TWILIO_ACCOUNT_SID: STAND_IN_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: STAND_IN_AUTH_TOKEN,
      TWILIO_SMS_FROM: STAND_IN_SMS_FROM,
      TWILIO_WHATSAPP_FROM: STAND_IN_WHATSAPP_FROM,
      TWILIO_API_BASE: url,
      PUBLIC_URL: options.publicUrl,
    }),
    async sendStatus(sid, status, { errorCode, signature } = {}) {
      const message = messages.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no message ${sid} with a StatusCallback`);
      message.status = status;
      return post(
        message.statusCallback,
        {
          AccountSid: STAND_IN_ACCOUNT_SID,
          ApiVersion: '2010-04-01',
          MessageSid: sid,
          SmsSid: sid,
          MessageStatus: status,
          SmsStatus: status,
          To: message.to,
          From: message.from ?? STAND_IN_SMS_FROM,
          ...(errorCode ? { ErrorCode: errorCode } : {}),
        },
        signature,
      );
    },
    async sendInbound({ from, body, channel = 'sms' }, { signature } = {}) {
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const prefix = channel === 'whatsapp' ? 'whatsapp:' : '';
      return post(
        `${options.publicUrl}/api/webhooks/twilio/inbound`,
        {
          AccountSid: STAND_IN_ACCOUNT_SID,
          ApiVersion: '2010-04-01',
          MessageSid: sid,
          SmsMessageSid: sid,
          SmsSid: sid,
          From: `${prefix}${from}`,
          To: `${prefix}${channel === 'whatsapp' ? STAND_IN_WHATSAPP_FROM : STAND_IN_SMS_FROM}`,
          Body: body,
          NumMedia: '0',
          NumSegments: '1',
        },
        signature,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
