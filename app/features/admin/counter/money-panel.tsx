import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import { CardReader, type CardPayment } from './card-reader';
import { penceOf } from './ticket-state';
import type { CounterTicketView } from './ticket-summary';

/**
 * Money on a ticket's page (decision 053): what is due taken by card on the branch's reader
 * or from the customer's online account (credit, or the card they saved), before the
 * hand-over; and a cash refund from the till with a reason, at most what was paid in cash.
 */
export function MoneyPanel({
  ticket,
  onDone,
}: {
  ticket: CounterTicketView;
  onDone: (ticket: CounterTicketView, message: string) => void;
}) {
  const [card, setCard] = useState<CardPayment | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [refund, setRefund] = useState({ amount: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const due = ticket.due !== '0.00';
  const refundable = ticket.cash_refundable !== '0.00';

  if (card) {
    return (
      <CardReader
        payment={card}
        onSettled={(next, message) => {
          setCard(null);
          onDone(next, message);
        }}
        onClose={() => setCard(null)}
      />
    );
  }

  async function startCard() {
    setBusy(true);
    setProblem('');
    const reply = await call(routes.admin.counterCardStart, {
      params: { id: ticket.id },
      body: {},
    });
    setBusy(false);
    if (!reply.ok) return setProblem(reply.error.message);
    setCard(reply.data.card_payment);
  }

  async function fromAccount(source: 'credit' | 'saved-card') {
    setBusy(true);
    setProblem('');
    const reply = await call(routes.admin.counterAccountPayment, {
      params: { id: ticket.id },
      body: { source },
    });
    setBusy(false);
    if (!reply.ok) return setProblem(reply.error.message);
    onDone(reply.data.ticket, reply.data.message);
  }

  async function refundCash() {
    setErrors({});
    setProblem('');
    const pence = penceOf(refund.amount);
    if (pence === null) return setErrors({ pence: ['Enter the amount, e.g. 5.00.'] });
    setBusy(true);
    const reply = await call(routes.admin.counterCashRefund, {
      params: { id: ticket.id },
      body: { pence, reason: refund.reason },
    });
    setBusy(false);
    if (!reply.ok) {
      setErrors((reply.error.errors as Record<string, string[]>) ?? {});
      return setProblem(reply.error.message);
    }
    setRefund({ amount: '', reason: '' });
    onDone(reply.data.ticket, reply.data.message);
  }

  if (!due && !refundable) return null;
  return (
    <section aria-labelledby="money-heading" className="card space-y-3 p-4">
      <h2 id="money-heading" className="text-lg font-bold">
        Payment
      </h2>
      {due ? (
        <div className="space-y-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void startCard()}
            className="btn-primary w-full py-3"
          >
            Card on the reader · £{ticket.due}
          </button>
          {ticket.customer_account ? (
            <div className="grid grid-cols-2 gap-2">
              <button
                type="button"
                disabled={busy}
                onClick={() => void fromAccount('credit')}
                className="btn-secondary py-2"
              >
                Account credit
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => void fromAccount('saved-card')}
                className="btn-secondary py-2"
              >
                Saved card
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
      {refundable ? (
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer font-semibold">
            Cash refund (up to £{ticket.cash_refundable})
          </summary>
          <div className="mt-2 space-y-2">
            <label className="block">
              <span className="field-label">Amount (£)</span>
              <input
                inputMode="decimal"
                value={refund.amount}
                aria-invalid={errors.pence ? true : undefined}
                onChange={(e) => setRefund({ ...refund, amount: e.target.value })}
                className="field-input py-2 tabular-nums"
              />
              {errors.pence?.map((m) => (
                <span key={m} className="field-error block">
                  {m}
                </span>
              ))}
            </label>
            <label className="block">
              <span className="field-label">Reason</span>
              <input
                value={refund.reason}
                aria-invalid={errors.reason ? true : undefined}
                onChange={(e) => setRefund({ ...refund, reason: e.target.value })}
                placeholder="e.g. a button torn in cleaning"
                className="field-input py-2"
              />
              {errors.reason?.map((m) => (
                <span key={m} className="field-error block">
                  {m}
                </span>
              ))}
            </label>
            <button
              type="button"
              disabled={busy}
              onClick={() => void refundCash()}
              className="btn-secondary w-full py-2"
            >
              Refund cash from the till
            </button>
          </div>
        </details>
      ) : null}
    </section>
  );
}
