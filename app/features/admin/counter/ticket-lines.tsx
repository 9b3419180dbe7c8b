import type { DraftLine } from './ticket-state';
import { MAX_QUANTITY, pounds, unitPence } from './ticket-state';

/**
 * The ticket's lines (issue 32): quantity with − and +, the agreed price of a call-for-price
 * item, a note per item, the line's total. The server's field errors show beside their line.
 */
export function TicketLines({
  lines,
  errors,
  onChange,
}: {
  lines: DraftLine[];
  errors: Record<string, string[]>;
  onChange: (lines: DraftLine[]) => void;
}) {
  const set = (index: number, patch: Partial<DraftLine>) =>
    onChange(
      lines.map((l, i) => (i === index ? { ...l, ...patch } : l)).filter((l) => l.quantity > 0),
    );
  if (lines.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-sm text-slate-500">
        Tap items in the price list to add them.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Items on the ticket">
      {lines.map((line, index) => {
        const unit = unitPence(line);
        const problems = Object.entries(errors)
          .filter(([key]) => key.startsWith(`lines.${index}.`))
          .flatMap(([, m]) => m);
        return (
          <li key={line.item.id} className="py-2">
            <div className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{line.item.name}</span>
              <div className="flex items-center rounded-md border border-slate-300">
                <button
                  type="button"
                  aria-label={`One fewer ${line.item.name}`}
                  onClick={() => set(index, { quantity: line.quantity - 1 })}
                  className="h-9 w-9 text-lg font-bold text-slate-700 hover:bg-slate-100"
                >
                  −
                </button>
                <span
                  aria-label={`${line.item.name} quantity`}
                  className="w-7 text-center text-sm font-semibold tabular-nums"
                >
                  {line.quantity}
                </span>
                <button
                  type="button"
                  aria-label={`One more ${line.item.name}`}
                  disabled={line.quantity >= MAX_QUANTITY}
                  onClick={() => set(index, { quantity: line.quantity + 1 })}
                  className="h-9 w-9 text-lg font-bold text-slate-700 hover:bg-slate-100 disabled:opacity-40"
                >
                  +
                </button>
              </div>
              <span className="w-16 text-right text-sm font-semibold tabular-nums">
                {unit === null ? '—' : pounds(unit * line.quantity)}
              </span>
            </div>
            <div className="mt-1.5 flex gap-2">
              {line.item.pricePence === 0 ? (
                <label className="flex items-center gap-1 text-xs text-amber-800">
                  Price £
                  <input
                    inputMode="decimal"
                    aria-label={`${line.item.name} price`}
                    value={line.price}
                    onChange={(e) => set(index, { price: e.target.value })}
                    placeholder="0.00"
                    className="w-20 rounded border border-amber-300 px-2 py-1 text-sm"
                  />
                </label>
              ) : null}
              <input
                aria-label={`${line.item.name} note`}
                value={line.note}
                maxLength={200}
                onChange={(e) => set(index, { note: e.target.value })}
                placeholder="Note (stain, button missing…)"
                className="min-w-0 flex-1 rounded border border-slate-200 px-2 py-1 text-xs"
              />
            </div>
            {problems.map((p) => (
              <p key={p} className="field-error text-xs">
                {p}
              </p>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
