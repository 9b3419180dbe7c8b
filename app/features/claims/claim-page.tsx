import { Link } from 'react-router';
import { formatGbp } from '@shared/money';
import type { ClaimView } from '~/server/claims.server';
import { Notice } from '~/components/form/form-field';
import { AcceptOffer, AddPhotos, DisputeClaim, type ClaimFailure } from './claim-answer';
import {
  AnswerCountdown,
  ClaimDisputes,
  ClaimedGarments,
  ClaimEvidence,
  ClaimOffer,
  ClaimStatus,
} from './claim-file-view';
import { orderPagePath, type ClaimLink } from './claim-paths';
import { photoRefusalNotices } from './photo-refusals';

/*
 * A claim's page for its customer (issue 34, decision 063 "Pages"), in the account or under
 * the intake report's link: its state and the answer time, what happened (from the 303's
 * query), what they told us and what we recorded, the offer in plain words with the Consumer
 * Rights Act sentence, and Accept (refund or credit) or Dispute.
 */

const penceOf = (value: string | null) => {
  const n = Number(value ?? '');
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** What the page is to say, from its query (codes and numbers only, never text). */
export function claimPageSaid(params: URLSearchParams) {
  return {
    done: params.get('done'),
    refundedPence: penceOf(params.get('refunded')),
    creditPence: penceOf(params.get('credit')),
    made: params.get('made') === '1',
    reclean: params.get('reclean'),
    photoRefusals: photoRefusalNotices(params),
  };
}

const doneText: Record<string, string> = {
  credit: 'Thank you: the credit is on your account.',
  refund: 'Thank you: the money is on its way back to your card or PayPal.',
  'refund-pending':
    'Thank you: your refund is being made. We will e-mail you as soon as it has gone through.',
  dispute: 'Thank you: our owner has your claim and your reason.',
  photo: 'Thank you: the photo is with your claim.',
};

export function ClaimPage({
  claim,
  now,
  said,
  failure,
  link,
}: {
  claim: ClaimView;
  now: string;
  said: ReturnType<typeof claimPageSaid>;
  failure: ClaimFailure | null;
  link: ClaimLink;
}) {
  const notice = said.made
    ? `Thank you: your claim on order ${claim.order_no} is with us.${said.reclean ? ` Your free re-clean is order ${said.reclean}.` : ''}`
    : said.done === 'refund-part'
      ? `Thank you: ${formatGbp(said.refundedPence)} is on its way back to your card or PayPal. It refused the other ${formatGbp(said.creditPence)}, so that is on your account as credit.`
      : said.done
        ? doneText[said.done]
        : undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={orderPagePath(link)} className="text-sm font-medium text-brand underline">
          {link.token ? '← Back to the intake report' : '← Back to the order'}
        </Link>
        <ClaimStatus claim={claim} />
      </div>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {said.photoRefusals.map((text) => (
        <Notice key={text} tone="error">
          {text}
        </Notice>
      ))}
      <AnswerCountdown claim={claim} nowIso={now} />
      {claim.status === 'declined' && claim.declined_reason ? (
        <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-800">
          {`We looked at your claim and our records: ${claim.declined_reason}`}
        </p>
      ) : null}
      {claim.payment ? (
        <p
          className="rounded-md bg-emerald-50 p-4 text-sm font-medium text-emerald-900"
          data-testid="claim-payment"
        >
          {claim.payment.status === 'paying'
            ? `Your refund is being made: £${claim.payment.paid} back to your card or PayPal. We will e-mail you as soon as it has gone through.`
            : claim.payment.status === 'needs-attention'
              ? `Your refund of £${claim.payment.paid} is being checked by the shop with the card or PayPal provider: we will be in touch.`
              : `Paid: £${claim.payment.paid} ${claim.payment.method === 'credit' ? 'as account credit' : 'back to your card or PayPal'}.`}
        </p>
      ) : null}
      <ClaimOffer claim={claim} audience="customer" />
      <div className="space-y-8">
        <AcceptOffer claim={claim} failure={failure} />
        <DisputeClaim claim={claim} failure={failure} />
      </div>
      <ClaimDisputes claim={claim} />
      <ClaimedGarments claim={claim} />
      <AddPhotos claim={claim} failure={failure} />
      <ClaimEvidence claim={claim} />
    </div>
  );
}
