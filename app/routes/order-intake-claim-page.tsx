import { data } from 'react-router';
import { claimPageAction, customerClaim } from '~/features/claims/claim-page.server';
import { ClaimPage, claimPageSaid } from '~/features/claims/claim-page';
import { recordIdOf } from '~/features/claims/claim-fields';
import { claimCustomerByLink } from '~/features/claims/claims.server';
import { currentCustomerId } from '~/utils/linked-page.server';
import type { Route } from './+types/order-intake-claim-page';

/**
 * /order/intake/:id/claims/:claimId?t=…: a claim's page for the holder of its order's intake
 * report link (issue 34, decision 063 "Pages"), as /account/claims/:id is for the customer
 * signed in: the same file, Accept, Dispute and photos, through the same use-cases. A claim
 * of another order than the link's is the 404 page.
 */

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Claim ${loaderData?.claim.id ?? ''} | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

async function claimOfLink(
  context: Route.LoaderArgs['context'],
  request: Request,
  url: URL,
  params: Route.LoaderArgs['params'],
) {
  const token = url.searchParams.get('t');
  const visitor = { token, customerId: await currentCustomerId(context.services, request) };
  const customerId = await claimCustomerByLink(context.services, visitor, params.id);
  const claimId = recordIdOf(params.claimId);
  if (claimId === null) throw data('Not found', { status: 404 });
  const claim = await customerClaim(context.services, customerId, claimId);
  if (claim.order_id !== params.id) throw data('Not found', { status: 404 });
  return { claim, customerId, link: { orderId: params.id, token } };
}

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { claim, link } = await claimOfLink(context, request, url, params);
  return {
    claim,
    now: context.services.now().toISOString(),
    said: claimPageSaid(url.searchParams),
    link,
  };
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  const { claim, customerId, link } = await claimOfLink(context, request, url, params);
  return claimPageAction(context.services, { request, customerId, claimId: claim.id, link });
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

export default function OrderIntakeClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { claim } = loaderData;
  const failure = actionData ? { ...actionData.errors, intent: actionData.intent } : null;
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="card">
          <p className="text-sm font-medium text-slate-500">Order {claim.order_no}</p>
          <h1 className="page-title mt-1">Claim {claim.id}</h1>
        </div>
        <div className="card">
          <ClaimPage {...loaderData} failure={failure} />
        </div>
      </div>
    </main>
  );
}
