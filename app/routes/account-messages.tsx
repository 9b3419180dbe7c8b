import { redirect } from 'react-router';
import { pushCopy } from '@shared/push';
import { AccountFrame } from '~/features/account/account-frame';
import { PushDevices } from '~/features/account/push-devices';
import { formFields } from '~/components/form/form-action.server';
import { listDevices, pushDeviceView, removeDevice } from '~/server/push.server';
import { PreferencesForm } from '~/features/account/preferences-form';
import {
  accountAction,
  accountHeaders,
  accountPreferences,
  requireAccountCustomer,
} from '~/features/account/account.server';
import type { Route } from './+types/account-messages';

/**
 * /account/messages: the message choices (issue 17, decision 032), a page of their own, and
 * the devices that get push notifications (issue 33, decision 060).
 */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Message preferences | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await requireAccountCustomer(services, request);
  const devices = await listDevices(services, { owner: { customerId: customer.id } });
  return {
    email: customer.email,
    preferences: await accountPreferences(services, customer.id),
    devices: devices.map(pushDeviceView),
    pushKey: services.push.publicKey,
    deviceNotice: url.searchParams.get('done') === 'device-removed' ? pushCopy.removed : null,
  };
}

/** Removes a device (a plain form post: works before hydration); the rest as every account page. */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const fields = await formFields(request.clone());
  if (fields.intent !== 'remove-device') {
    return accountAction(args as unknown as Parameters<typeof accountAction>[0]);
  }
  const customer = await requireAccountCustomer(context.services, request);
  try {
    await removeDevice(context.services, {
      owner: { customerId: customer.id },
      deviceId: fields.id ?? '',
    });
  } catch (error) {
    // Already removed (a second click, another tab): it is gone either way.
    if (!(error instanceof Error && 'kind' in error && error.kind === 'not-found')) throw error;
  }
  return redirect('/account/messages?done=device-removed#push-heading', 303);
}

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
      <PushDevices
        devices={loaderData.devices}
        publicKey={loaderData.pushKey}
        notice={loaderData.deviceNotice}
      />
    </AccountFrame>
  );
}
