import { AccountFrame } from '~/features/account/account-frame';
import { PreferencesForm } from '~/features/account/preferences-form';
import {
  accountAction,
  accountHeaders,
  accountPreferences,
  requireAccountCustomer,
} from '~/features/account/account.server';
import type { Route } from './+types/account-messages';

/** /account/messages: the message choices (issue 17, decision 032), a page of their own. */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Message preferences | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await requireAccountCustomer(context.services, request);
  return {
    email: customer.email,
    preferences: await accountPreferences(context.services, customer.id),
  };
}

export const action = accountAction;

export function headers() {
  return accountHeaders;
}

export default function AccountMessages({ loaderData }: Route.ComponentProps) {
  return (
    <AccountFrame current="messages" title="Message preferences">
      <PreferencesForm
        preferences={loaderData.preferences}
        email={loaderData.email}
        idPrefix="messages"
      />
    </AccountFrame>
  );
}
