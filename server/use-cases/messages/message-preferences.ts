import { and, eq, isNull } from 'drizzle-orm';
import {
  preferenceMessages,
  type MessagePreferencesInput,
  type TextUpdateChoice,
} from '@shared/message-preferences';
import type { DbOrTx } from '../../db/client';
import { customers, textOptOuts } from '../../db/schema';
import { UnauthorizedError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { textablePhone } from './phone';

/*
 * The customer's message choices (issue 17, decision 032). They live on the customer row:
 * `notify_email/sms/whatsapp` for service messages, `marketing_email/sms` for offers, and
 * `marketing_consent_at`, the time the marketing choices last changed (PECR's record).
 * Texts go to the phone of the profile; a number that cannot take texts cannot have them.
 */

async function liveCustomer(db: DbOrTx, customerId: string) {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .limit(1);
  if (!customer) throw new UnauthorizedError();
  return customer;
}

/** The choices as GET /api/account/preferences and the account page show them. */
export async function getMessagePreferences(
  deps: Pick<AppServices, 'db'>,
  input: { customerId: string },
) {
  return preferencesOf(deps.db, input.customerId);
}

async function preferencesOf(db: DbOrTx, customerId: string) {
  const customer = await liveCustomer(db, customerId);
  const e164 = textablePhone(customer.phone);
  const [optOut] = e164
    ? await db.select().from(textOptOuts).where(eq(textOptOuts.phone, e164)).limit(1)
    : [];
  return { customer, textable: e164 !== null, optedOut: optOut !== undefined };
}

export type MessagePreferences = Awaited<ReturnType<typeof preferencesOf>>;

/** Why a channel that texts cannot be chosen for this phone: field → message. */
function textRefusals(phone: string, choices: Partial<MessagePreferencesInput>) {
  if (textablePhone(phone)) return null;
  const errors: Record<string, string[]> = {};
  for (const field of ['notify_sms', 'notify_whatsapp', 'marketing_sms'] as const) {
    if (choices[field]) errors[field] = [preferenceMessages.phoneNotTextable];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * PUT /api/account/preferences and the account form: all five choices at once. The schema
 * has checked that e-mail is off only with a text channel on; here the phone is checked, and
 * a change of a marketing choice (given or withdrawn) stamps `marketing_consent_at`.
 */
export async function updateMessagePreferences(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: MessagePreferencesInput & { customerId: string },
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const customer = await liveCustomer(tx, input.customerId);
    const refused = textRefusals(customer.phone, input);
    if (refused) {
      throw new ValidationError(preferenceMessages.phoneNotTextable, refused, 'phone-not-textable');
    }
    const marketingChanged =
      customer.marketingEmail !== input.marketing_email ||
      customer.marketingSms !== input.marketing_sms;
    await tx
      .update(customers)
      .set({
        notifyEmail: input.notify_email,
        notifySms: input.notify_sms,
        notifyWhatsapp: input.notify_whatsapp,
        marketingEmail: input.marketing_email,
        marketingSms: input.marketing_sms,
        ...(marketingChanged ? { marketingConsentAt: now } : {}),
      })
      .where(eq(customers.id, customer.id));
    return preferencesOf(tx, customer.id);
  });
}

/**
 * The checkout's "Text me updates" (a step in placeOrder's transaction): SMS or WhatsApp
 * turns that channel on and the other off; "no" turns texts off and e-mail back on (e-mail is
 * off only while a text channel is on). Refused when the order's phone cannot take texts.
 */
export async function chooseTextUpdates(
  tx: DbOrTx,
  input: { customerId: string; phone: string; choice: TextUpdateChoice },
) {
  const { choice } = input;
  if (choice !== 'none' && !textablePhone(input.phone)) {
    throw new ValidationError(
      preferenceMessages.phoneNotTextable,
      {
        text_updates: [preferenceMessages.phoneNotTextable],
      },
      'phone-not-textable',
    );
  }
  await tx
    .update(customers)
    .set(
      choice === 'none'
        ? { notifySms: false, notifyWhatsapp: false, notifyEmail: true }
        : { notifySms: choice === 'sms', notifyWhatsapp: choice === 'whatsapp' },
    )
    .where(eq(customers.id, input.customerId));
}
