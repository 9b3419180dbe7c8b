import { data } from 'react-router';
import { AccountFrame } from '~/features/account/account-frame';
import { accountHeaders, requireAccountCustomer } from '~/features/account/account.server';
import { claimPageAction, customerClaim } from '~/features/claims/claim-page.server';
import { ClaimPage, claimPageSaid } from '~/features/claims/claim-page';
import { recordIdOf } from '~/features/claims/claim-fields';
import type { Route } from './+types/account-claim';

/**
 * /account/claims/:id: one of the customer's claims (issue 34, decision 063 "Pages"), shown by
 * `ClaimPage` (also under the intake report's link, order-intake-claim-page.tsx).
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
  const claim = await customerClaim(services, customer.id, claimId(params.id));
  return {
    claim,
    now: services.now().toISOString(),
    said: claimPageSaid(url.searchParams),
    link: { orderId: claim.order_id, token: null },
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services } = context;
  const customer = await requireAccountCustomer(services, request);
  return claimPageAction(services, {
    request,
    customerId: customer.id,
    claimId: claimId(params.id),
    link: null,
  });
}

export function headers() {
  return accountHeaders;
}

export default function AccountClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { claim } = loaderData;
  const failure = actionData ? { ...actionData.errors, intent: actionData.intent } : null;
  return (
    <AccountFrame current="orders" title={`Claim ${claim.id} on order ${claim.order_no}`}>
      <ClaimPage {...loaderData} failure={failure} />
    </AccountFrame>
  );
}
