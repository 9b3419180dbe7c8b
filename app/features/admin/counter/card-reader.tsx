import { useEffect, useRef, useState } from 'react';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import type { CounterTicketView } from './ticket-summary';
import { useCounterCall } from './use-counter-call';

export type CardPayment = {
  id: number;
  ticket_id: string;
  amount: string;
  status: 'waiting' | 'succeeded' | 'failed' | 'canceled';
  message: string;
  reader_id: string;
  card: string | null;
  simulated: boolean;
};

/** How often the screen reads the reader back while it waits (the webhook settles it too). */
const POLL_MS = 1500;

/**
 * A card on the counter's reader (decision 053): "Waiting for the card on the reader…" while
 * the customer taps, polled until the provider says paid or declined; Cancel stops the
 * reader. In TEST MODE (or with a Stripe test key) two buttons present Stripe's test cards.
 */
export function CardReader({
  payment,
  onSettled,
  onClose,
}: {
  payment: CardPayment;
  /** Paid: the ticket as it now is. */
  onSettled: (ticket: CounterTicketView, message: string) => void;
  /** Declined or cancelled, and staff chose to do something else. */
  onClose: () => void;
}) {
  const [card, setCard] = useState(payment);
  const [ticket, setTicket] = useState<CounterTicketView | null>(null);
  const { busy, problem, attempt } = useCounterCall();
  const waiting = card.status === 'waiting';
  const told = useRef(false);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      void call(routes.admin.counterCardPayment, { params: { id: card.id } }).then((reply) => {
        if (reply.ok) {
          setCard(reply.data.card_payment);
          setTicket(reply.data.ticket);
        }
      });
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, card.id]);

  useEffect(() => {
    if (card.status !== 'succeeded' || !ticket || told.current) return;
    told.current = true;
    onSettled(ticket, card.message);
  }, [card, ticket, onSettled]);

  async function act(kind: 'cancel' | 'approved' | 'declined' | 'retry') {
    const data = await attempt(() =>
      kind === 'cancel'
        ? call(routes.admin.counterCardCancel, { params: { id: card.id } })
        : kind === 'retry'
          ? call(routes.admin.counterCardStart, { params: { id: card.ticket_id }, body: {} })
          : call(routes.admin.counterCardSimulate, {
              params: { id: card.id },
              body: { outcome: kind },
            }),
    );
    if (!data) return;
    setCard(data.card_payment);
    setTicket(data.ticket);
  }

  return (
    <section
      aria-labelledby="card-reader-heading"
      className="card mx-auto max-w-xl space-y-4 p-6 text-center"
      data-testid="card-reader"
    >
      <h2 id="card-reader-heading" className="text-sm font-semibold text-slate-500 uppercase">
        Card on the reader · £{card.amount}
      </h2>
      <div aria-live="polite">
        {waiting ? (
          <p className="flex items-center justify-center gap-3 text-2xl font-bold">
            <span
              aria-hidden="true"
              className="inline-block size-6 animate-spin rounded-full border-4 border-brand border-t-transparent"
            />
            Waiting for the card on the reader…
          </p>
        ) : (
          <p
            role={card.status === 'succeeded' ? 'status' : 'alert'}
            className={`rounded-lg px-4 py-3 text-xl font-bold ${card.status === 'succeeded' ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800'}`}
          >
            {card.message}
          </p>
        )}
      </div>
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
      {waiting ? (
        <div className="space-y-3">
          <p className="text-slate-600">Ask the customer to tap, insert or swipe their card.</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void act('cancel')}
            className="btn-secondary w-full py-3"
          >
            Cancel
          </button>
          {card.simulated ? (
            <div className="rounded-lg border border-dashed border-amber-400 bg-amber-50 p-3">
              <p className="mb-2 text-xs font-bold tracking-wide text-amber-800 uppercase">
                Test mode: simulated reader
              </p>
              <div className="grid grid-cols-2 gap-2">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void act('approved')}
                  className="btn-primary py-2"
                >
                  Tap approved card
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void act('declined')}
                  className="btn-secondary py-2"
                >
                  Tap declined card
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : card.status !== 'succeeded' ? (
        <div className="grid grid-cols-2 gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void act('retry')}
            className="btn-primary py-3"
          >
            Try the card again
          </button>
          <button type="button" onClick={onClose} className="btn-secondary py-3">
            Close
          </button>
        </div>
      ) : null}
    </section>
  );
}
