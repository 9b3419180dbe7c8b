import { z } from 'zod';
import { clockHour, QUIET_UNTIL_HOUR } from '../quiet-hours';
import { text } from '../text';
import { instant } from './contract';
import { textChannels, textStatuses } from '../texts';

/*
 * Texts (issue 17) as the replies show them: in the customer's order history and, with more,
 * to staff (the order page, the mailbox). Times are instants; `at_display` is London's.
 */

const textStatus = z.enum(textStatuses);

export const orderText = z
  .object({
    id: z.number().int(),
    direction: z.enum(['outbound', 'inbound']).meta({
      description: '`outbound`: a text we sent; `inbound`: the customer’s reply',
    }),
    channel: z.enum(textChannels),
    channel_label: text().meta({ examples: ['SMS', 'WhatsApp'] }),
    at: instant,
    at_display: text().meta({ description: 'dd/mm/yyyy HH:MM in London' }),
    body: text(),
    status: textStatus,
    status_label: text().meta({
      examples: [
        'Delivered',
        'Kept in the outbox (texts not configured)',
        `Held until ${clockHour(QUIET_UNTIL_HOUR)} tomorrow (no texts at night)`,
      ],
    }),
  })
  .meta({ id: 'OrderText' });

export const staffText = orderText
  .extend({
    phone: text().meta({ description: 'E.164: `to` when outbound, `from` when inbound' }),
    template: text(),
    purpose: z.enum(['service', 'marketing']),
    status_reason: text().nullable().meta({ description: 'Why it was suppressed' }),
    kept_in_outbox: z.boolean().meta({
      description: 'Kept by the offline default (texts not configured): not sent',
    }),
    attempts: z.number().int(),
    last_error: text().nullable(),
    sent_at: instant.nullable(),
    delivered_at: instant.nullable(),
    order: z.object({ id: z.uuid(), order_no: text() }).nullable(),
  })
  .meta({ id: 'StaffText' });

export const messagePreferences = z
  .object({
    notify_email: z.boolean(),
    notify_sms: z.boolean(),
    notify_whatsapp: z.boolean(),
    marketing_email: z.boolean(),
    marketing_sms: z.boolean(),
    marketing_consent_at: instant.nullable().meta({
      description: 'When the marketing choices were last given or withdrawn',
    }),
    marketing_consent_display: text()
      .nullable()
      .meta({ description: 'The same, dd/mm/yyyy HH:MM in London' }),
    texts_to: text().meta({ description: 'Where texts go: the profile’s phone' }),
    phone_textable: z.boolean().meta({ description: 'Whether that phone can take texts' }),
    phone_opted_out: z.boolean().meta({
      description: 'The number replied STOP: no texts until it replies START',
    }),
  })
  .meta({ id: 'MessagePreferences' });
