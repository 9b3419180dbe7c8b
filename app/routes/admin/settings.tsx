import { routes } from '@shared/api/routes';
import { useState } from 'react';
import { readShopSettings } from '~/server/back-office.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { FeedbackBanner, useAdminAction } from '~/features/admin/ui';
import type { Route } from './+types/settings';

/*
 * The owner's settings of the shop's day (issue 31): whether collections whose card step was
 * abandoned are flagged on the driver's list or left off it; the counter's hand-over rules
 * (issue 32, decision 050). Saved in the database
 * (shop_settings) through PUT /api/admin/settings.
 */

export function meta() {
  return [{ title: 'Settings · Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url }, ['owner']);
  return { settings: await readShopSettings(services) };
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { run, busy, feedback } = useAdminAction();
  const [hide, setHide] = useState(loaderData.settings.driverHidesCardNotSaved);
  const [unpaid, setUnpaid] = useState(loaderData.settings.counterUnpaidWithoutReason);
  const [elsewhere, setElsewhere] = useState(loaderData.settings.counterCollectElsewhere);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <FeedbackBanner feedback={feedback} />
      <section className="card max-w-2xl space-y-4" aria-labelledby="driver-list-title">
        <h2 id="driver-list-title" className="text-lg font-semibold">
          The driver’s list
        </h2>
        <fieldset className="space-y-3">
          <legend className="text-sm text-slate-700">
            Orders whose checkout stopped before a card was saved (pending payment):
          </legend>
          <label className="flex items-start gap-3">
            <input
              type="radio"
              name="card-not-saved"
              className="mt-1 h-5 w-5"
              checked={!hide}
              onChange={() => setHide(false)}
            />
            <span>List them, flagged “Card not saved — collect payment details”</span>
          </label>
          <label className="flex items-start gap-3">
            <input
              type="radio"
              name="card-not-saved"
              className="mt-1 h-5 w-5"
              checked={hide}
              onChange={() => setHide(true)}
            />
            <span>Leave them off the driver’s list until a card is saved</span>
          </label>
        </fieldset>
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() =>
            void run(routes.admin.saveShopSettings, {
              body: { driver_hides_card_not_saved: hide },
            })
          }
        >
          Save settings
        </button>
      </section>
      <section className="card max-w-2xl space-y-4" aria-labelledby="counter-title">
        <h2 id="counter-title" className="text-lg font-semibold">
          The counter’s hand-over
        </h2>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5"
            checked={unpaid}
            onChange={(e) => setUnpaid(e.target.checked)}
          />
          <span>Staff may hand over a ticket with money due without recording why</span>
        </label>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5"
            checked={elsewhere}
            onChange={(e) => setElsewhere(e.target.checked)}
          />
          <span>
            A ticket may be collected at any branch with a counter, not only where it was handed in
          </span>
        </label>
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() =>
            void run(routes.admin.saveShopSettings, {
              body: { counter_unpaid_without_reason: unpaid, counter_collect_elsewhere: elsewhere },
            })
          }
        >
          Save the counter’s settings
        </button>
      </section>
    </div>
  );
}
