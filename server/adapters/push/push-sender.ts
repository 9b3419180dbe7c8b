import type { Agent } from 'node:https';
import webpush from 'web-push';

/** A browser's subscription as the push service gave it (PushSubscription.toJSON()). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What a notification says, as the service worker reads it (issue 33): JSON of these four. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The push service answered that the subscription no longer exists (404, 410): the browser
 * unsubscribed or its permission was withdrawn. The subscription is removed, never retried.
 */
export class PushGoneError extends Error {
  constructor(readonly statusCode: number) {
    super(`push service: subscription gone (${statusCode})`);
    this.name = 'PushGoneError';
  }
}

/**
 * Hands one notification to a browser's push service (Web Push, RFC 8030/8291/8292) with the
 * `web-push` library: the payload encrypted (aes128gcm) to the subscription's keys, the
 * request signed with our VAPID key (subject: the brand's mailto:). Any push service
 * (Google's, Mozilla's, Apple's) takes the same request, so there is no provider to choose and
 * no offline default beyond the keys: without configured ones a pair is kept in the database.
 */
export type PushSender = {
  send(target: PushTarget, payload: PushPayload, options: { ttlSeconds: number }): Promise<void>;
};

export function createWebPushSender(options: {
  keys: VapidKeys;
  subject: string;
  /** Tests only: an agent that trusts the local push service stand-in's certificate. */
  agent?: Agent;
}): PushSender {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    async send(target, payload, { ttlSeconds }) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails,
            TTL: ttlSeconds,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            timeout: 15_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          if ([404, 410].includes(error.statusCode)) throw new PushGoneError(error.statusCode);
          throw new Error(`push service answered ${error.statusCode}`, { cause: error });
        }
        throw error;
      }
    },
  };
}

/** A new VAPID key pair (P-256), base64url. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}
