import { routes } from '@shared/api/routes';
import { useState } from 'react';
import { slotOverview } from '~/server/back-office.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { FeedbackBanner, useAdminAction } from '~/features/admin/ui';
import type { Route } from './+types/slots';

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url });
  return {
    overview: await slotOverview(services),
    isOwner: staff.role === 'owner',
  };
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const numberFields = [
  ['slotLengthMinutes', 'Slot length (minutes)'],
  ['leadTimeMinutes', 'Lead time before a collection (minutes)'],
  ['daysAhead', 'Days offered ahead'],
  ['pickupCapacityPerSlot', 'Collections per slot'],
  ['deliveryCapacityPerSlot', 'Deliveries per slot'],
  ['minTurnaroundHours', 'Minimum turnaround (hours)'],
] as const;

export default function AdminSlots({ loaderData }: Route.ComponentProps) {
  const { overview, isOwner } = loaderData;
  const { run, busy, feedback } = useAdminAction();
  const [rules, setRules] = useState(overview.rules);
  const [closed, setClosed] = useState({ day: '', reason: '' });
  const capacity = overview.rules.pickupCapacityPerSlot;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Slots and capacity</h1>
      <FeedbackBanner feedback={feedback} />

      <section className="card overflow-x-auto" aria-labelledby="fullness-title">
        <h2 id="fullness-title" className="text-lg font-semibold">
          How full the coming days are
        </h2>
        <p className="text-sm text-slate-600">
          Collections / deliveries booked per slot (capacity {capacity} /{' '}
          {overview.rules.deliveryCapacityPerSlot}).
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
          {overview.fullness.map((day) => (
            <div key={day.date} className="rounded-lg border border-slate-200 p-2 text-xs">
              <p className="mb-1 font-semibold">{day.label}</p>
              {day.closed || day.slots.length === 0 ? (
                <p className="text-slate-500">Closed</p>
              ) : (
                <ul className="space-y-0.5">
                  {day.slots.map((s) => {
                    const full = s.pickups >= capacity;
                    return (
                      <li
                        key={s.start}
                        className={`flex justify-between rounded px-1 ${full ? 'bg-red-100 text-red-900' : s.pickups ? 'bg-amber-50' : ''}`}
                      >
                        <span className="font-mono">{s.start}</span>
                        <span>
                          {s.pickups} / {s.deliveries}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          ))}
        </div>
      </section>

      <section className="card space-y-4" aria-labelledby="rules-title">
        <h2 id="rules-title" className="text-lg font-semibold">
          Rules {isOwner ? '' : '(the owner changes these)'}
        </h2>
        <fieldset disabled={!isOwner} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            {numberFields.map(([key, label]) => (
              <div key={key}>
                <label htmlFor={key} className="field-label">
                  {label}
                </label>
                <input
                  id={key}
                  type="number"
                  className="field-input"
                  value={rules[key]}
                  onChange={(e) => setRules((r) => ({ ...r, [key]: Number(e.target.value) }))}
                />
              </div>
            ))}
          </div>
          <table className="text-sm">
            <tbody>
              {rules.openingHours.map((d, i) => (
                <tr key={d.weekday}>
                  <th className="py-1 pr-4 text-left font-medium">{weekdays[i]}</th>
                  <td className="pr-3">
                    <label className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        checked={d.closed}
                        onChange={(e) =>
                          setRules((r) => ({
                            ...r,
                            openingHours: r.openingHours.map((h) =>
                              h.weekday === d.weekday ? { ...h, closed: e.target.checked } : h,
                            ),
                          }))
                        }
                      />
                      Closed
                    </label>
                  </td>
                  {(['opensAt', 'closesAt'] as const).map((k) => (
                    <td key={k} className="pr-2">
                      <input
                        aria-label={`${weekdays[i]} ${k === 'opensAt' ? 'opens' : 'closes'}`}
                        type="time"
                        className="field-input py-1"
                        disabled={d.closed}
                        value={d[k]}
                        onChange={(e) =>
                          setRules((r) => ({
                            ...r,
                            openingHours: r.openingHours.map((h) =>
                              h.weekday === d.weekday ? { ...h, [k]: e.target.value } : h,
                            ),
                          }))
                        }
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {isOwner ? (
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => void run(routes.admin.saveSlotRules, { body: rules })}
            >
              Save rules
            </button>
          ) : null}
        </fieldset>
      </section>

      <section className="card space-y-3" aria-labelledby="closed-title">
        <h2 id="closed-title" className="text-lg font-semibold">
          Closed dates
        </h2>
        <ul className="divide-y divide-slate-100 text-sm">
          {overview.closedDates.map((c) => (
            <li key={c.day} className="flex items-center justify-between py-1.5">
              <span>
                <span className="font-mono">{c.day}</span> · {c.reason}
              </span>
              <button
                type="button"
                className="text-brand underline"
                onClick={() => void run(routes.admin.removeClosedDate, { params: { day: c.day } })}
              >
                Open again
              </button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="closed-day" className="field-label">
              Date
            </label>
            <input
              id="closed-day"
              type="date"
              className="field-input"
              value={closed.day}
              onChange={(e) => setClosed((c) => ({ ...c, day: e.target.value }))}
            />
          </div>
          <div className="min-w-56 flex-1">
            <label htmlFor="closed-reason" className="field-label">
              Reason
            </label>
            <input
              id="closed-reason"
              className="field-input"
              value={closed.reason}
              onChange={(e) => setClosed((c) => ({ ...c, reason: e.target.value }))}
            />
          </div>
          <button
            type="button"
            className="btn-secondary py-2.5"
            disabled={busy}
            onClick={() => void run(routes.admin.addClosedDate, { body: closed })}
          >
            Close this date
          </button>
        </div>
      </section>
    </div>
  );
}
