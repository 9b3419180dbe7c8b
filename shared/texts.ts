/*
 * Texts (issue 17): the channels and the statuses a text can have, the one list that the
 * database schema (its columns' enums) and the API contract read. Pure.
 */

export const textChannels = ['sms', 'whatsapp'] as const;
export type TextChannel = (typeof textChannels)[number];

/**
 * What became of a text: queued (waiting, perhaps until `send_after` for quiet hours);
 * sent (the provider took it); delivered / undelivered / failed (the provider's receipt);
 * not-sent (the offline default keeps it in the outbox); suppressed (never sent: opted out,
 * over the daily cap, no consent; `status_reason` says which); received (inbound).
 */
export const textStatuses = [
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'not-sent',
  'suppressed',
  'received',
] as const;
export type TextStatus = (typeof textStatuses)[number];
