import { data, Link } from 'react-router';
import { requireStaffScope } from '~/features/admin/guard.server';
import { FindingForm, OwnerSignOff } from '~/features/admin/claims/claim-decisions';
import { DisputeAnswer, PaymentCheck, SignOffAnswer } from '~/features/admin/claims/owner-answers';
import {
  AnswerCountdown,
  ClaimDisputes,
  ClaimedGarments,
  ClaimEvidence,
  ClaimOffer,
  ClaimStatus,
} from '~/features/claims/claim-file-view';
import { claimFile, claimTableInForce, claimView } from '~/server/claims.server';
import { isRefusal } from '~/server/errors.server';
import { recordIdOf } from '~/features/claims/claim-fields';
import type { Route } from './+types/claim';

/*
 * A claim's whole file in the back office (issue 34, decision 063 "Pages"): what the customer
 * said with their photos, the shop's evidence, the finding (staff), the sign-off above the
 * threshold and the answer to a dispute (the owner), the offer and its payment. A claim of a
 * branch the caller does not work in is not found, as its orders are not.
 */

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const { staff, scope } = await requireStaffScope(services, { request, url });
  const id = recordIdOf(params.id);
  if (id === null) throw data('Not found', { status: 404 });
  try {
    // The API's check (claim-scope.ts): the order's current branch, the owner every branch's.
    const file = await claimFile(services, {
      claimId: id,
      customerId: null,
      scope: staff.role === 'owner' ? { branchIds: null } : scope,
    });
    return {
      claim: claimView(
        services.config.brand,
        file,
        (await claimTableInForce(services)).table,
        'staff',
      ),
      customer: { name: file.order.customerName, email: file.order.customerEmail },
      isOwner: staff.role === 'owner',
      now: services.now().toISOString(),
    };
  } catch (error) {
    if (isRefusal(error)) throw data('Not found', { status: 404 });
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Claim ${loaderData?.claim.id ?? ''} | Back office` }];
}

export default function AdminClaim({ loaderData }: Route.ComponentProps) {
  const { claim, customer, isOwner, now } = loaderData;
  return (
    <div className="space-y-5">
      <Link to="/admin/claims" className="text-sm font-medium text-brand underline">
        ← Claims
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          Claim {claim.id} on{' '}
          <Link to={`/admin/orders/${claim.order_id}`} className="text-brand underline">
            {claim.order_no}
          </Link>
        </h1>
        <ClaimStatus claim={claim} />
      </div>
      <div className="card space-y-2 text-sm">
        <p>
          <span className="font-semibold">{customer.name}</span> · {customer.email}
        </p>
        {claim.note ? <p className="text-slate-700">{`“${claim.note}”`}</p> : null}
        <AnswerCountdown claim={claim} nowIso={now} />
        {claim.declined_reason ? <p>Declined: {claim.declined_reason}</p> : null}
        {claim.payment ? (
          <p className="font-medium text-emerald-800">
            {claim.payment.status === 'paid'
              ? 'Paid'
              : claim.payment.status === 'paying'
                ? 'Being paid'
                : 'Needs attention: being paid'}{' '}
            £{claim.payment.paid} as{' '}
            {claim.payment.method === 'credit' ? 'account credit' : 'a refund'}.
          </p>
        ) : null}
      </div>
      <FindingForm claim={claim} />
      <OwnerSignOff claim={claim} isOwner={isOwner} />
      <PaymentCheck claim={claim} isOwner={isOwner} />
      <DisputeAnswer claim={claim} isOwner={isOwner} />
      <ClaimOffer claim={claim} audience="staff" />
      {/* Below the offer it would change. */}
      <SignOffAnswer claim={claim} isOwner={isOwner} />
      <ClaimDisputes claim={claim} />
      <div className="card space-y-6">
        <ClaimedGarments claim={claim} title="What the customer told us" />
        <ClaimEvidence claim={claim} />
      </div>
    </div>
  );
}
