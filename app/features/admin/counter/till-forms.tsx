import { useState } from 'react';
import { formatPence, parsePounds } from '@shared/money';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import type { TillDayView } from './z-report';

/*
 * The till's three writes (issue 32, decision 051): open the day with a float, cash paid in or
 * out with a reason, and the close with the cash counted, the cash expected and the difference
 * shown as it is typed, before staff confirm. Amounts typed in pounds, sent in pence.
 */

type Done = (day: TillDayView, message: string) => void;

function useWrite() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return { error, setError, busy, setBusy };
}

function firstError(reply: { error: { message: string; errors?: unknown } }) {
  const errors = reply.error.errors as Record<string, string[]> | undefined;
  return Object.values(errors ?? {})[0]?.[0] ?? reply.error.message;
}

function Problem({ error }: { error: string }) {
  return error ? (
    <p role="alert" className="field-error">
      {error}
    </p>
  ) : null;
}

export function OpenTillForm({ onDone }: { onDone: Done }) {
  const [float, setFloat] = useState('');
  const w = useWrite();
  async function open() {
    const pence = parsePounds(float);
    if (pence === null) return w.setError('Enter the float in pounds, e.g. 100.00.');
    w.setBusy(true);
    const reply = await call(routes.admin.tillOpen, { body: { float_pence: pence } });
    w.setBusy(false);
    if (!reply.ok) return w.setError(firstError(reply));
    onDone(reply.data.day, reply.data.message);
  }
  return (
    <form
      className="card space-y-2 p-4"
      aria-labelledby="open-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void open();
      }}
    >
      <h2 id="open-heading" className="text-lg font-bold">
        Open the day
      </h2>
      <label className="block">
        <span className="field-label">Opening float (£)</span>
        <input
          value={float}
          onChange={(e) => setFloat(e.target.value)}
          inputMode="decimal"
          className="field-input py-2 text-lg"
        />
      </label>
      <Problem error={w.error} />
      <button type="submit" disabled={w.busy} className="btn-primary w-full">
        {w.busy ? 'Opening…' : 'Open the till'}
      </button>
    </form>
  );
}

export function TillCashForm({ day, onDone }: { day: TillDayView; onDone: Done }) {
  const [kind, setKind] = useState<'paid-in' | 'paid-out'>('paid-in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const w = useWrite();
  async function save() {
    const pence = parsePounds(amount);
    if (pence === null || pence === 0) return w.setError('Enter an amount in pounds.');
    w.setBusy(true);
    const reply = await call(routes.admin.tillCash, {
      params: { id: day.id },
      body: { kind, pence, reason },
    });
    w.setBusy(false);
    if (!reply.ok) return w.setError(firstError(reply));
    setAmount('');
    setReason('');
    w.setError('');
    onDone(reply.data.day, reply.data.message);
  }
  return (
    <form
      className="card space-y-2 p-4"
      aria-labelledby="cash-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="cash-heading" className="text-lg font-bold">
        Cash paid in or out
      </h2>
      <fieldset className="flex gap-4">
        <legend className="sr-only">Paid in or out</legend>
        {(['paid-in', 'paid-out'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input
              type="radio"
              name="till-cash-kind"
              checked={kind === k}
              onChange={() => setKind(k)}
            />
            {k === 'paid-in' ? 'Paid in' : 'Paid out'}
          </label>
        ))}
      </fieldset>
      <label className="block">
        <span className="field-label">Amount (£)</span>
        <input
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          inputMode="decimal"
          className="field-input py-2"
        />
      </label>
      <label className="block">
        <span className="field-label">Reason</span>
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          className="field-input py-2"
        />
      </label>
      <Problem error={w.error} />
      <button type="submit" disabled={w.busy} className="btn-secondary w-full">
        {w.busy ? 'Saving…' : 'Record cash'}
      </button>
    </form>
  );
}

export function CloseTillForm({ day, onDone }: { day: TillDayView; onDone: Done }) {
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const w = useWrite();
  const countedPence = parsePounds(counted);
  const expectedPence = Math.round(Number(day.expected_cash) * 100);
  const difference = countedPence === null ? null : countedPence - expectedPence;
  async function close() {
    if (countedPence === null) return w.setError('Enter the cash counted in pounds.');
    w.setBusy(true);
    const reply = await call(routes.admin.tillClose, {
      params: { id: day.id },
      body: { counted_pence: countedPence, note },
    });
    w.setBusy(false);
    if (!reply.ok) return w.setError(firstError(reply));
    onDone(reply.data.day, reply.data.message);
  }
  return (
    <form
      className="card space-y-2 p-4"
      aria-labelledby="close-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void close();
      }}
    >
      <h2 id="close-heading" className="text-lg font-bold">
        Close the day
      </h2>
      <p>
        Cash expected: <strong data-testid="close-expected">£{day.expected_cash}</strong>
      </p>
      <label className="block">
        <span className="field-label">Cash counted (£)</span>
        <input
          value={counted}
          onChange={(e) => setCounted(e.target.value)}
          inputMode="decimal"
          className="field-input py-2 text-lg"
        />
      </label>
      <p aria-live="polite">
        Difference:{' '}
        <strong data-testid="close-difference">
          {difference === null
            ? '–'
            : `${difference < 0 ? '-' : ''}£${formatPence(Math.abs(difference))}${difference < 0 ? ' short' : difference > 0 ? ' over' : ''}`}
        </strong>
      </p>
      <label className="block">
        <span className="field-label">Note</span>
        <textarea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
          rows={2}
          className="field-input py-2"
        />
      </label>
      <Problem error={w.error} />
      <button
        type="submit"
        disabled={w.busy || countedPence === null}
        className="btn-primary w-full"
      >
        {w.busy ? 'Closing…' : 'Confirm the count and close the day'}
      </button>
    </form>
  );
}
