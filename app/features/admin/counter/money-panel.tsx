import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import { CardReader, type CardPayment } from './card-reader';
import { penceOf } from './ticket-state';
import type { CounterTicketView } from './ticket-summary';
import { useCounterCall } from './use-counter-call';

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
  const { busy, problem, setProblem, attempt } = useCounterCall();
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
    const data = await attempt(() =>
      call(routes.admin.counterCardStart, { params: { id: ticket.id }, body: {} }),
    );
    if (data) setCard(data.card_payment);
  }

  async function fromAccount(source: 'credit' | 'saved-card') {
    const data = await attempt(() =>
      call(routes.admin.counterAccountPayment, { params: { id: ticket.id }, body: { source } }),
    );
    if (data) onDone(data.ticket, data.message);
  }

  async function refundCash() {
    setErrors({});
    setProblem('');
    const pence = penceOf(refund.amount);
    if (pence === null) return setErrors({ pence: ['Enter the amount, e.g. 5.00.'] });
    const data = await attempt(
      () =>
        call(routes.admin.counterCashRefund, {
          params: { id: ticket.id },
          body: { pence, reason: refund.reason },
        }),
      (failure) => setErrors((failure.error.errors as Record<string, string[]>) ?? {}),
    );
    if (!data) return;
    setRefund({ amount: '', reason: '' });
    onDone(data.ticket, data.message);
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
