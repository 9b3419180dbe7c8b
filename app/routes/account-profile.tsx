import { urlOf } from '@shared/api/client';
import { routes } from '@shared/api/routes';
import { AccountFrame } from '~/features/account/account-frame';
import { AddressBook } from '~/features/account/account-views';
import { ChangePasswordForm, ProfileForm } from '~/features/account/profile-forms';
import {
  accountAction,
  accountCustomerView,
  accountHeaders,
  requireAccountCustomer,
} from '~/features/account/account.server';
import type { Route } from './+types/account-profile';

/**
 * /account/profile: name, e-mail and mobile, the password, the address book (decision 038).
 * The forms post here and are answered here, with or without JavaScript.
 */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [{ title: `Profile | ${brand?.name ?? ''}` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await requireAccountCustomer(context.services, request);
  const { orders: _orders, ...profile } = await accountCustomerView(context.services, customer.id);
  return { customer: profile };
}

export const action = accountAction;

export function headers() {
  return accountHeaders;
}

export default function AccountProfile({ loaderData }: Route.ComponentProps) {
  const { customer } = loaderData;
  return (
    <AccountFrame current="profile" title="Profile">
      <div className="space-y-10">
        <ProfileForm customer={customer} idPrefix="profile" />
        <section aria-labelledby="password-title" className="space-y-4">
          <h2 id="password-title" className="text-lg font-semibold">
            Change Password
          </h2>
          <ChangePasswordForm email={customer.email} idPrefix="password" />
        </section>
        <section aria-labelledby="addresses-title" className="space-y-4">
          <h2 id="addresses-title" className="text-lg font-semibold">
            Address book
          </h2>
          <AddressBook customer={customer} />
        </section>
        <section aria-labelledby="data-title" className="space-y-3">
          <h2 id="data-title" className="text-lg font-semibold">
            Your data
          </h2>
          <p className="text-sm text-slate-600">
            Everything we hold about you (your details, addresses, preferences, orders, messages,
            credit and reviews) as one file you can keep.
          </p>
          {/* A plain download of GET /api/account/data with the session cookie (decision 038). */}
          <a
            href={urlOf(routes.accountData.downloadMyData)}
            download
            className="btn-secondary min-h-11 w-full sm:w-auto"
          >
            Download my data
          </a>
        </section>
      </div>
    </AccountFrame>
  );
}
