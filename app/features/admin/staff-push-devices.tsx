import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { staffPushEventLabels, staffPushEvents, type StaffPushEvent } from '@shared/push';
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
 * The back office's notifications (issue 33, decisions 060 and 064): a member of staff chooses
 * what this device tells them of at their branch (new orders, new cases), turns it on (the
 * browser's push subscription, posted to /api/admin/push/subscriptions with the events), and
 * sees and removes their devices. Remove is a plain form post: it works before hydration. The
 * button appears only once the page knows the browser can take push notifications.
 */

export type StaffPushDeviceEntry = PushDeviceEntry & { events: StaffPushEvent[] };

async function turnOn(publicKey: string, events: StaffPushEvent[]): Promise<PushOutcome> {
  if (events.length === 0) return 'none-chosen';
  const subscription = await subscribeThisDevice(publicKey);
  if (typeof subscription === 'string') return subscription;
  const reply = await call(routes.adminPush.subscribeStaffPush, {
    body: { ...subscription, events },
  });
  return reply.ok ? 'on' : 'failed';
}

function TurnOn({ publicKey }: { publicKey: string }) {
  const [events, setEvents] = useState<StaffPushEvent[]>([...staffPushEvents]);
  if (!useCanTakePush()) {
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
      <TurnOnPushButton
        label="Turn on for this device"
        className="btn-primary min-h-11"
        turnOn={() => turnOn(publicKey, events)}
      />
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
          A notification when an order is booked, or a customer opens a case or makes a claim, at
          your branch (every branch for the owner), at any hour: turn it off here when you go off
          duty. A tap opens the order, or the claim.
        </p>
      </div>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <TurnOn publicKey={publicKey} />
      <PushDeviceList
        devices={devices}
        listLabel="Your devices with notifications on"
        emptyText="No device of yours gets notifications yet."
        detail={(device) => device.events.map((event) => staffPushEventLabels[event]).join(' · ')}
      />
    </section>
  );
}
