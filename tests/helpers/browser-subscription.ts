import { createECDH, randomBytes } from 'node:crypto';

/**
 * A browser's push subscription at Google's push service, with real P-256 keys, as
 * PushManager.subscribe() gives it (nothing is sent to the endpoint by the tests that use it).
 */
export function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}
