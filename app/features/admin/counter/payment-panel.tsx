import { pounds } from './ticket-state';
import { penceOf } from './ticket-state';

export type PaymentChoice = {
  kind: 'cash' | 'card' | 'at-collection';
  tendered: string;
  /** Part of the total taken now (decision 053); empty: all of it. */
  deposit: string;
};

/**
 * How the ticket is paid (issue 32): cash now, with the amount tendered and the change to
 * give worked out as it is typed (quick amounts for the usual notes), a card on the branch's
 * reader (decision 053), or at collection; cash or card may take a deposit, the rest due at
 * collection.
 */
export function PaymentPanel({
  totalPence,
  payment,
  errors,
  onChange,
}: {
  totalPence: number;
  payment: PaymentChoice;
  errors: Record<string, string[]>;
  onChange: (payment: PaymentChoice) => void;
}) {
  const tendered = penceOf(payment.tendered);
  const deposit = payment.deposit.trim() ? penceOf(payment.deposit) : null;
  const nowPence = deposit ?? totalPence;
  const change = tendered !== null ? tendered - nowPence : null;
  const notes = [500, 1000, 2000, 5000].filter((n) => n >= nowPence).slice(0, 3);
  const depositProblems = [
    ...(errors.deposit_pence ?? []),
    ...(errors['payment.deposit_pence'] ?? []),
  ];
  const problems = [...(errors.tendered_pence ?? []), ...(errors['payment.tendered_pence'] ?? [])];
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">Payment</legend>
      <div className="grid grid-cols-3 gap-2">
        {(
          [
            ['cash', 'Cash now'],
            ['card', 'Card'],
            ['at-collection', 'Pay at collection'],
          ] as const
        ).map(([kind, label]) => (
          <label
            key={kind}
            className={`flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${payment.kind === kind ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white text-slate-800'}`}
          >
            <input
              type="radio"
              name="payment"
              value={kind}
              checked={payment.kind === kind}
              onChange={() => onChange({ ...payment, kind })}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </div>
      {payment.kind !== 'at-collection' ? (
        <label className="block">
          <span className="field-label">Deposit now (£, optional: the rest at collection)</span>
          <input
            inputMode="decimal"
            value={payment.deposit}
            aria-invalid={depositProblems.length ? true : undefined}
            onChange={(e) => onChange({ ...payment, deposit: e.target.value })}
            placeholder={`All: ${pounds(totalPence)}`}
            className="field-input py-2 tabular-nums"
          />
          {depositProblems.map((p) => (
            <span key={p} className="field-error block">
              {p}
            </span>
          ))}
        </label>
      ) : null}
      {payment.kind === 'card' ? (
        <p className="text-sm text-slate-600">
          {pounds(nowPence)} goes to the card reader when the ticket is raised.
        </p>
      ) : payment.kind === 'cash' ? (
        <div className="space-y-2">
          <div className="flex items-end gap-2">
            <label className="flex-1">
              <span className="field-label">Cash tendered (£)</span>
              <input
                inputMode="decimal"
                value={payment.tendered}
                aria-invalid={problems.length ? true : undefined}
                onChange={(e) => onChange({ ...payment, tendered: e.target.value })}
                placeholder="0.00"
                className="field-input py-2 text-lg tabular-nums"
              />
            </label>
            <button
              type="button"
              className="rounded-md border border-slate-300 px-2.5 py-2.5 text-sm font-semibold hover:border-brand"
              onClick={() => onChange({ ...payment, tendered: (nowPence / 100).toFixed(2) })}
            >
              Exact
            </button>
            {notes.map((n) => (
              <button
                key={n}
                type="button"
                className="rounded-md border border-slate-300 px-2.5 py-2.5 text-sm font-semibold hover:border-brand"
                onClick={() => onChange({ ...payment, tendered: (n / 100).toFixed(2) })}
              >
                {pounds(n).replace('.00', '')}
              </button>
            ))}
          </div>
          {problems.map((p) => (
            <p key={p} className="field-error">
              {p}
            </p>
          ))}
          <p className="flex justify-between text-sm" aria-live="polite">
            <span className="text-slate-600">Change to give</span>
            <span
              data-testid="change-due"
              className={`font-bold tabular-nums ${change !== null && change < 0 ? 'text-red-700' : 'text-slate-900'}`}
            >
              {change === null ? '—' : change < 0 ? `${pounds(-change)} short` : pounds(change)}
            </span>
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {pounds(totalPence)} is paid when the customer collects.
        </p>
      )}
    </fieldset>
  );
}
