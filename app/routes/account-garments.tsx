import { Link, redirect } from 'react-router';
import { getCurrentCustomer } from '~/server/accounts.server';
import { customerGarments, customerGarmentsView } from '~/server/intake-report.server';
import { GarmentList } from '~/features/account/garments';
import type { Route } from './+types/account-garments';
import { loginHref } from '~/utils/redirect-to';

/* The customer's garments and their history (issue 16, decision 028). Logged in only. */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Your garments | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  if (!customer) throw redirect(loginHref(url.pathname));
  return {
    garments: customerGarmentsView(
      services.config.brand,
      await customerGarments(services, { customerId: customer.id }),
    ),
  };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AccountGarments({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="min-h-[70vh] bg-slate-50 px-4 py-8 sm:py-10">
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <Link to="/account" className="text-sm font-medium text-brand underline">
            ← My account
          </Link>
          <h1 className="page-title mt-2">Your garments</h1>
          <p className="mt-1 text-slate-600">
            Every garment we have cleaned for you, with its photos and its history.
          </p>
        </div>
        <GarmentList garments={loaderData.garments} />
      </div>
    </main>
  );
}
