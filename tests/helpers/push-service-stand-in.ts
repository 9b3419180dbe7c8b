import { createServer, type Server } from 'node:https';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from './test-server';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';

/*
 * A browser's push service, played locally (issue 33): an HTTPS server that takes Web Push
 * requests the way Google's, Mozilla's and Apple's do. It checks the VAPID JWT (ES256 against
 * the public key in the Authorization header, which must be the server's; aud the endpoint's
 * origin; exp in the future and within 24 hours) and decrypts the aes128gcm body (RFC 8188,
 * RFC 8291) with the subscription's private key, which it made as a browser would (ECDH
 * P-256 and a 16-byte auth secret). Answers 201, or what the test tells an endpoint to answer.
 */

/** A self-signed certificate for 127.0.0.1, for the tests only (valid until 2126). */
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgcDieeJNjiUleMrON
iDQAELEhvTq9v2NMi41eavXiBDGhRANCAATjg/uTa5WOIij/JTVj3N6t62iRu/Sk
EH3rWbvcyGaNKm+wspl/mgQEkFVik7ri8Vs8opfwII82TeEPdt5lyRG+
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBtDCCAVmgAwIBAgIUNARr5iNSZ80UiKKa5QztxIG69SUwCgYIKoZIzj0EAwIw
IDEeMBwGA1UEAwwVcHVzaC1zZXJ2aWNlLXN0YW5kLWluMCAXDTI2MTEyODA3NTgz
MFoYDzIxMjYxMTA0MDc1ODMwWjAgMR4wHAYDVQQDDBVwdXNoLXNlcnZpY2Utc3Rh
bmQtaW4wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATjg/uTa5WOIij/JTVj3N6t
62iRu/SkEH3rWbvcyGaNKm+wspl/mgQEkFVik7ri8Vs8opfwII82TeEPdt5lyRG+
o28wbTAdBgNVHQ4EFgQU5MZaMMSZgA7KcVixrAIl07m5qZkwHwYDVR0jBBgwFoAU
5MZaMMSZgA7KcVixrAIl07m5qZkwDwYDVR0TAQH/BAUwAwEB/zAaBgNVHREEEzAR
hwR/AAABgglsb2NhbGhvc3QwCgYIKoZIzj0EAwIDSQAwRgIhAKWERRn97wzeu9Ya
O/cjiprnmSlSVqOKKPQOO8z+xKMgAiEAvtCXOl1jqPDZYc9vlD0Fg0WyJQnRQxFy
GcZTnq35/s4=
-----END CERTIFICATE-----`;

export type DeliveredPush = {
  subscriptionId: string;
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
};

export type StandInSubscription = {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

export type PushServiceStandIn = {
  origin: string;
  /** What reached each endpoint, decrypted, in order. */
  delivered: DeliveredPush[];
  /** Requests refused (bad signature, wrong key, undecryptable), with why. */
  refused: string[];
  /** How many requests each endpoint got, whatever was answered. */
  requests: Map<string, number>;
  /** A new subscription, as PushManager.subscribe() would give the browser. */
  subscribe(): StandInSubscription;
  /** What the endpoint answers from now on (201 by default): 404, 410, 500 … */
  answer(subscriptionId: string, status: number): void;
  /** An agent that trusts this server's certificate, for the sender. */
  agent: Agent;
  close(): Promise<void>;
};

const b64u = (value: string) => Buffer.from(value, 'base64url');

/** The VAPID header (RFC 8292): `vapid t=<jwt>, k=<public key>`. Throws why it is wrong. */
function checkVapid(header: string | undefined, origin: string, expectedKey: string): void {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedKey) throw new Error('signed with another VAPID key');
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const raw = b64u(k);
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    b64u(signature),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const header_ = JSON.parse(b64u(head).toString('utf8')) as { alg: string };
  if (header_.alg !== 'ES256') throw new Error(`alg ${header_.alg}`);
  const claims = JSON.parse(b64u(body).toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Error('exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
}

/** aes128gcm (RFC 8188) with Web Push's keys (RFC 8291), one record. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record: the data, a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export async function startPushServiceStandIn(options: {
  /** The server's VAPID public key: requests signed with another are refused (401). */
  vapidPublicKey: () => string;
}): Promise<PushServiceStandIn> {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const delivered: DeliveredPush[] = [];
  const refused: string[] = [];
  const requests = new Map<string, number>();
  let origin = '';
  const server: Server = createServer({ key: TEST_KEY, cert: TEST_CERT }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      requests.set(id, (requests.get(id) ?? 0) + 1);
      const browser = browsers.get(id);
      const status = answers.get(id) ?? 201;
      try {
        if (request.method !== 'POST' || !browser) throw new Error(`no subscription ${id}`);
        checkVapid(request.headers.authorization, origin, options.vapidPublicKey());
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        }
        if (status >= 300) {
          response.writeHead(status).end();
          return;
        }
        const plain = decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth);
        delivered.push({
          subscriptionId: id,
          payload: JSON.parse(plain.toString('utf8')),
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
        });
        response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push(`${id}: ${(error as Error).message}`);
        response.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: TEST_CERT, keepAlive: false });
  return {
    origin,
    delivered,
    refused,
    requests,
    agent,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      browsers.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    answer(subscriptionId, status) {
      answers.set(subscriptionId, status);
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A test server whose pushes go to a push-service stand-in, its job queue worked at once with
 * retries a second apart (5 s doubling live). Stop both with `stopPushTestServer`.
 */
export async function startPushTestServer(): Promise<{
  server: TestServer;
  pushService: PushServiceStandIn;
}> {
  // The key is asked for only when a push arrives, once the server below has started.
  const pushService = await startPushServiceStandIn({
    vapidPublicKey: () => server.services.push.publicKey,
  });
  const server = await startTestServer({
    env: { PUSH_SERVICE_ORIGINS: pushService.origin },
    jobs: { run: 'work', retryDelaySeconds: 1, pollSeconds: 0.5 },
    pushAgent: pushService.agent,
  });
  return { server, pushService };
}

export async function stopPushTestServer(server?: TestServer, pushService?: PushServiceStandIn) {
  await server?.stop();
  await pushService?.close();
}
