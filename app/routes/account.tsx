import { redirect } from 'react-router';
import { clearedSessionCookie, tokenFromCredentials } from '~/server/accounts.server';
import { getCurrentCustomer } from '~/server/accounts.server';
import { isSecure } from '~/server/accounts.server';
import { findSession, revokeSession } from '~/server/accounts.server';
import { emailChangeSentMessage, accountMessages } from '@shared/account-messages';
import { listCustomerOrders } from '~/server/accounts.server';
import { changePassword, updateProfile } from '~/server/accounts.server';
import {
  getMessagePreferences,
  preferencesView,
  updateMessagePreferences,
} from '~/server/accounts.server';
import {
  messagePreferencesSchema,
  preferenceFields,
  preferenceMessages,
  preferencesFromForm,
} from '@shared/message-preferences';
import { customerOrdersView } from '~/server/orders.server';
import { passwordChangeSchema, profileUpdateSchema } from '@shared/validation';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { DesktopAccount, MobileAccount } from '~/features/account/account-views';
import { customerIntakeReports, intakeReportView } from '~/server/intake-report.server';
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
      services.config.brand,
      await listCustomerOrders(services, { customerId: customer.id }),
    ),
    phone: services.config.brand.phone,
    // Issue 17: the message choices (decision 032).
    preferences: preferencesView(
      await getMessagePreferences(services, { customerId: customer.id }),
    ),
    // Issue 16: the intake report of each order it was sent for, shown in the order's view.
    intakeReports: Object.fromEntries(
      (await customerIntakeReports(services, { customerId: customer.id })).map((r) => [
        r.order.id,
        intakeReportView(services.config.brand, r),
      ]),
    ),
  };
}

/**
 * The account page's forms (`intent`), through the same use-cases as the API: the profile
 * (answered on the page), the password change and logout (both end the session: the cookie
 * is cleared on the 303 to /login, spec 4).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context;
  const fields = await formFields(request);
  const credentials = {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  };
  const cleared = { 'Set-Cookie': clearedSessionCookie({ secure: isSecure(services) }) };
  if (fields.intent === 'logout') {
    const found = tokenFromCredentials(credentials);
    const session = found ? await findSession(services.db, found.token, services.now()) : null;
    if (session) await revokeSession(services.db, session.sessionId, services.now());
    return redirect('/login', { status: 303, headers: cleared });
  }
  const customer = await getCurrentCustomer(services, credentials);
  if (!customer) return redirect('/login', 303);
  if (fields.intent === 'preferences') return savePreferences(services, customer.id, fields);
  const intent = fields.intent === 'password' ? ('password' as const) : ('profile' as const);
  try {
    if (intent === 'password') {
      const body = parseFields(passwordChangeSchema, fields);
      await changePassword(services, { ...body, customerId: customer.id });
      return redirect('/login?notice=password-changed', { status: 303, headers: cleared });
    }
    const body = parseFields(profileUpdateSchema, fields);
    const updated = await updateProfile(services, { ...body, customerId: customer.id });
    return {
      ok: true as const,
      intent,
      // A new e-mail waits for its link; the reply is the same whoever owns the address.
      message: updated.emailChangeRequested
        ? emailChangeSentMessage(body.email)
        : accountMessages.profileUpdated,
    };
  } catch (error) {
    // The profile comes back as it was typed (never a password).
    const values = {
      name: fields.name ?? '',
      email: fields.email ?? '',
      phone: fields.phone_number ?? '',
    };
    return formFailure(error, { intent, values });
  }
}

/**
 * The message preferences form (issue 17): unticked boxes send nothing, so the post is read
 * as five on/off choices and parsed with the API's schema (PUT /api/account/preferences).
 */
async function savePreferences(
  services: Route.ActionArgs['context']['services'],
  customerId: string,
  fields: Record<string, string>,
) {
  const intent = 'preferences' as const;
  const posted = preferencesFromForm(fields);
  try {
    const body = parseFields(messagePreferencesSchema, posted, preferenceMessages.invalid);
    await updateMessagePreferences(services, { ...body, customerId });
    return { ok: true as const, intent, message: preferenceMessages.saved };
  } catch (error) {
    // The boxes come back as they were ticked.
    const values = Object.fromEntries(preferenceFields.map((f) => [f, posted[f] === true]));
    return formFailure(error, { intent, values });
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { customer, phone, preferences } = loaderData;
  return (
    <main id="main" className="min-h-[70vh] bg-slate-50">
      <h1 className="sr-only">My account</h1>
      {/* Spec 2: 1060 px and wider shows the desktop page, narrower the mobile one. */}
      <div className="hidden min-[1060px]:block">
        <DesktopAccount customer={customer} phone={phone} preferences={preferences} />
      </div>
      <div className="min-[1060px]:hidden">
        <MobileAccount customer={customer} phone={phone} preferences={preferences} />
      </div>
    </main>
  );
}
