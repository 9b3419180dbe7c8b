import { useMemo, useState } from 'react';
import { dayOfChoice, EXPRESS_START, pickerDays, type PickerSlot } from '@shared/slot-picker';

/*
 * The slot picker for phones (issue 18, decision 035): the days as chips that scroll
 * sideways, then the chosen day's windows as buttons; a full window stays, greyed, as "Full";
 * the soonest window with a place says "Soonest". It enhances the native select (the form's
 * no-JavaScript fallback, rendered until the page hydrates) and posts the same value through
 * a hidden input. The rules are shared/slot-picker.ts.
 */

export type SlotPickerProps = {
  id: string;
  /** The form field the choice is posted as, when no select beside it posts it. */
  name?: string;
  label: string;
  slots: readonly PickerSlot[] | null;
  value: string;
  onChange: (value: string) => void;
  /** Shown while there are no slots (loading, or a collection to choose first). */
  placeholder: string;
  error?: string;
  /** Same-day delivery, booked by phone: a chip of its own before the days. */
  express?: { chosen: boolean; onChoose: () => void } | null;
};

const chip =
  'flex min-h-11 shrink-0 snap-start flex-col items-center justify-center rounded-full border px-4 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

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
}: SlotPickerProps) {
  const days = useMemo(() => pickerDays(slots ?? [], new Date()), [slots]);
  const [openDay, setOpenDay] = useState('');
  const day = days.find((d) => d.date === (openDay || dayOfChoice(days, value))) ?? days[0];
  const expressChosen = Boolean(express?.chosen);
  // The groups' names never contain the label itself: it names the form's select.
  const short = label.replace(/ (slot|window)$/i, '');
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{label}</legend>
      {name ? <input type="hidden" name={name} value={expressChosen ? 'express' : value} /> : null}
      {days.length === 0 && !express ? (
        <p className="mt-1 rounded-md border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-500">
          {placeholder}
        </p>
      ) : (
        <>
          <div
            className="-mx-1 mt-1 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-2"
            role="group"
            aria-label={`${short} day`}
          >
            {express ? (
              <button
                type="button"
                className={`${chip} ${expressChosen ? 'border-brand bg-brand text-white' : 'border-brand/40 bg-brand/5 text-brand'}`}
                aria-pressed={expressChosen}
                onClick={express.onChoose}
              >
                <span>Same day</span>
                <span className="text-xs font-medium opacity-80">call us</span>
              </button>
            ) : null}
            {days.map((d) => {
              const open = !expressChosen && d.date === day?.date;
              return (
                <button
                  key={d.date}
                  type="button"
                  className={`${chip} ${
                    open
                      ? 'border-brand bg-brand text-white'
                      : d.full
                        ? // Still a button (it opens the day's full windows): readable grey.
                          'border-slate-200 bg-slate-50 text-slate-600'
                        : 'border-slate-300 bg-white text-slate-800 hover:border-brand'
                  }`}
                  aria-pressed={open}
                  onClick={() => {
                    setOpenDay(d.date);
                    if (expressChosen) onChange('');
                  }}
                >
                  <span>{d.label}</span>
                  <span className={`text-xs font-medium ${open ? 'opacity-90' : ''}`}>
                    {d.full ? 'Full' : `${d.windows.filter((w) => !w.full).length} free`}
                  </span>
                </button>
              );
            })}
          </div>
          {day && !expressChosen ? (
            <div
              className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4"
              role="group"
              aria-label={`${short} windows, ${day.label}`}
            >
              {day.windows.map((w) => {
                const chosen = w.value === value;
                return (
                  <button
                    key={w.value}
                    type="button"
                    disabled={w.full}
                    aria-pressed={chosen}
                    className={`relative flex min-h-11 items-center justify-center rounded-md border px-0.5 ${w.full ? 'flex-col leading-tight' : ''} text-[13px] font-medium tracking-tight whitespace-nowrap tabular-nums sm:text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                      w.full
                        ? 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-400'
                        : chosen
                          ? 'border-brand bg-brand text-white'
                          : 'border-slate-300 bg-white text-slate-800 hover:border-brand'
                    }`}
                    onClick={() => onChange(w.value)}
                  >
                    {/* The name read out is the visible text with the day before it. */}
                    <span className="sr-only">{day.label}, </span>
                    <span className={w.full ? 'line-through' : undefined}>{w.label}</span>
                    {w.full ? (
                      // Under the time, not beside it: a phone's three columns have no room.
                      <span className="text-[11px] font-semibold tracking-wide uppercase">
                        <span className="sr-only"> </span>Full
                      </span>
                    ) : null}
                    {w.soonest ? (
                      <span
                        className={`absolute -top-2 right-1.5 rounded-full px-1.5 py-px text-[10px] font-bold tracking-wide uppercase ${
                          chosen ? 'bg-white text-brand' : 'bg-emerald-700 text-white'
                        }`}
                      >
                        <span className="sr-only"> </span>Soonest
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </div>
          ) : null}
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

/**
 * The home form's two pickers, collection then delivery (a chunk of their own, loaded once
 * the form has hydrated): the delivery's days come after the turnaround (the server's list),
 * with same day first, booked by phone.
 */
export function BookingSlotPickers(props: {
  pickups: readonly PickerSlot[] | null;
  pickup: string;
  onPickup: (value: string) => void;
  deliveries: readonly PickerSlot[] | null;
  delivery: string;
  express: boolean;
  onDelivery: (value: string) => void;
  errors: { pickup?: string; delivery?: string };
}) {
  return (
    <div className="mt-4 grid gap-5">
      <SlotPicker
        id="pickup-picker"
        label="Collection slot"
        value={props.pickup}
        placeholder={props.pickups === null ? 'Loading slots…' : 'No collection slots free'}
        slots={props.pickups}
        error={props.errors.pickup}
        onChange={props.onPickup}
      />
      <SlotPicker
        id="delivery-picker"
        label="Delivery slot"
        value={props.delivery}
        placeholder={
          !props.pickup
            ? 'Choose a collection first'
            : props.deliveries === null
              ? 'Loading slots…'
              : 'Choose a delivery'
        }
        slots={props.pickup ? props.deliveries : null}
        error={props.errors.delivery}
        onChange={props.onDelivery}
        express={
          props.pickup && props.deliveries?.some((s) => s.slot_start === EXPRESS_START)
            ? { chosen: props.express, onChoose: () => props.onDelivery(EXPRESS_START) }
            : null
        }
      />
    </div>
  );
}
