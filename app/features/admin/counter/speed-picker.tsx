import {
  speedLabel,
  standardDays,
  surchargePence,
  type CounterSpeed,
  type SpeedOffer,
} from '@shared/counter-speed';
import { londonDateTime } from './london-time-input';
import { pounds, totalPence, type DraftLine } from './ticket-state';

/** The speeds a counter offers now, as the server worked them out (counter-setup.ts). */
export type SpeedChoices = {
  offer: SpeedOffer;
  readyByDays: Record<number, string | null>;
  speeds: {
    speed: CounterSpeed;
    label: string;
    percent: number;
    readyAt: string | null;
    refused: string | null;
  }[];
};

export type TicketTiming = {
  /** When the ticket is ready at the speed chosen (null: staff type it). */
  readyAt: string | null;
  surchargePence: number;
  percent: number;
  /** Why the speed cannot be had for these items now (null: it can). */
  blocked: string | null;
};

/**
 * A ticket's promise and surcharge at a speed (issue 32), from what the server worked out for
 * the branch: standard takes the branch's days or the slowest item's, express and same day are
 * refused for an item that takes longer (the server checks the same: shared/counter-speed.ts).
 */
export function ticketTiming(
  choices: SpeedChoices,
  lines: DraftLine[],
  speed: CounterSpeed,
): TicketTiming {
  const days = standardDays(
    choices.offer,
    lines.map((l) => l.item.turnaroundDays),
  );
  if (speed === 'standard') {
    return {
      readyAt: choices.readyByDays[days] ?? null,
      surchargePence: 0,
      percent: 0,
      blocked: null,
    };
  }
  const offered = choices.speeds.find((s) => s.speed === speed);
  const slow = lines.find((l) => (l.item.turnaroundDays ?? 0) > choices.offer.turnaroundDays);
  const blocked = !offered
    ? `${speedLabel[speed]} is not offered at this branch.`
    : slow
      ? `${slow.item.name} takes ${slow.item.turnaroundDays} working days.`
      : offered.refused;
  const percent = offered?.percent ?? 0;
  return {
    readyAt: offered?.readyAt ?? null,
    surchargePence: surchargePence(totalPence(lines), percent),
    percent,
    blocked,
  };
}

/**
 * Standard, express or same day, where the branch offers more than standard: each with its
 * surcharge and when it would be ready, those that cannot be had for these items now disabled
 * with the reason beside them.
 */
export function SpeedPicker({
  choices,
  lines,
  speed,
  onChange,
  errors,
}: {
  choices: SpeedChoices;
  lines: DraftLine[];
  speed: CounterSpeed;
  onChange: (speed: CounterSpeed) => void;
  errors: Record<string, string[]>;
}) {
  if (choices.speeds.length < 2) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">Speed</legend>
      <div className="grid grid-cols-3 gap-2">
        {choices.speeds.map((s) => {
          const timing = ticketTiming(choices, lines, s.speed);
          const chosen = speed === s.speed;
          return (
            <label
              key={s.speed}
              className={`flex cursor-pointer flex-col items-center rounded-lg border px-2 py-2 text-center text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${chosen ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white text-slate-800'}`}
            >
              <input
                type="radio"
                name="speed"
                value={s.speed}
                checked={chosen}
                disabled={timing.blocked !== null}
                onChange={() => onChange(s.speed)}
                className="sr-only"
              />
              <span className="font-semibold">
                {s.label}
                {s.percent > 0 ? ` +${s.percent} %` : ''}
              </span>
              <span className="text-xs">
                {timing.blocked ??
                  (timing.readyAt ? londonDateTime(timing.readyAt) : 'Enter the time')}
              </span>
              {timing.surchargePence > 0 ? (
                <span className="text-xs tabular-nums">+{pounds(timing.surchargePence)}</span>
              ) : null}
            </label>
          );
        })}
      </div>
      {errors.speed?.map((m) => (
        <p key={m} className="field-error">
          {m}
        </p>
      ))}
    </fieldset>
  );
}
