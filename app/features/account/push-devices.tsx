import { useEffect, useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import { londonDate } from '@shared/london-zone';
import { QUIET_FROM_HOUR, QUIET_UNTIL_HOUR, clockHour } from '@shared/quiet-hours';
import { routes } from '@shared/api/routes';
import { Notice } from '~/components/form/form-field';
import { call } from '~/utils/api-client';
import { canTakePush, subscribeThisDevice } from '~/utils/web-push';

/*
 * The account's notifications section (issue 33, decision 060): "Turn on notifications on
 * this device" (the browser's push subscription, posted to /api/account/push/subscriptions;
 * shown only where the browser has PushManager), and the devices turned on, each with a
 * Remove that is a plain form post, so it works before hydration and without JavaScript.
 */

export type PushDeviceEntry = {
  id: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
};

type Step = 'idle' | 'working' | 'on' | 'denied' | 'unavailable' | 'failed';

const stepWords: Record<Exclude<Step, 'idle' | 'working'>, string> = {
  on: 'Notifications are on for this device.',
  denied:
    'Notifications are blocked for this site in your browser’s settings. Allow them there, then try again.',
  unavailable:
    'This browser cannot take notifications from us yet. On iPhone, add the app to your Home Screen first.',
  failed: 'We could not turn notifications on. Please try again.',
};

/** This device's subscription, given to the server for the signed-in customer. */
async function turnOn(publicKey: string): Promise<Step> {
  const subscription = await subscribeThisDevice(publicKey);
  if (typeof subscription === 'string') return subscription;
  const reply = await call(routes.push.subscribePush, { body: subscription });
  return reply.ok ? 'on' : 'failed';
}

function TurnOnButton({ publicKey }: { publicKey: string }) {
  const [supported, setSupported] = useState(false);
  const [step, setStep] = useState<Step>('idle');
  const revalidator = useRevalidator();
  useEffect(() => {
    setSupported(canTakePush());
  }, []);
  if (!supported) return null;
  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={step === 'working'}
        onClick={() => {
          setStep('working');
          turnOn(publicKey)
            .catch((): Step => 'failed')
            .then((next) => {
              setStep(next);
              if (next === 'on') void revalidator.revalidate();
            });
        }}
        className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 py-2 font-semibold text-white shadow-sm hover:opacity-90 disabled:opacity-60"
      >
        {step === 'working' ? 'Turning on…' : 'Turn on notifications on this device'}
      </button>
      {step !== 'idle' && step !== 'working' ? (
        <p role="status" className={step === 'on' ? 'text-green-800' : 'text-red-800'}>
          {stepWords[step]}
        </p>
      ) : null}
    </div>
  );
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
      <TurnOnButton publicKey={publicKey} />
      {devices.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No device gets notifications yet.
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Devices with notifications on"
        >
          {devices.map((device) => (
            <li
              key={device.id}
              data-device={device.id}
              className="flex flex-wrap items-center justify-between gap-3 p-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{device.label}</p>
                <p className="text-sm text-slate-600">
                  Turned on {londonDate(new Date(device.created_at))}
                  {device.last_used_at
                    ? ` · last notified ${londonDate(new Date(device.last_used_at))}`
                    : ''}
                </p>
              </div>
              <Form method="post" action="/account/messages">
                <input type="hidden" name="intent" value="remove-device" />
                <input type="hidden" name="id" value={device.id} />
                <button
                  type="submit"
                  className="min-h-11 px-2 font-medium text-red-700 underline"
                  aria-label={`Remove ${device.label}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
