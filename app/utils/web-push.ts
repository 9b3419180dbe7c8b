import type { PushSubscriptionInput } from '@shared/api/push';

/*
 * This device's push subscription (issue 33, decisions 060 and 064), the one home of the
 * browser's side of turning notifications on, for the account's section and the back office's
 * page alike: each posts the subscription to its own endpoint.
 */

/** Whether this browser can take push notifications (checked after hydration). */
export function canTakePush(): boolean {
  return typeof window !== 'undefined' && 'PushManager' in window && 'serviceWorker' in navigator;
}

/**
 * Asks for permission, then for a subscription with our VAPID key at the site's service
 * worker: the subscription as the API takes it, or why there is none.
 */
export async function subscribeThisDevice(
  publicKey: string,
): Promise<PushSubscriptionInput | 'denied' | 'unavailable'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'unavailable';
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    }));
  return subscription.toJSON() as PushSubscriptionInput;
}
