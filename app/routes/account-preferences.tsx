import { redirect } from 'react-router';
import {
  careFromForm,
  careMessages,
  carePreferencesSchema,
  noCarePreferences,
  type CarePreferences,
} from '@shared/care-preferences';
import { getCurrentCustomer } from '~/server/accounts.server';
import { getCarePreferences, saveCarePreferences } from '~/server/care.server';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { AccountFrame } from '~/features/account/account-frame';
import { CareForm } from '~/features/account/care-form';
import type { Route } from './+types/account-preferences';
import { loginHref } from '~/utils/redirect-to';

/* /account/preferences: how the customer likes their garments cared for (issue 18). */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [{ title: `Garment care | ${brand?.name ?? ''}` }, { name: 'robots', content: 'noindex' }];
}

function credentials(request: Request) {
  return {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  };
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, credentials(request));
  if (!customer) throw redirect(loginHref(url.pathname));
  const saved = new URL(request.url).searchParams.has('saved') ? careMessages.saved : null;
  return { preferences: await getCarePreferences(services, { customerId: customer.id }), saved };
}

/** Saves the form through the API's schema and use-case; a 303 back here. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, credentials(request));
  if (!customer) return redirect('/login', 303);
  const posted = careFromForm(await formFields(request));
  try {
    const body = parseFields(carePreferencesSchema, posted, careMessages.invalid);
    await saveCarePreferences(services, { ...body, customerId: customer.id });
    return redirect('/account/preferences?saved', 303);
  } catch (error) {
    // The form comes back as it was filled in.
    const values: CarePreferences = {
      ...noCarePreferences,
      ...(posted as Partial<CarePreferences>),
    };
    return formFailure(error, { values });
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AccountPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && !actionData.ok ? actionData : null;
  return (
    <AccountFrame
      current="preferences"
      title="Garment care"
      intro="How you like your clothes looked after. Our drivers and the shop see this with every order."
    >
      <CareForm
        key={refused ? 'refused' : 'saved'}
        values={refused?.values ?? loaderData.preferences}
        errors={refused?.errors ?? null}
        saved={refused ? null : loaderData.saved}
      />
    </AccountFrame>
  );
}
