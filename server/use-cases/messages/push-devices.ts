import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '@shared/text';
import { deviceLabel, isPushServiceEndpoint, pushCopy, type StaffPushEvent } from '@shared/push';
import { pushSubscriptions } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';

/*
 * A person's devices for Web Push (issue 33, decision 060): turned on (the browser's push
 * subscription, by its endpoint), listed, removed. The one writer of push_subscriptions
 * besides the delivery job, which deletes the ones their push service says are gone.
 */

export type DeviceRow = typeof pushSubscriptions.$inferSelect;

/** Whose devices: a customer's, or a member of staff's. */
export type DeviceOwner = { customerId: string } | { staffId: string };

export type SubscriptionInput = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

const ownerColumn = (owner: DeviceOwner) =>
  'customerId' in owner
    ? eq(pushSubscriptions.customerId, owner.customerId)
    : eq(pushSubscriptions.staffId, owner.staffId);

/**
 * Keeps a device's subscription for its owner. The endpoint is the browser's: posted again
 * (new keys, or another person signed in on the device) the row is updated and changes owner,
 * so one device never notifies two people. The endpoint must be at a browser's push service
 * (the server posts to it: never to an address a visitor chose).
 */
export async function subscribeDevice(
  deps: Pick<AppServices, 'db' | 'config'>,
  input: {
    owner: DeviceOwner;
    subscription: SubscriptionInput;
    userAgent: string | undefined;
    staffEvents?: readonly StaffPushEvent[];
  },
): Promise<DeviceRow> {
  const { endpoint, keys } = input.subscription;
  if (!isPushServiceEndpoint(endpoint, deps.config.pushServiceOrigins)) {
    throw new ValidationError(
      pushCopy.unknownService,
      { endpoint: [pushCopy.unknownService] },
      'push-service-unknown',
    );
  }
  const owner = {
    customerId: 'customerId' in input.owner ? input.owner.customerId : null,
    staffId: 'staffId' in input.owner ? input.owner.staffId : null,
  };
  const values = {
    ...owner,
    p256dh: keys.p256dh,
    auth: keys.auth,
    label: deviceLabel(input.userAgent),
    staffEvents: [...(input.staffEvents ?? [])],
  };
  const [row] = await deps.db
    .insert(pushSubscriptions)
    .values({ endpoint, ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // A new owner starts anew: the device is theirs from now on.
      set: { ...values, createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning();
  return row!;
}

/** The owner's devices, the newest first. */
export async function listDevices(
  deps: Pick<AppServices, 'db'>,
  input: { owner: DeviceOwner },
): Promise<DeviceRow[]> {
  return deps.db
    .select()
    .from(pushSubscriptions)
    .where(ownerColumn(input.owner))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** Removes one of the owner's devices; anyone else's (or none) is not found. */
export async function removeDevice(
  deps: Pick<AppServices, 'db'>,
  input: { owner: DeviceOwner; deviceId: string },
): Promise<void> {
  if (!isUuid(input.deviceId)) throw new NotFoundError(pushCopy.notFound);
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, input.deviceId), ownerColumn(input.owner)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new NotFoundError(pushCopy.notFound);
}
