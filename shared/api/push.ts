import { z } from 'zod';
import { text } from '../text';
import { pushCopy, staffPushEvents } from '../push';
import { endpoint, failures, instant, ok } from './contract';
import { staffOnly } from './admin/common';

/*
 * Web Push (issue 33, decision 060): the VAPID key a browser subscribes with, and a person's
 * devices: turned on (the browser's PushSubscription as its toJSON() gives it), listed and
 * removed. A customer's under /api/account, a member of staff's (with the events they chose)
 * under /api/admin. Another person's device is not found (404), whoever asks.
 */

/** How many bytes base64url of this many characters (padding left off) decodes to. */
const decodedLength = (value: string) => {
  const chars = value.replace(/=+$/, '').length;
  return chars % 4 === 1 ? -1 : Math.floor((chars * 6) / 8);
};

/** base64url (padding allowed) that decodes to exactly `bytes` bytes. */
const base64url = (bytes: number, what: string) =>
  text({ error: `${what} is required.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${what} must be base64url.` })
    .refine((value) => decodedLength(value) === bytes, {
      error: `${what} must be ${bytes} bytes.`,
    });

/** What PushManager.subscribe() gives, as PushSubscription.toJSON() writes it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'endpoint must be the push service’s https URL.' })
    .max(2000, { error: 'endpoint is too long.' })
    .meta({ examples: ['https://fcm.googleapis.com/fcm/send/dGhpcyBpcyBub3QgcmVhbA'] }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64url(65, 'keys.p256dh').meta({
        description: 'The browser’s P-256 public key (uncompressed point), base64url',
      }),
      auth: base64url(16, 'keys.auth').meta({ description: 'The 16-byte auth secret, base64url' }),
    },
    { error: 'keys (p256dh and auth) are required.' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const staffPushSubscriptionSchema = pushSubscriptionSchema.extend({
  events: z
    .array(z.enum(staffPushEvents, { error: 'Choose events from the list.' }))
    .min(1, { error: 'Choose at least one event.' })
    .meta({ description: 'What to be notified of at your branch' }),
});

export const pushDevice = z
  .object({
    id: z.uuid(),
    label: text().meta({
      description: 'The device, from its browser',
      examples: ['Chrome on Android'],
    }),
    created_at: instant,
    last_used_at: instant.nullable(),
  })
  .meta({ id: 'PushDevice' });

export const staffPushDevice = pushDevice
  .extend({ events: z.array(z.enum(staffPushEvents)) })
  .meta({ id: 'StaffPushDevice' });

const session = ['bearer', 'cookie'] as const;
const deviceId = z.object({ id: z.uuid({ error: pushCopy.notFound }) });
const removed = z.object({ status: ok, message: text() });

export const pushApi = {
  pushKey: endpoint({
    method: 'GET',
    path: '/api/account/push/key',
    operationId: 'pushKey',
    tag: 'Accounts',
    summary:
      'The VAPID public key to subscribe a browser with (PushManager.subscribe’s applicationServerKey)',
    replies: {
      200: z.object({
        status: ok,
        public_key: text().meta({ description: 'P-256 public key, base64url (65 bytes)' }),
      }),
    },
  }),
  subscribePush: endpoint({
    method: 'POST',
    path: '/api/account/push/subscriptions',
    operationId: 'subscribePush',
    tag: 'Accounts',
    summary: 'Turns notifications on for this device (its browser’s push subscription)',
    description:
      'The endpoint must be at a browser’s push service (code `push-service-unknown` otherwise). The same endpoint posted again refreshes its keys, and moves it to whoever is signed in on the device now.',
    auth: session,
    body: pushSubscriptionSchema,
    replies: {
      201: z.object({ status: ok, message: text(), device: pushDevice }),
      ...failures(401, 422),
    },
  }),
  listPushDevices: endpoint({
    method: 'GET',
    path: '/api/account/push/subscriptions',
    operationId: 'listPushDevices',
    tag: 'Accounts',
    summary: 'The devices the customer turned notifications on for, the newest first',
    auth: session,
    replies: { 200: z.object({ status: ok, devices: z.array(pushDevice) }), ...failures(401) },
  }),
  removePushDevice: endpoint({
    method: 'DELETE',
    path: '/api/account/push/subscriptions/:id',
    operationId: 'removePushDevice',
    tag: 'Accounts',
    summary: 'Stops notifications to one of the customer’s devices',
    auth: session,
    params: deviceId,
    replies: { 200: removed, ...failures(401, 404) },
  }),
};

export const adminPushApi = {
  subscribeStaffPush: endpoint({
    method: 'POST',
    path: '/api/admin/push/subscriptions',
    operationId: 'subscribeStaffPush',
    tag: 'Back office',
    summary: 'Turns notifications on for this device: new orders and new cases at your branch',
    auth: staffOnly,
    body: staffPushSubscriptionSchema,
    replies: {
      201: z.object({ status: ok, message: text(), device: staffPushDevice }),
      ...failures(401, 403, 422),
    },
  }),
  listStaffPushDevices: endpoint({
    method: 'GET',
    path: '/api/admin/push/subscriptions',
    operationId: 'listStaffPushDevices',
    tag: 'Back office',
    summary: 'The devices you turned notifications on for, with the events each gets',
    auth: staffOnly,
    replies: {
      200: z.object({ status: ok, devices: z.array(staffPushDevice) }),
      ...failures(401, 403),
    },
  }),
  removeStaffPushDevice: endpoint({
    method: 'DELETE',
    path: '/api/admin/push/subscriptions/:id',
    operationId: 'removeStaffPushDevice',
    tag: 'Back office',
    summary: 'Stops notifications to one of your devices',
    auth: staffOnly,
    params: deviceId,
    replies: { 200: removed, ...failures(401, 403, 404) },
  }),
};
