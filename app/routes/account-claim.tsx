import { data, Link } from 'react-router';
import { AccountFrame } from '~/features/account/account-frame';
import { accountHeaders, requireAccountCustomer } from '~/features/account/account.server';
import { AcceptOffer, AddPhotos, DisputeClaim } from '~/features/claims/claim-answer';
import {
  AnswerCountdown,
  ClaimDisputes,
  ClaimedGarments,
  ClaimEvidence,
  ClaimOffer,
  ClaimStatus,
} from '~/features/claims/claim-file-view';
import { claimPageAction, customerClaim } from '~/features/claims/claim-page.server';
import { Notice } from '~/components/form/form-field';
import { formatGbp } from '@shared/money';
import { recordIdOf } from '~/features/claims/claim-fields';
import { photoRefusalNotices } from '~/features/claims/photo-refusals';
import type { Route } from './+types/account-claim';

/**
 * /account/claims/:id: one of the customer's claims (issue 34, decision 063 "Pages"): its
 * state and the answer time, what they told us and what we recorded, the offer in plain
 * words with the Consumer Rights Act sentence, and Accept (refund or credit) or Dispute.
 */

const claimId = (id: string) => {
  const n = recordIdOf(id);
  if (n === null) throw data('Not found', { status: 404 });
  return n;
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Claim ${loaderData?.claim.id ?? ''} | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await requireAccountCustomer(services, request);
  return {
    claim: await customerClaim(services, customer.id, claimId(params.id)),
    now: services.now().toISOString(),
    said: {
      done: url.searchParams.get('done'),
      refundedPence: penceOf(url.searchParams.get('refunded')),
      creditPence: penceOf(url.searchParams.get('credit')),
      made: url.searchParams.get('made') === '1',
      reclean: url.searchParams.get('reclean'),
      photoRefusals: photoRefusalNotices(url.searchParams),
    },
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services } = context;
  const customer = await requireAccountCustomer(services, request);
  return claimPageAction(services, {
    request,
    customerId: customer.id,
    claimId: claimId(params.id),
  });
}

export function headers() {
  return accountHeaders;
}

const penceOf = (value: string | null) => {
  const n = Number(value ?? '');
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

const doneText: Record<string, string> = {
  credit: 'Thank you: the credit is on your account.',
  refund: 'Thank you: the money is on its way back to your card or PayPal.',
  'refund-pending':
    'Thank you: your refund is being made. We will e-mail you as soon as it has gone through.',
  dispute: 'Thank you: our owner has your claim and your reason.',
  photo: 'Thank you: the photo is with your claim.',
};

export default function AccountClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { claim, now, said } = loaderData;
  const failure = actionData ? { ...actionData.errors, intent: actionData.intent } : null;
  const notice = said.made
    ? `Thank you: your claim on order ${claim.order_no} is with us.${said.reclean ? ` Your free re-clean is order ${said.reclean}.` : ''}`
    : said.done === 'refund-part'
      ? `Thank you: ${formatGbp(said.refundedPence)} is on its way back to your card or PayPal. It refused the other ${formatGbp(said.creditPence)}, so that is on your account as credit.`
      : said.done
        ? doneText[said.done]
        : undefined;
  return (
    <AccountFrame current="orders" title={`Claim ${claim.id} on order ${claim.order_no}`}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to={`/account/orders/${claim.order_id}`}
            className="text-sm font-medium text-brand underline"
          >
            ← Back to the order
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
    </AccountFrame>
  );
}
