import { QUIET_FROM_HOUR, QUIET_UNTIL_HOUR, clockHour } from '@shared/quiet-hours';
import { routes } from '@shared/api/routes';
import { Notice } from '~/components/form/form-field';
import {
  PushDeviceList,
  TurnOnPushButton,
  useCanTakePush,
  type PushDeviceEntry,
  type PushOutcome,
} from '~/components/push-devices';
import { call } from '~/utils/api-client';
import { subscribeThisDevice } from '~/utils/web-push';

/*
 * The account's notifications section (issue 33, decision 060): "Turn on notifications on
 * this device" (the browser's push subscription, posted to /api/account/push/subscriptions;
 * shown only where the browser has PushManager), and the devices turned on, each with a
 * Remove that is a plain form post, so it works before hydration and without JavaScript.
 */

export type { PushDeviceEntry };

/** This device's subscription, given to the server for the signed-in customer. */
async function turnOn(publicKey: string): Promise<PushOutcome> {
  const subscription = await subscribeThisDevice(publicKey);
  if (typeof subscription === 'string') return subscription;
  const reply = await call(routes.push.subscribePush, { body: subscription });
  return reply.ok ? 'on' : 'failed';
}

export function PushDevices({
  devices,
  publicKey,
  notice,
}: {
  devices: PushDeviceEntry[];
  publicKey: string;
  notice: string | null;
}) {
  return (
    <section
      aria-labelledby="push-heading"
      className="mt-8 space-y-4 rounded-lg border border-slate-200 bg-white p-4 min-[700px]:p-6"
    >
      <div>
        <h2 id="push-heading" className="text-lg font-semibold text-slate-900">
          Notifications on your devices
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your phone tells you what our texts do: your booking confirmed, the collection tomorrow,
          the driver on the way, your items checked in or ready, an invoice or a payment that needs
          you, and the delivery. Like our texts, none arrive between {clockHour(QUIET_FROM_HOUR)}{' '}
          and {clockHour(QUIET_UNTIL_HOUR)}; a tap opens your order’s tracking page.
        </p>
      </div>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {useCanTakePush() ? (
        <div className="space-y-3">
          <TurnOnPushButton
            label="Turn on notifications on this device"
            className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 py-2 font-semibold text-white shadow-sm hover:opacity-90 disabled:opacity-60"
            turnOn={() => turnOn(publicKey)}
          />
        </div>
      ) : null}
      <PushDeviceList
        devices={devices}
        listLabel="Devices with notifications on"
        emptyText="No device gets notifications yet."
        action="/account/messages"
      />
    </section>
  );
}
