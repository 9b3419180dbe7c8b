import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import { penceOf, pounds } from './ticket-state';
import type { CounterTicketView } from './ticket-summary';

/**
 * The hand-over at the counter (issue 32, decision 050): which lines go (all by default), the
 * balance taken in cash with the change worked out as it is typed, or left unpaid with a
 * reason. The server decides: a ticket collected on another screen meanwhile answers 409.
 */
export function CollectPanel({
  ticket,
  onDone,
}: {
  ticket: CounterTicketView;
  onDone: (ticket: CounterTicketView, message: string) => void;
}) {
  // Garments only: an express or same-day surcharge goes with the last of them.
  const left = ticket.items.filter((i) => !i.handed_over && i.garment);
  const [chosen, setChosen] = useState<number[]>(left.map((i) => i.id));
  const duePence = penceOf(ticket.due) ?? 0;
  const [unpaid, setUnpaid] = useState(false);
  const [tendered, setTendered] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const cash = duePence > 0 && !unpaid;
  const tenderedPence = penceOf(tendered);
  const change = tenderedPence !== null ? tenderedPence - duePence : null;
  const notes = [500, 1000, 2000, 5000].filter((n) => n >= duePence).slice(0, 3);

  async function handOver() {
    setErrors({});
    setMessage('');
    if (cash && tenderedPence === null) {
      return setErrors({ tendered_pence: ['Enter the cash tendered, e.g. 20.00.'] });
    }
    setBusy(true);
    const reply = await call(routes.admin.counterCollect, {
      params: { id: ticket.id },
      body: {
        ...(chosen.length < left.length ? { line_ids: chosen } : {}),
        payment: cash ? { kind: 'cash', tendered_pence: tenderedPence ?? 0 } : { kind: 'none' },
        ...(reason.trim() ? { unpaid_reason: reason } : {}),
      },
    });
    setBusy(false);
    if (!reply.ok) {
      setErrors((reply.error.errors as Record<string, string[]>) ?? {});
      return setMessage(reply.error.message);
    }
    onDone(reply.data.ticket, reply.data.message);
  }

  const cashProblems = [
    ...(errors.tendered_pence ?? []),
    ...(errors['payment.tendered_pence'] ?? []),
  ];
  return (
    <section aria-labelledby="collect-heading" className="card space-y-3 p-4">
      <h2 id="collect-heading" className="text-lg font-bold">
        Hand over
      </h2>
      <fieldset className="space-y-1">
        <legend className="field-label">Items handed over</legend>
        {left.map((item) => (
          <label key={item.id} className="flex items-center gap-3 py-1">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={chosen.includes(item.id)}
              onChange={(e) =>
                setChosen(
                  e.target.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id),
                )
              }
            />
            <span>
              {item.quantity} × {item.name}
            </span>
          </label>
        ))}
      </fieldset>
      {duePence > 0 ? (
        <div className="space-y-2">
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={unpaid}
              onChange={(e) => setUnpaid(e.target.checked)}
            />
            <span>Hand over unpaid</span>
          </label>
          {cash ? (
            <>
              <div className="flex items-end gap-2">
                <label className="flex-1">
                  <span className="field-label">Cash tendered (£)</span>
                  <input
                    inputMode="decimal"
                    value={tendered}
                    aria-invalid={cashProblems.length ? true : undefined}
                    onChange={(e) => setTendered(e.target.value)}
                    placeholder="0.00"
                    className="field-input py-2 text-lg tabular-nums"
                  />
                </label>
                {notes.map((n) => (
                  <button
                    key={n}
                    type="button"
                    className="rounded-md border border-slate-300 px-2.5 py-2.5 text-sm font-semibold hover:border-brand"
                    onClick={() => setTendered((n / 100).toFixed(2))}
                  >
                    {pounds(n).replace('.00', '')}
                  </button>
                ))}
              </div>
              {cashProblems.map((p) => (
                <p key={p} className="field-error">
                  {p}
                </p>
              ))}
              <p className="flex justify-between text-lg" aria-live="polite">
                <span className="text-slate-700">Change to give</span>
                <span
                  data-testid="collect-change"
                  className={`font-bold tabular-nums ${change !== null && change < 0 ? 'text-red-700' : 'text-slate-900'}`}
                >
                  {change === null ? '—' : change < 0 ? `${pounds(-change)} short` : pounds(change)}
                </span>
              </p>
            </>
          ) : (
            <label className="block">
              <span className="field-label">Why it goes unpaid</span>
              <input
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={errors.unpaid_reason ? true : undefined}
                className="field-input py-2"
              />
              {errors.unpaid_reason?.map((m) => (
                <span key={m} className="field-error block">
                  {m}
                </span>
              ))}
            </label>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-700">Paid: nothing to take.</p>
      )}
      {message ? (
        <p role="alert" className="field-error">
          {message}
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy || chosen.length === 0}
        onClick={() => void handOver()}
        className="btn-primary w-full"
      >
        {busy
          ? 'Handing over…'
          : `Hand over ${chosen.length} of ${left.length}${cash ? ` · take ${pounds(duePence)}` : ''}`}
      </button>
    </section>
  );
}
