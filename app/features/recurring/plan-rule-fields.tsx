import { frequencyLabels, recurringFrequencyList } from '@shared/recurring';
import { SelectField } from '~/components/form';

/*
 * The rule of a repeat collection as form fields (issue 18, docs/decisions/036): how often,
 * the day, the collection window and the delivery window. One home for the set-up form and
 * the change form, which differ only in their ids, their defaults and the windows they list.
 */

export type SetupOptions = {
  addresses: { id: string; label: string }[];
  weekdays: { weekday: number; name: string; windows: string[] }[];
  deliveryStarts: string[];
};

type FieldLink = { id: string; label: string };
export type RuleLinks = Record<
  'frequency' | 'weekday' | 'window_start' | 'delivery_start',
  FieldLink
>;

/** A one-hour window by its start: "09:00 - 10:00". */
export function hourWindow(start: string): string {
  const [h, m] = start.split(':').map(Number);
  return `${start} - ${String((h! + 1) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export function PlanRuleFields({
  links,
  options,
  windows,
  weekday,
  onWeekday,
  error,
  defaults,
  windowKey,
}: {
  links: RuleLinks;
  options: SetupOptions;
  /** The collection windows listed: the chosen day's, or every day's before hydration. */
  windows: string[];
  weekday: number;
  onWeekday: (weekday: number) => void;
  error: (name: string) => string | undefined;
  defaults: { frequency: string; window?: string; delivery?: string };
  /** Remounts the window select (its default) when the list changes. */
  windowKey: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id={links.frequency.id}
        label={links.frequency.label}
        name="frequency"
        error={error('frequency')}
        defaultValue={defaults.frequency}
      >
        {recurringFrequencyList.map((f) => (
          <option key={f} value={f}>
            {frequencyLabels[f]}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={links.weekday.id}
        label={links.weekday.label}
        name="weekday"
        error={error('weekday')}
        value={weekday}
        onChange={(e) => onWeekday(Number(e.target.value))}
      >
        {options.weekdays.map((d) => (
          <option key={d.weekday} value={d.weekday}>
            {d.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={links.window_start.id}
        label={links.window_start.label}
        name="window_start"
        error={error('window_start')}
        defaultValue={
          defaults.window && windows.includes(defaults.window) ? defaults.window : windows[0]
        }
        key={windowKey}
      >
        {windows.map((w) => (
          <option key={w} value={w}>
            {hourWindow(w)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={links.delivery_start.id}
        label={links.delivery_start.label}
        name="delivery_start"
        error={error('delivery_start')}
        hint="On the first day after cleaning (at least a day later)."
        defaultValue={
          defaults.delivery && options.deliveryStarts.includes(defaults.delivery)
            ? defaults.delivery
            : options.deliveryStarts[0]
        }
      >
        {options.deliveryStarts.map((w) => (
          <option key={w} value={w}>
            {hourWindow(w)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
