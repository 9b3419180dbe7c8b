import { redirect } from 'react-router';
import { getCurrentCustomer } from '@server/auth/current-customer';
import { listCustomerOrders } from '@server/use-cases/accounts/list-customer-orders';
import { customerOrdersView } from '@server/use-cases/orders/present-order';
import { DesktopAccount, MobileAccount } from '~/features/account/account-views';
import type { Route } from './+types/account';

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [{ title: `My account | ${brand?.name ?? ''}` }, { name: 'robots', content: 'noindex' }];
}

// Guarded on the server (spec 2): no live session, no account page.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  if (!customer) throw redirect('/');
  return {
    customer: customerOrdersView(
      await listCustomerOrders(services.db, customer.id, services.now()),
    ),
    phone: services.config.brand.phone,
  };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { customer, phone } = loaderData;
  return (
    <main id="main" className="min-h-[70vh] bg-slate-50">
      <h1 className="sr-only">My account</h1>
      {/* Spec 2: 1060 px and wider shows the desktop page, narrower the mobile one. */}
      <div className="hidden min-[1060px]:block">
        <DesktopAccount customer={customer} phone={phone} />
      </div>
      <div className="min-[1060px]:hidden">
        <MobileAccount customer={customer} phone={phone} />
      </div>
    </main>
  );
}
