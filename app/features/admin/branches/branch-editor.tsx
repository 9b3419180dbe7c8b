import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { WEEKDAY_NAMES } from '@shared/branch-hours';
import type { SpeedOffer } from '@shared/counter-speed';
import { ActionFeedback, useAdminAction } from '../ui';
import { ReaderPairing } from './reader-pairing';

/*
 * One branch's settings in the back office (issue 32): the counter, the week's hours, closures
 * and bank holidays, the postcode districts it processes and its staff, saved whole through
 * PUT /api/admin/branches/:id; the server's 422 messages show beside the Save button.
 */

export type EditableBranch = {
  id: number;
  name: string;
  slug: string;
  counter: boolean;
  readerId: string | null;
  hours: { weekday: number; opensAt: string; closesAt: string }[];
  closures: { day: string; kind: 'bank-holiday' | 'closure'; reason: string }[];
  districts: string[];
  staffIds: string[];
  counterSpeeds: SpeedOffer;
};

type Day = { open: boolean; opensAt: string; closesAt: string };

function weekOf(branch: EditableBranch): Day[] {
  return WEEKDAY_NAMES.map((_, i) => {
    const h = branch.hours.find((d) => d.weekday === i + 1);
    return h
      ? { open: true, opensAt: h.opensAt, closesAt: h.closesAt }
      : { open: false, opensAt: '09:00', closesAt: '17:00' };
  });
}

const input = 'field-input min-h-11';

export function BranchEditor({
  branch,
  staff,
}: {
  branch: EditableBranch;
  staff: { id: string; name: string; email: string }[];
}) {
  const { run, busy, feedback } = useAdminAction();
  const [counter, setCounter] = useState(branch.counter);
  const [speeds, setSpeeds] = useState(() => speedFields(branch.counterSpeeds));
  const [readerId, setReaderId] = useState(branch.readerId ?? '');
  const [week, setWeek] = useState(() => weekOf(branch));
  const [closures, setClosures] = useState(branch.closures);
  const [districts, setDistricts] = useState(branch.districts.join(', '));
  const [members, setMembers] = useState(new Set(branch.staffIds));
  const setDay = (i: number, change: Partial<Day>) =>
    setWeek((w) => w.map((d, j) => (j === i ? { ...d, ...change } : d)));
  const setClosure = (i: number, change: Partial<EditableBranch['closures'][number]>) =>
    setClosures((c) => c.map((d, j) => (j === i ? { ...d, ...change } : d)));

  function save() {
    void run(routes.admin.saveBranchSettings, {
      params: { id: branch.id },
      body: {
        counter,
        reader_id: readerId,
        hours: week.flatMap((d, i) =>
          d.open ? [{ weekday: i + 1, opens_at: d.opensAt, closes_at: d.closesAt }] : [],
        ),
        closures: closures.map((c) => ({ date: c.day, kind: c.kind, reason: c.reason })),
        districts: districts
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter(Boolean),
        staff_ids: [...members],
        counter_speeds: {
          turnaround_days: Number(speeds.turnaround),
          express_percent: speeds.express ? Number(speeds.expressPercent) : null,
          same_day_percent: speeds.sameDay ? Number(speeds.sameDayPercent) : null,
          same_day_cutoff: speeds.cutoff,
        },
      },
    });
  }

  return (
    <div className="space-y-6">
      <section className="card space-y-3" aria-labelledby="counter-title">
        <h2 id="counter-title" className="text-lg font-semibold">
          Counter
        </h2>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0"
            checked={counter}
            onChange={(e) => setCounter(e.target.checked)}
          />
          <span>This branch takes walk-in orders over the counter</span>
        </label>
        <CounterSpeedFields speeds={speeds} onChange={(c) => setSpeeds((s) => ({ ...s, ...c }))} />
        <label className="block max-w-md">
          <span className="field-label">Card reader id (Stripe Terminal)</span>
          <input
            value={readerId}
            onChange={(e) => setReaderId(e.target.value)}
            placeholder="tmr_…"
            className="field-input py-2 font-mono"
          />
          <span className="text-sm text-slate-600">
            Empty: the counter takes no card. In test mode, tmr_simulated… is the simulated reader.
          </span>
        </label>
        <ReaderPairing branchId={branch.id} onPaired={setReaderId} />
      </section>

      <section className="card space-y-3" aria-labelledby="hours-title">
        <h2 id="hours-title" className="text-lg font-semibold">
          Opening hours
        </h2>
        <p className="text-sm text-slate-600">London time. The branch’s page shows these.</p>
        <div className="divide-y divide-slate-100">
          {week.map((d, i) => (
            <div key={i} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
              <label className="flex w-36 items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  className="h-5 w-5 shrink-0"
                  checked={d.open}
                  onChange={(e) => setDay(i, { open: e.target.checked })}
                />
                {WEEKDAY_NAMES[i]}
              </label>
              {d.open ? (
                <span className="flex items-center gap-2">
                  <input
                    type="time"
                    aria-label={`${WEEKDAY_NAMES[i]} opens`}
                    className={`${input} w-[8.25rem] sm:w-36`}
                    value={d.opensAt}
                    onChange={(e) => setDay(i, { opensAt: e.target.value })}
                  />
                  <span aria-hidden="true">to</span>
                  <input
                    type="time"
                    aria-label={`${WEEKDAY_NAMES[i]} closes`}
                    className={`${input} w-[8.25rem] sm:w-36`}
                    value={d.closesAt}
                    onChange={(e) => setDay(i, { closesAt: e.target.value })}
                  />
                </span>
              ) : (
                <span className="text-slate-500">Closed</span>
              )}
            </div>
          ))}
        </div>
      </section>

      <section className="card space-y-3" aria-labelledby="closures-title">
        <h2 id="closures-title" className="text-lg font-semibold">
          Bank holidays and closures
        </h2>
        {closures.length === 0 ? (
          <p className="text-sm text-slate-600">No closures planned.</p>
        ) : null}
        {closures.map((c, i) => (
          <div key={i} className="flex flex-wrap items-end gap-3">
            <input
              type="date"
              aria-label="Date"
              className={`${input} w-44`}
              value={c.day}
              onChange={(e) => setClosure(i, { day: e.target.value })}
            />
            <select
              aria-label="Kind"
              className={`${input} w-40`}
              value={c.kind}
              onChange={(e) =>
                setClosure(i, { kind: e.target.value as 'bank-holiday' | 'closure' })
              }
            >
              <option value="bank-holiday">Bank holiday</option>
              <option value="closure">Closure</option>
            </select>
            <input
              type="text"
              aria-label="Reason"
              placeholder="Reason, e.g. Christmas Day"
              className={`${input} min-w-48 flex-1`}
              value={c.reason}
              onChange={(e) => setClosure(i, { reason: e.target.value })}
            />
            <button
              type="button"
              className="btn-secondary min-h-11"
              onClick={() => setClosures((all) => all.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn-secondary min-h-11"
          onClick={() =>
            setClosures((all) => [...all, { day: '', kind: 'bank-holiday', reason: '' }])
          }
        >
          Add a closure
        </button>
      </section>

      <section className="card space-y-3" aria-labelledby="areas-title">
        <h2 id="areas-title" className="text-lg font-semibold">
          Areas served
        </h2>
        <label htmlFor="districts" className="field-label">
          Postcode districts whose collection orders this branch processes
        </label>
        <textarea
          id="districts"
          rows={3}
          className="field-input"
          value={districts}
          onChange={(e) => setDistricts(e.target.value)}
        />
        <p className="text-sm text-slate-600">
          Separated by commas, e.g. W9, W2. A district belongs to one branch: remove it from the
          other branch first.
        </p>
      </section>

      <section className="card space-y-3" aria-labelledby="staff-title">
        <h2 id="staff-title" className="text-lg font-semibold">
          Staff
        </h2>
        {staff.length === 0 ? (
          <p className="text-sm text-slate-600">No staff accounts yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {staff.map((s) => (
              <li key={s.id}>
                <label className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    className="h-5 w-5 shrink-0"
                    checked={members.has(s.id)}
                    onChange={(e) =>
                      setMembers((m) => {
                        const next = new Set(m);
                        if (e.target.checked) next.add(s.id);
                        else next.delete(s.id);
                        return next;
                      })
                    }
                  />
                  <span>
                    {s.name} <span className="text-sm text-slate-500">{s.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div>
        <button type="button" className="btn-primary min-h-11" disabled={busy} onClick={save}>
          Save {branch.name}
        </button>
        <ActionFeedback feedback={feedback} of={[routes.admin.saveBranchSettings]} />
      </div>
    </div>
  );
}

type SpeedFields = {
  turnaround: string;
  express: boolean;
  expressPercent: string;
  sameDay: boolean;
  sameDayPercent: string;
  cutoff: string;
};

function speedFields(offer: SpeedOffer): SpeedFields {
  return {
    turnaround: String(offer.turnaroundDays),
    express: offer.expressPercent !== null,
    expressPercent: String(offer.expressPercent ?? 50),
    sameDay: offer.sameDayPercent !== null,
    sameDayPercent: String(offer.sameDayPercent ?? 100),
    cutoff: offer.sameDayCutoff,
  };
}

/** The counter's standard turnaround, and express and same day with their surcharges. */
function CounterSpeedFields({
  speeds,
  onChange,
}: {
  speeds: SpeedFields;
  onChange: (change: Partial<SpeedFields>) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <label className="block">
        <span className="field-label">Standard turnaround (working days)</span>
        <input
          type="number"
          min={1}
          max={30}
          className={input}
          value={speeds.turnaround}
          onChange={(e) => onChange({ turnaround: e.target.value })}
        />
      </label>
      <div className="space-y-1">
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0"
            checked={speeds.express}
            onChange={(e) => onChange({ express: e.target.checked })}
          />
          Express (next working day)
        </label>
        <label className="block">
          <span className="field-label">Express surcharge (%)</span>
          <input
            type="number"
            min={0}
            max={200}
            disabled={!speeds.express}
            className={input}
            value={speeds.expressPercent}
            onChange={(e) => onChange({ expressPercent: e.target.value })}
          />
        </label>
      </div>
      <div className="space-y-1">
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0"
            checked={speeds.sameDay}
            onChange={(e) => onChange({ sameDay: e.target.checked })}
          />
          Same day (ready by closing)
        </label>
        <div className="grid grid-cols-2 gap-2">
          <label className="block">
            <span className="field-label">Surcharge (%)</span>
            <input
              type="number"
              min={0}
              max={300}
              disabled={!speeds.sameDay}
              className={input}
              value={speeds.sameDayPercent}
              onChange={(e) => onChange({ sameDayPercent: e.target.value })}
            />
          </label>
          <label className="block">
            <span className="field-label">Handed in by</span>
            <input
              type="time"
              disabled={!speeds.sameDay}
              className={input}
              value={speeds.cutoff}
              onChange={(e) => onChange({ cutoff: e.target.value })}
            />
          </label>
        </div>
      </div>
    </div>
  );
}
