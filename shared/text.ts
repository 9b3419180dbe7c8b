import { z } from 'zod';

/*
 * The one string schema every field of every request uses (lint forbids a bare `z.string()`
 * elsewhere). PostgreSQL cannot store U+0000 in `text`, and `jsonb` refuses a lone UTF-16
 * surrogate: both once answered 500. Here line breaks are normalised to \n, lone surrogates
 * become U+FFFD, and any other C0 control character is refused with a message on its field.
 */

import { hasControlCharacters, normaliseText, textMessages } from './text-rules';

export { hasControlCharacters, normaliseText, textMessages };

/**
 * A string field: normalised, without control characters. Chain `.trim()`, `.min()`,
 * `.max()`, `.regex()` as on `z.string()`; `params` sets the message for a missing value.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  // eslint-disable-next-line no-restricted-syntax -- the one place a bare string schema is built
  return z
    .string(params)
    .overwrite(normaliseText)
    .refine((value) => !hasControlCharacters(value), {
      message: textMessages.control,
      abort: true,
    });
}

/** The largest value of a PostgreSQL `integer` (serial ids, cursors, counts). */
export const MAX_INT4 = 2_147_483_647;

/** A serial record id from a path or query: a whole number from 1 to 2,147,483,647. */
export function recordId(message: string = textMessages.recordId) {
  return z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(MAX_INT4, `${message} Ids go up to ${MAX_INT4.toLocaleString('en-GB')}.`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID as the database stores ids: anything else is no row of ours (a 404). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** True for a YYYY-MM-DD that is a day of the calendar between the years 1900 and 2999. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar day as YYYY-MM-DD: '2026-02-30' and '0000-00-00' are refused, not 500s. */
export function isoDate(message: string = textMessages.date) {
  return text({ error: message }).trim().refine(isCalendarDate, message);
}
