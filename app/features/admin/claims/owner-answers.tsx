import { useState } from 'react';
import { routes } from '@shared/api/routes';
import type { ClaimView } from '~/server/claims.server';
import { ActionFeedback, FeedbackBanner, useAdminAction } from '../ui';

/*
 * The owner's other answers on a claim's page (decision 063): to an offer above the threshold,
 * change its amount or decline the claim, each with a reason the customer reads; and to a
 * refund no provider answered for 20 hours, what the provider's dashboard shows (each part's
 * refund reference, or not made). Through the admin API, owner only.
 */

export function SignOffAnswer({ claim, isOwner }: { claim: ClaimView; isOwner: boolean }) {
  const { run, busy, feedback } = useAdminAction();
  const [answer, setAnswer] = useState<'amend' | 'decline'>('amend');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  if (claim.status !== 'sign-off' || !isOwner) return <FeedbackBanner feedback={feedback} />;
  return (
    <form
      className="card space-y-3"
      aria-labelledby="sign-off-answer-title"
      onSubmit={(event) => {
        event.preventDefault();
        void run(routes.adminClaims.answerSignOff, {
          params: { id: claim.id },
          body: answer === 'amend' ? { answer, amount, reason } : { answer, reason },
        });
      }}
    >
      <h2 id="sign-off-answer-title" className="text-lg font-semibold">
        Or change the offer, or decline the claim
      </h2>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="field-label">Your answer</legend>
        {(['amend', 'decline'] as const).map((a) => (
          <label key={a} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="sign-off-answer"
              checked={answer === a}
              onChange={() => setAnswer(a)}
            />
            {a === 'amend' ? 'Make another offer' : 'Decline the claim'}
          </label>
        ))}
      </fieldset>
      {answer === 'amend' ? (
        <div>
          <label htmlFor="amend-amount" className="field-label">
            The offer (£)
          </label>
          <input
            id="amend-amount"
            className="field-input max-w-40"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
      ) : null}
      <div>
        <label htmlFor="sign-off-answer-reason" className="field-label">
          Why (told to the customer)
        </label>
        <textarea
          id="sign-off-answer-reason"
          className="field-input"
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <button type="submit" className="btn-secondary min-h-11" disabled={busy}>
        {answer === 'amend' ? 'Send this offer instead' : 'Decline the claim'}
      </button>
      <ActionFeedback feedback={feedback} of={[routes.adminClaims.answerSignOff]} />
    </form>
  );
}

export function PaymentCheck({ claim, isOwner }: { claim: ClaimView; isOwner: boolean }) {
  const { run, busy, feedback } = useAdminAction();
  const unanswered = (claim.payment?.refund_parts ?? []).filter((p) => p.outcome === null);
  const [refs, setRefs] = useState<string[]>(() => unanswered.map(() => ''));
  if (claim.payment?.status !== 'needs-attention') return <FeedbackBanner feedback={feedback} />;
  const check = (body: { found: 'refunded'; refund_refs: string[] } | { found: 'not-refunded' }) =>
    void run(routes.adminClaims.checkPayment, { params: { id: claim.id }, body });
  return (
    <section className="card space-y-3 border-red-300 bg-red-50" aria-labelledby="check-title">
      <h2 id="check-title" className="text-lg font-semibold">
        The refund was not answered for 20 hours
      </h2>
      <p className="text-sm text-slate-700">
        We stopped asking the card or PayPal, so as never to refund twice. Look the refund up in the
        provider’s dashboard and say what it shows.
      </p>
      {isOwner ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            check({ found: 'refunded', refund_refs: refs });
          }}
        >
          {unanswered.map((part, i) => (
            <div key={i}>
              <label htmlFor={`refund-ref-${i}`} className="field-label">
                {`Reference of the £${part.amount} refund`}
              </label>
              <input
                id={`refund-ref-${i}`}
                className="field-input max-w-80"
                value={refs[i] ?? ''}
                onChange={(e) =>
                  setRefs((now) => now.map((r, j) => (j === i ? e.target.value : r)))
                }
              />
            </div>
          ))}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary min-h-11" disabled={busy}>
              It was refunded
            </button>
            <button
              type="button"
              className="btn-secondary min-h-11"
              disabled={busy}
              onClick={() => check({ found: 'not-refunded' })}
            >
              It was not refunded
            </button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-700">Waiting for the owner to check it.</p>
      )}
      <ActionFeedback feedback={feedback} of={[routes.adminClaims.checkPayment]} />
    </section>
  );
}
