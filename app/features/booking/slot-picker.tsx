import { memo, useEffect, useMemo, useRef, useState } from 'react';
import {
  dayOfChoice,
  EXPRESS_START,
  openDayRules,
  pickerDays,
  type PickerDay,
  type PickerSlot,
} from '@shared/slot-picker';

/*
 * The slot picker for phones (issue 18, decision 035), made of native radio inputs (issue 31,
 * decision 048): the days as chips that scroll sideways, then the chosen day's windows; a full
 * window stays, greyed, as "Full"; the soonest window with a place says "Soonest". The windows
 * are the form's field (`name`), so a tap before the page hydrates, or without JavaScript,
 * chooses a window and the form posts it. Every day's windows are in the HTML; a style rule per
 * day (`openDayRules`) shows those of the day whose radio is checked. The day radios belong to
 * no form (`form` names none), so they are never posted. After hydration React keeps the same
 * inputs, controlled, and takes over what was checked before it. The rules are
 * shared/slot-picker.ts.
 */

export type SlotPickerProps = {
  /** Names the picker's parts: its day radios (`${id}-day`), its style rules, its message. */
  id: string;
  /** The form field the chosen window is posted as. */
  name: string;
  label: string;
  slots: readonly PickerSlot[] | null;
  value: string;
  /** Stable across renders, so a day's windows re-render only when their own choice changes. */
  onChange: (value: string) => void;
  /** Shown while there are no slots (loading, or a collection to choose first). */
  placeholder: string;
  error?: string;
  /**
   * Same-day delivery, booked by phone: a chip of its own before the days, posted as `express`
   * (offered when not null; true when chosen).
   */
  express?: boolean | null;
  /** Today's London date as the page's loader saw it: the server and the browser name days alike. */
  today: string;
  /** The browser asks for a window before posting (a form that validates natively). */
  required?: boolean;
  /**
   * Posts the field empty when no window is checked (the first of the field's values is the
   * chosen one): the server then knows the choice was offered (the booking form's delivery).
   */
  postEmpty?: boolean;
};

/** The id of no form on any page: the day radios, which only open a day, are never posted. */
const NOT_POSTED = 'slot-day-not-posted';

export function SlotPicker({
  id,
  name,
  label,
  slots,
  value,
  onChange,
  placeholder,
  error,
  express,
  today,
  required,
  postEmpty,
}: SlotPickerProps) {
  const days = useMemo(() => pickerDays(slots ?? [], today), [slots, today]);
  const rules = useMemo(() => openDayRules(id, days), [id, days]);
  const [openDay, setOpenDay] = useState('');
  const day = days.find((d) => d.date === (openDay || dayOfChoice(days, value))) ?? days[0];
  const expressChosen = Boolean(express);
  // The groups' names never contain the label itself ("Collection slot": "Collection day").
  const short = label.replace(/ \w+$/, '');
  const dayField = `${id}-day`;

  // What was tapped before hydration is in the inputs (React keeps their checked state as it
  // hydrates): the state takes it over, once.
  const root = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const checked = (field: string) =>
      root.current?.querySelector<HTMLInputElement>(`[name="${field}"]:checked`)?.value;
    const dayTapped = checked(dayField);
    if (dayTapped) setOpenDay(dayTapped);
    const windowTapped = checked(name);
    if (windowTapped && windowTapped !== value) onChange(windowTapped);
    // Once, at hydration: later the inputs follow the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <fieldset
      ref={root}
      className="min-w-0"
      id={id}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field-label">{label}</legend>
      {days.length === 0 && express == null ? (
        <p className="slot-placeholder">{placeholder}</p>
      ) : (
        <>
          {postEmpty ? <input type="hidden" name={name} value="" /> : null}
          <style>{rules}</style>
          <div className="slot-days" role="group" aria-label={`${short} day`}>
            {express != null ? (
              <label className="slot-chip slot-express">
                <input
                  type="radio"
                  className="sr-only"
                  name={name}
                  value={EXPRESS_START}
                  checked={expressChosen}
                  onChange={() => onChange(EXPRESS_START)}
                />
                <span>Same day</span>
                <span className="slot-note">call us</span>
              </label>
            ) : null}
            {days.map((d) => (
              <label key={d.date} className="slot-chip">
                <input
                  type="radio"
                  className="sr-only"
                  name={dayField}
                  form={NOT_POSTED}
                  value={d.date}
                  // A full day is shown, readable, but cannot be opened.
                  disabled={d.full}
                  checked={!expressChosen && d.date === day?.date}
                  onChange={() => {
                    setOpenDay(d.date);
                    // Opening a day leaves same day: its windows are the choice again.
                    if (expressChosen) onChange('');
                  }}
                />
                <span>{d.label}</span>
                <span className="slot-note">
                  {d.full ? 'Full' : `${d.windows.filter((w) => !w.full).length} free`}
                </span>
              </label>
            ))}
          </div>
          {days.map((d) => (
            <DayWindows
              key={d.date}
              day={d}
              name={name}
              short={short}
              chosen={d.date === value.slice(0, 10) ? value : ''}
              required={required}
              onPick={onChange}
            />
          ))}
        </>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One day's windows: hidden by the stylesheet unless their day's radio is checked. */
const DayWindows = memo(function DayWindows({
  day,
  name,
  short,
  chosen,
  required,
  onPick,
}: {
  day: PickerDay;
  name: string;
  short: string;
  chosen: string;
  required?: boolean;
  /** The same across renders (a state setter or a stable callback): the windows are memoised. */
  onPick: (value: string) => void;
}) {
  return (
    <div
      className="slot-windows"
      data-day={day.date}
      role="group"
      aria-label={`${short} windows, ${day.label}`}
    >
      {day.windows.map((w) => (
        <label key={w.value} className={w.full ? 'slot-window slot-full' : 'slot-window'}>
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={w.value}
            checked={w.value === chosen}
            disabled={w.full}
            required={required}
            onChange={() => onPick(w.value)}
          />
          {/* The name read out is the visible text with the day before it. */}
          <span className="sr-only">{day.label}, </span>
          <span className={w.full ? 'line-through' : undefined}>{w.label}</span>
          {w.full ? (
            // Under the time, not beside it: a phone's three columns have no room.
            <span className="slot-full-note">
              <span className="sr-only"> </span>Full
            </span>
          ) : null}
          {w.soonest ? (
            <span className="slot-soonest">
              <span className="sr-only"> </span>Soonest
            </span>
          ) : null}
        </label>
      ))}
    </div>
  );
});
