import { useState, type ReactNode } from 'react';
import { routes } from '@shared/api/routes';
import type { ClaimView } from '~/server/claims.server';
import { ActionFeedback, FeedbackBanner, useAdminAction } from '../ui';

/*
 * The owner's answers on a claim's page (decision 063): to a dispute, raise the offer or decline
 * it; to an offer above the threshold, change its amount or decline the claim, each with a
 * reason the customer reads; and to a
 * refund no provider answered for 20 hours, what the provider's dashboard shows (each part's
 * refund reference, or not made). Through the admin API, owner only.
 */

/**
 * An answer of the owner's: one of two choices, the first with an amount, and the reason the
 * customer reads. The dispute's answer and the sign-off's other answers.
 */
function OwnerAnswerForm<A extends string>(props: {
  id: string;
  title: string;
  choices: readonly [{ value: A; label: string }, { value: A; label: string }];
  amountLabel: string;
  submitLabel: (answer: A) => string;
  /** The page's main action (a dispute's answer), or an alternative to another button. */
  secondary?: boolean;
  busy: boolean;
  send: (answer: A, amount: string, reason: string) => void;
  children: ReactNode;
}) {
  const [withAmount, other] = props.choices;
  const [answer, setAnswer] = useState<A>(withAmount.value);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  return (
    <form
      className="card space-y-3"
      aria-labelledby={`${props.id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        props.send(answer, amount, reason);
      }}
    >
      <h2 id={`${props.id}-title`} className="text-lg font-semibold">
        {props.title}
      </h2>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="field-label">Your answer</legend>
        {[withAmount, other].map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${props.id}-answer`}
              checked={answer === choice.value}
              onChange={() => setAnswer(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {answer === withAmount.value ? (
        <div>
          <label htmlFor={`${props.id}-amount`} className="field-label">
            {props.amountLabel}
          </label>
          <input
            id={`${props.id}-amount`}
            className="field-input max-w-40"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
      ) : null}
      <div>
        <label htmlFor={`${props.id}-reason`} className="field-label">
          Why (told to the customer)
        </label>
        <textarea
          id={`${props.id}-reason`}
          className="field-input"
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className={`${props.secondary ? 'btn-secondary' : 'btn-primary'} min-h-11`}
        disabled={props.busy}
      >
        {props.submitLabel(answer)}
      </button>
      {props.children}
    </form>
  );
}

export function DisputeAnswer({ claim, isOwner }: { claim: ClaimView; isOwner: boolean }) {
  const { run, busy, feedback } = useAdminAction();
  if (claim.status !== 'disputed') return <FeedbackBanner feedback={feedback} />;
  if (!isOwner) {
    return (
      <p className="card text-sm text-slate-700">
        The customer disputes the answer: it waits for the owner.
      </p>
    );
  }
  return (
    <OwnerAnswerForm
      id="dispute-answer"
      title="Answer the dispute"
      choices={[
        { value: 'raise', label: 'Raise the offer' },
        { value: 'decline', label: 'Decline the dispute' },
      ]}
      amountLabel="New offer (£)"
      submitLabel={() => 'Send the answer'}
      busy={busy}
      send={(answer, amount, reason) =>
        void run(routes.adminClaims.answerDispute, {
          params: { id: claim.id },
          body: answer === 'raise' ? { answer, amount, reason } : { answer, reason },
        })
      }
    >
      <ActionFeedback feedback={feedback} of={[routes.adminClaims.answerDispute]} />
    </OwnerAnswerForm>
  );
}

export function SignOffAnswer({ claim, isOwner }: { claim: ClaimView; isOwner: boolean }) {
  const { run, busy, feedback } = useAdminAction();
  if (claim.status !== 'sign-off' || !isOwner) return <FeedbackBanner feedback={feedback} />;
  return (
    <OwnerAnswerForm
      id="sign-off-answer"
      title="Or change the offer, or decline the claim"
      choices={[
        { value: 'amend', label: 'Make another offer' },
        { value: 'decline', label: 'Decline the claim' },
      ]}
      amountLabel="The offer (£)"
      secondary
      submitLabel={(answer) =>
        answer === 'amend' ? 'Send this offer instead' : 'Decline the claim'
      }
      busy={busy}
      send={(answer, amount, reason) =>
        void run(routes.adminClaims.answerSignOff, {
          params: { id: claim.id },
          body: answer === 'amend' ? { answer, amount, reason } : { answer, reason },
        })
      }
    >
      <ActionFeedback feedback={feedback} of={[routes.adminClaims.answerSignOff]} />
    </OwnerAnswerForm>
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
