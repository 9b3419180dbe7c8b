import { useEffect, useState, type ReactNode } from 'react';
import { Form, useRevalidator } from 'react-router';
import { londonDate } from '@shared/london-zone';
import { canTakePush } from '~/utils/web-push';

/*
 * The one home of "notifications on your devices" on a page (issue 33, decisions 060 and 064),
 * for the customer's account and the back office alike: the turn-on button with what became of
 * it, and the list of devices turned on, each with a Remove that is a plain form post (it works
 * before hydration and without JavaScript). Each page brings its own words and its own way of
 * posting the subscription.
 */

/** What became of a press of the button. */
export type PushOutcome = 'on' | 'denied' | 'unavailable' | 'failed' | 'none-chosen';

const outcomeWords: Record<PushOutcome, string> = {
  on: 'Notifications are on for this device.',
  denied:
    'Notifications are blocked for this site in this browser’s settings. Allow them there, then try again.',
  unavailable:
    'This browser cannot take notifications yet: reload the page once, or on an iPhone add the site to the Home Screen first.',
  failed: 'We could not turn notifications on. Please try again.',
  'none-chosen': 'Choose at least one thing to be notified of.',
};

/** Whether this browser takes push notifications: false on the server and before hydration. */
export function useCanTakePush(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(canTakePush()), []);
  return supported;
}

/** The button, its "Turning on…" while it works, and the outcome said in a status line. */
export function TurnOnPushButton({
  label,
  className,
  turnOn,
}: {
  label: string;
  className: string;
  turnOn: () => Promise<PushOutcome>;
}) {
  const [outcome, setOutcome] = useState<PushOutcome | 'working' | null>(null);
  const revalidator = useRevalidator();
  return (
    <>
      <button
        type="button"
        disabled={outcome === 'working'}
        onClick={() => {
          setOutcome('working');
          turnOn()
            .catch((): PushOutcome => 'failed')
            .then((next) => {
              setOutcome(next);
              if (next === 'on') void revalidator.revalidate();
            });
        }}
        className={className}
      >
        {outcome === 'working' ? 'Turning on…' : label}
      </button>
      {outcome !== null && outcome !== 'working' ? (
        <p role="status" className={outcome === 'on' ? 'text-green-800' : 'text-red-800'}>
          {outcomeWords[outcome]}
        </p>
      ) : null}
    </>
  );
}

export type PushDeviceEntry = {
  id: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
};

/** The devices turned on, or a dashed box saying there are none. */
export function PushDeviceList<Device extends PushDeviceEntry>({
  devices,
  listLabel,
  emptyText,
  action,
  detail,
}: {
  devices: Device[];
  listLabel: string;
  emptyText: string;
  /** Where Remove posts; the page's own action when left out. */
  action?: string;
  /** A line of the page's own about the device, above when it was turned on. */
  detail?: (device: Device) => ReactNode;
}) {
  if (devices.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
        {emptyText}
      </p>
    );
  }
  return (
    <ul
      className="divide-y divide-slate-200 rounded-lg border border-slate-200"
      aria-label={listLabel}
    >
      {devices.map((device) => (
        <li
          key={device.id}
          data-device={device.id}
          className="flex flex-wrap items-center justify-between gap-3 p-3"
        >
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{device.label}</p>
            {detail ? <p className="text-sm text-slate-600">{detail(device)}</p> : null}
            <p className="text-sm text-slate-600">
              Turned on {londonDate(new Date(device.created_at))}
              {device.last_used_at
                ? ` · last notified ${londonDate(new Date(device.last_used_at))}`
                : ''}
            </p>
          </div>
          <Form method="post" action={action}>
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
  );
}
