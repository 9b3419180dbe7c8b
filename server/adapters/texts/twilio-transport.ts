import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { AppConfig } from '../../config';
import { PermanentTextError, type TextTransport } from './text-transport';

export type TwilioConfig = NonNullable<AppConfig['twilio']>;

/**
 * Twilio's official SDK. `apiBase` (TWILIO_API_BASE) sends its requests to another origin, a
 * local stand-in in tests: the SDK's `edge`/`region` settings only choose among Twilio's own
 * hosts, so a RequestClient that rewrites the origin is passed as its `httpClient`.
 */
export function createTwilioTransport(config: TwilioConfig): TextTransport {
  const client = twilio(config.accountSid, config.authToken, {
    ...(config.apiBase ? { httpClient: new RewritingRequestClient(config.apiBase) } : {}),
  });
  return {
    async send({ channel, to, body, statusCallback }) {
      if (channel === 'whatsapp' && !config.whatsappFrom) {
        throw new PermanentTextError('WhatsApp is not set up (no TWILIO_WHATSAPP_FROM)', undefined);
      }
      const sender =
        channel === 'whatsapp'
          ? { from: whatsapp(config.whatsappFrom!) }
          : config.messagingServiceSid
            ? { messagingServiceSid: config.messagingServiceSid }
            : { from: config.smsFrom! };
      try {
        const message = await client.messages.create({
          to: channel === 'whatsapp' ? whatsapp(to) : to,
          body,
          statusCallback,
          ...sender,
        });
        return { sid: message.sid };
      } catch (error) {
        throw classify(error);
      }
    },
  };
}

/**
 * Whether a webhook request carries Twilio's signature: HMAC-SHA1 with our auth token over
 * the URL Twilio requested (our public URL) and the posted parameters, checked by the SDK.
 */
export function verifyTwilioSignature(
  authToken: string,
  signature: string,
  url: string,
  params: Record<string, unknown>,
): boolean {
  return twilio.validateRequest(authToken, signature, url, params);
}

/** WhatsApp addresses are the number with a `whatsapp:` prefix. */
function whatsapp(number: string): string {
  return number.startsWith('whatsapp:') ? number : `whatsapp:${number}`;
}

/**
 * 4xx from Twilio (a bad number, 21610 unsubscribed, 21408 region not enabled …) will fail the
 * same way again, except 429 (too many requests); 5xx and network errors may pass later.
 */
function classify(error: unknown): Error {
  const status = (error as { status?: unknown }).status;
  const code = (error as { code?: unknown }).code;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
    const message = error instanceof Error ? error.message : String(error);
    return new PermanentTextError(
      typeof code === 'number' ? `Twilio error ${code}: ${message}` : message,
      typeof code === 'number' ? code : undefined,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

class RewritingRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    const target = new URL(this.base);
    uri.protocol = target.protocol;
    uri.host = target.host;
    return super.request<TData>({ ...opts, uri: uri.toString() });
  }
}
