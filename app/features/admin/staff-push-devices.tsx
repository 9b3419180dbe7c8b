import { useEffect, useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import { routes } from '@shared/api/routes';
import { londonDate } from '@shared/london-zone';
import { staffPushEventLabels, staffPushEvents, type StaffPushEvent } from '@shared/push';
import { Notice } from '~/components/form/form-field';
import { call } from '~/utils/api-client';
import { canTakePush, subscribeThisDevice } from '~/utils/web-push';

/*
 * The back office's notifications (issue 33, decisions 060 and 064): a member of staff chooses
 * what this device tells them of at their branch (new orders, new cases), turns it on (the
 * browser's push subscription, posted to /api/admin/push/subscriptions with the events), and
 * sees and removes their devices. Remove is a plain form post: it works before hydration. The
 * button appears only once the page knows the browser can take push notifications.
 */

export type StaffPushDeviceEntry = {
  id: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
  events: StaffPushEvent[];
};

type Step = 'idle' | 'working' | 'on' | 'denied' | 'unavailable' | 'failed' | 'none-chosen';

const stepWords: Record<Exclude<Step, 'idle' | 'working'>, string> = {
  on: 'Notifications are on for this device.',
  denied:
    'Notifications are blocked for this site in this browser’s settings. Allow them there, then try again.',
  unavailable:
    'This browser cannot take notifications yet: reload the page once, or on an iPhone add the site to the Home Screen first.',
  failed: 'We could not turn notifications on. Please try again.',
  'none-chosen': 'Choose at least one thing to be notified of.',
};

async function turnOn(publicKey: string, events: StaffPushEvent[]): Promise<Step> {
  if (events.length === 0) return 'none-chosen';
  const subscription = await subscribeThisDevice(publicKey);
  if (typeof subscription === 'string') return subscription;
  const reply = await call(routes.adminPush.subscribeStaffPush, {
    body: { ...subscription, events },
  });
  return reply.ok ? 'on' : 'failed';
}

function TurnOn({ publicKey }: { publicKey: string }) {
  const [supported, setSupported] = useState(false);
  const [step, setStep] = useState<Step>('idle');
  const [events, setEvents] = useState<StaffPushEvent[]>([...staffPushEvents]);
  const revalidator = useRevalidator();
  useEffect(() => setSupported(canTakePush()), []);
  if (!supported) {
    return (
      <p className="text-sm text-slate-600" data-testid="push-needs-scripts">
        Turning notifications on needs this page’s scripts and a browser that takes them (Chrome,
        Edge, Firefox, or Safari on a Mac or from an iPhone’s Home Screen).
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="font-medium text-slate-900">Tell me on this device about</legend>
        {staffPushEvents.map((event) => (
          <label key={event} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="events"
              value={event}
              checked={events.includes(event)}
              onChange={(e) =>
                setEvents((now) =>
                  e.target.checked
                    ? staffPushEvents.filter((x) => x === event || now.includes(x))
                    : now.filter((x) => x !== event),
                )
              }
              className="h-5 w-5"
            />
            {staffPushEventLabels[event]}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        disabled={step === 'working'}
        onClick={() => {
          setStep('working');
          turnOn(publicKey, events)
            .catch((): Step => 'failed')
            .then((next) => {
              setStep(next);
              if (next === 'on') void revalidator.revalidate();
            });
        }}
        className="btn-primary min-h-11"
      >
        {step === 'working' ? 'Turning on…' : 'Turn on for this device'}
      </button>
      {step !== 'idle' && step !== 'working' ? (
        <p role="status" className={step === 'on' ? 'text-green-800' : 'text-red-800'}>
          {stepWords[step]}
        </p>
      ) : null}
    </div>
  );
}

export function StaffPushDevices({
  devices,
  publicKey,
  notice,
}: {
  devices: StaffPushDeviceEntry[];
  publicKey: string;
  notice: string | null;
}) {
  return (
    <section aria-labelledby="staff-push-heading" className="card max-w-2xl space-y-4">
      <div>
        <h2 id="staff-push-heading" className="text-lg font-semibold">
          Notifications on your devices
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A notification when an order is booked or a customer opens a case at your branch (every
          branch for the owner), at any hour: turn it off here when you go off duty. A tap opens the
          order.
        </p>
      </div>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <TurnOn publicKey={publicKey} />
      {devices.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No device of yours gets notifications yet.
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Your devices with notifications on"
        >
          {devices.map((device) => (
            <li
              key={device.id}
              data-device={device.id}
              className="flex flex-wrap items-center justify-between gap-3 p-3"
            >
              <div className="min-w-0">
                <p className="font-medium">{device.label}</p>
                <p className="text-sm text-slate-600">
                  {device.events.map((event) => staffPushEventLabels[event]).join(' · ')}
                </p>
                <p className="text-sm text-slate-600">
                  Turned on {londonDate(new Date(device.created_at))}
                  {device.last_used_at
                    ? ` · last notified ${londonDate(new Date(device.last_used_at))}`
                    : ''}
                </p>
              </div>
              <Form method="post">
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
