import { Form } from 'react-router';
import type { RecurringPlanView } from '@shared/api/recurring';
import type { FormErrors } from '~/components/form';
import { ChangeForm } from './change-form';
import type { SetupOptions } from './plan-rule-fields';

/*
 * One repeat collection (issue 18, docs/decisions/036): its rule, its next dates each with
 * Skip while it may still be skipped, and Pause, Resume and Stop. Plain form posts to the
 * page's action (`intent` and its date), so it works without JavaScript; `hidden` carries
 * what the page needs back (the signed link's token).
 */

const stateLabels: Record<RecurringPlanView['upcoming'][number]['state'], string> = {
  due: 'Planned',
  announced: 'Planned',
  booked: 'Booked',
  skipped: 'Skipped',
  paused: 'Paused',
  failed: 'Not booked',
};

const stateStyles: Record<RecurringPlanView['upcoming'][number]['state'], string> = {
  due: 'bg-slate-100 text-slate-700',
  announced: 'bg-sky-100 text-sky-900',
  booked: 'bg-emerald-100 text-emerald-900',
  skipped: 'bg-amber-100 text-amber-900',
  paused: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-800',
};

function Hidden({ hidden }: { hidden: Record<string, string> }) {
  return (
    <>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function PlanCard({
  plan,
  hidden = {},
  busy = false,
  highlight,
  change,
}: {
  plan: RecurringPlanView;
  hidden?: Record<string, string>;
  busy?: boolean;
  /** The date the visitor came about (the announcement's). */
  highlight?: string | null;
  /** The account's change form: what it offers and its refusal, if this plan's change was. */
  change?: { options: SetupOptions; errors: FormErrors | null };
}) {
  const pauseDates = plan.upcoming.slice(1).map((d) => d);
  return (
    <section
      aria-label={plan.summary}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-plan={plan.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{plan.summary}</h2>
          <p className="mt-1 text-sm text-slate-600">{plan.address}</p>
          <p className="mt-1 text-sm text-slate-600">
            Delivered back from {plan.delivery_start} on the first day after cleaning.
          </p>
        </div>
        {plan.status === 'paused' ? (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
            Paused{plan.paused_until_display ? ` until ${plan.paused_until_display}` : ''}
          </span>
        ) : plan.status === 'stopped' ? (
          <span className="rounded-full bg-slate-200 px-3 py-1 text-xs font-semibold text-slate-700">
            Stopped
          </span>
        ) : (
          <span className="rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-900">
            Active
          </span>
        )}
      </div>

      {plan.upcoming.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold tracking-wide text-slate-500 uppercase">
            Next collections
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 border-y border-slate-100">
            {plan.upcoming.map((d) => (
              <li
                key={d.date}
                className={`flex min-h-14 items-center justify-between gap-3 py-2 ${highlight === d.date ? 'bg-brand/5' : ''}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="w-24 font-medium text-slate-900">{d.display}</span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateStyles[d.state]}`}
                  >
                    {stateLabels[d.state]}
                  </span>
                  {d.note ? (
                    <span
                      className={`text-xs ${d.state === 'failed' ? 'text-red-800' : 'text-slate-600'}`}
                    >
                      {d.note}
                    </span>
                  ) : null}
                </div>
                {d.can_skip ? (
                  <Form method="post">
                    <Hidden hidden={hidden} />
                    <input type="hidden" name="intent" value="skip" />
                    <input type="hidden" name="date" value={d.date} />
                    <button
                      type="submit"
                      disabled={busy}
                      aria-label={`Skip ${d.display}`}
                      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60"
                    >
                      Skip
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {change && plan.status !== 'stopped' ? (
        <ChangeForm
          plan={plan}
          options={change.options}
          errors={change.errors}
          busy={busy}
          hidden={hidden}
        />
      ) : null}

      {plan.status !== 'stopped' ? (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          {plan.status === 'paused' ? (
            <Form method="post">
              <Hidden hidden={hidden} />
              <input type="hidden" name="intent" value="resume" />
              <button type="submit" disabled={busy} className="btn-secondary w-full sm:w-auto">
                Resume
              </button>
            </Form>
          ) : (
            <Form method="post" className="flex items-end gap-2">
              <Hidden hidden={hidden} />
              <input type="hidden" name="intent" value="pause" />
              <div>
                <label htmlFor={`until-${plan.id}`} className="field-label">
                  Pause until
                </label>
                <select
                  id={`until-${plan.id}`}
                  name="until"
                  className="field-input"
                  defaultValue={pauseDates[1]?.date}
                >
                  {pauseDates.map((d) => (
                    <option key={d.date} value={d.date}>
                      {d.display}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" disabled={busy} className="btn-secondary">
                Pause
              </button>
            </Form>
          )}
          <Form method="post">
            <Hidden hidden={hidden} />
            <input type="hidden" name="intent" value="stop" />
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-md px-5 py-3 font-semibold text-red-700 underline hover:bg-red-50 sm:w-auto"
            >
              Stop repeat collections
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
