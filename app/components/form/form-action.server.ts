import { data } from 'react-router';
import type { z } from 'zod';
import { messages } from '@shared/validation';
import { isRefusal, ValidationError } from '@server/errors';
import { httpStatusOf } from '@server/error-status';
import type { ErrorCode } from '@shared/error-codes';
import { formErrors, type FormErrors } from './form-errors';

/**
 * Page actions (forms posted without or before JavaScript) read their fields with the API
 * endpoint's own schema and answer refusals in the API's terms, so a form says the same
 * whether it went through the page or the API.
 */

/** The posted form's fields as one object (the last value of a repeated name). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
  return out;
}

/** The fields parsed by `schema`; a refusal is the ValidationError the API would throw. */
export function parseFields<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
  invalidMessage: string = messages.mandatory,
): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    // The API's `errors` shape (as fieldErrors of shared/api/contract, which app/ may not import).
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
    throw new ValidationError(invalidMessage, errors);
  }
  return parsed.data;
}

/**
 * What an action answers when the form was refused: the API's code (what the page branches
 * on) and its errors, with the API's status.
 */
export type FormFailure = { ok: false; code: ErrorCode; errors: FormErrors };

/**
 * A use-case's refusal (a refused-for-good AppError) as the action's reply, with the same status, code, message
 * and field messages as the API's (plus `extra`, what the page needs to show the form again);
 * anything else is not the visitor's fault and is rethrown.
 */
export function formFailure<Extra extends object = object>(error: unknown, extra?: Extra) {
  if (isRefusal(error)) {
    const reply = formErrors({
      message: error.message,
      errors: error instanceof ValidationError ? error.errors : undefined,
    });
    const body = { ...(extra as Extra), ok: false as const, code: error.code, errors: reply };
    return data(body satisfies FormFailure, {
      status: httpStatusOf(error),
    });
  }
  throw error;
}
