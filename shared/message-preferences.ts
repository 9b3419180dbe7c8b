import { z } from 'zod';

/*
 * The customer's message choices (issue 17, decision 032): the channels of service messages
 * about their orders (e-mail, SMS, WhatsApp; texts go to the phone of their profile) and,
 * separately, marketing (e-mail offers, SMS offers), which needs their consent. One schema
 * for the account form and PUT /api/account/preferences.
 */

export const preferenceMessages = {
  notBoolean: 'Choose on or off (true or false).',
  emailNeedsText:
    'Keep e-mail on, or turn SMS or WhatsApp on first: we need one way to reach you about your orders.',
  phoneNotTextable:
    'Your phone number cannot take texts. Change it to a UK mobile number in your profile first.',
  textUpdates: 'Choose SMS, WhatsApp or no texts.',
  saved: 'Your message preferences have been saved.',
  invalid: 'Your message preferences were not saved: please check the choices marked.',
} as const;

/** What the customer agrees to when they tick marketing, shown beside the boxes. */
export const marketingConsentWording =
  'I agree to receive offers and news from us by the channels I tick. We send at most a few a month, every message says how to stop, and I can withdraw my consent at any time here, by replying STOP to a text or by the unsubscribe link in an e-mail.';

const onOff = z.boolean({ error: preferenceMessages.notBoolean });

export const messagePreferencesSchema = z
  .object({
    notify_email: onOff.meta({ description: 'Service messages about orders by e-mail' }),
    notify_sms: onOff.meta({ description: 'Service messages by SMS to the profile’s phone' }),
    notify_whatsapp: onOff.meta({ description: 'Service messages by WhatsApp to that phone' }),
    marketing_email: onOff.meta({ description: 'Offers by e-mail (consent)' }),
    marketing_sms: onOff.meta({ description: 'Offers by SMS (consent)' }),
  })
  .superRefine((value, ctx) => {
    if (!value.notify_email && !value.notify_sms && !value.notify_whatsapp) {
      ctx.addIssue({
        code: 'custom',
        path: ['notify_email'],
        message: preferenceMessages.emailNeedsText,
      });
    }
  })
  .meta({
    id: 'MessagePreferencesInput',
    description:
      'All five choices. E-mail may be off only while SMS or WhatsApp is on; SMS, WhatsApp and SMS offers need a phone that can take texts. Changing a marketing choice records the time of consent.',
  });
export type MessagePreferencesInput = z.infer<typeof messagePreferencesSchema>;

export const preferenceFields = [
  'notify_email',
  'notify_sms',
  'notify_whatsapp',
  'marketing_email',
  'marketing_sms',
] as const;

/**
 * A posted form's checkboxes as the schema's booleans: a ticked box sends its value ('on'),
 * an unticked one sends nothing. Any other value stays as it came, for the schema to refuse.
 */
export function preferencesFromForm(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of preferenceFields) {
    const value = fields[name];
    out[name] = value === undefined ? false : value === 'on' || value === 'true' ? true : value;
  }
  return out;
}

/** The checkout's question (issue 17): text me updates about this order. */
export const textUpdateChoices = ['sms', 'whatsapp', 'none'] as const;
export type TextUpdateChoice = (typeof textUpdateChoices)[number];

export const textUpdatesSchema = z.enum(textUpdateChoices, {
  error: preferenceMessages.textUpdates,
});

/** The choice that a customer's stored channels amount to, to preselect at checkout. */
export function textUpdateChoiceOf(c: {
  notifySms: boolean;
  notifyWhatsapp: boolean;
}): TextUpdateChoice {
  return c.notifyWhatsapp ? 'whatsapp' : c.notifySms ? 'sms' : 'none';
}
