import { redirect } from 'react-router';
import {
  clearedSessionCookies,
  setCookieHeaders,
  tokenFromCredentials,
} from '~/server/accounts.server';
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
import { customerIntakeReports, intakeReportView } from '~/server/intake-report.server';
import type { Route } from '../../routes/+types/account';

/*
 * The account's server side (issue 18, docs/decisions/038): who the page is for, and the
 * forms every account page posts (profile, password, message choices, logout), answered by
 * the page that showed them. Route modules of the account call these.
 */

type Services = Route.LoaderArgs['context']['services'];

/** The logged-in customer of an account page; none is sent home (spec 2). */
export async function requireAccountCustomer(services: Services, request: Request) {
  const customer = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  if (!customer) throw redirect('/');
  return customer;
}

/** The customer with their orders and address book, as the account pages show them. */
export async function accountCustomerView(services: Services, customerId: string) {
  return customerOrdersView(
    services.config.brand,
    await listCustomerOrders(services, { customerId }),
  );
}

/** The message choices of the customer (issue 17, decision 032). */
export async function accountPreferences(services: Services, customerId: string) {
  return preferencesView(await getMessagePreferences(services, { customerId }));
}

/** The intake report of one of the customer's orders, if it was sent (issue 16). */
export async function accountIntakeReport(services: Services, customerId: string, orderId: string) {
  const report = (await customerIntakeReports(services, { customerId })).find(
    (r) => r.order.id === orderId,
  );
  return report ? intakeReportView(services.config.brand, report) : null;
}

export const accountHeaders = { 'Cache-Control': 'private, no-store' };

/**
 * The account page's forms (`intent`), through the same use-cases as the API: the profile
 * (answered on the page), the password change and logout (both end the session: the cookie
 * is cleared on the 303 to /login, spec 4).
 */
export async function accountAction({ context, request }: Route.ActionArgs) {
  const { services } = context;
  const fields = await formFields(request);
  const credentials = {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  };
  const cleared = setCookieHeaders(clearedSessionCookies({ secure: isSecure(services) }));
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
