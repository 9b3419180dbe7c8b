import type { ErrorReply } from '@shared/api';

/** A form's errors: the message of the whole form and the first message per field. */
export type FormErrors = { message: string; fields: Record<string, string> };

/**
 * The one way a form reads the server's refusal (the API's error shape: `message` and
 * `errors` field → messages): the first message of each field, shown next to it.
 */
export function formErrors(reply: Pick<ErrorReply, 'message' | 'errors'>): FormErrors {
  const fields: Record<string, string> = {};
  for (const [field, list] of Object.entries(reply.errors ?? {}))
    if (list[0]) fields[field] = list[0];
  return { message: reply.message, fields };
}
