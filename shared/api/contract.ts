import { z } from 'zod';
import { text } from '../text';
import { ERROR_CODES, errorCodeList } from '../error-codes';

/*
 * The API contract: every /api endpoint as data. Its request (path parameters, query, body,
 * the headers it reads) and every reply it can give are zod schemas, shared by the server
 * (validation, serialisation, the OpenAPI document) and the browser (the typed client).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The ways a caller can be someone (spec 6, decisions 005, 007 and 014). */
export type Credential =
  /** The app's session: `Authorization: Bearer {token}` from POST /api/login. */
  | 'bearer'
  /** The website's session cookie (HttpOnly), same session as the Bearer token. */
  | 'cookie'
  /** `X-Checkout-Token` from POST /api/guest or /api/register: places that checkout's order. */
  | 'checkoutToken'
  /** `X-Payment-Token`: the signed link of our e-mails, for one order's payments. */
  | 'paymentToken'
  /** `X-Approval-Token`: the signed link of an approval request (issue 15), for that request. */
  | 'approvalToken'
  /** A back-office session: `Authorization: Bearer {token}` from /api/admin/login, or its cookie. */
  | 'staff';

export type Tag =
  'Catalogue' | 'Booking' | 'Accounts' | 'Checkout' | 'Payments' | 'Webhooks' | 'Back office';

/** What every error reply carries: the code to act on, a message for people, per-field messages on a 422. */
export const errorReply = z
  .object({
    status: z.literal(false),
    code: z.enum(errorCodeList).meta({
      id: 'ErrorCode',
      description: `What went wrong, for programs to act on (stable; shared/error-codes.ts):\n${errorCodeList.map((c) => `- \`${c}\`: ${ERROR_CODES[c].about}`).join('\n')}`,
    }),
    message: text(),
    errors: z.record(text(), z.array(text())).optional(),
  })
  .meta({
    id: 'Error',
    description:
      'Every 4xx and 5xx reply. `code` is what programs act on (one of `ErrorCode`); `message` is for people (the spec’s wording where it has one, and may be reworded); a 422 lists `errors` by field.',
  });
export type ErrorReply = z.infer<typeof errorReply>;

export type Replies = { [status: number]: z.ZodType };

export type Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  H extends z.ZodType = z.ZodType,
  R extends Replies = Replies,
> = {
  method: HttpMethod;
  /** The path under the site, with `:name` parameters: '/api/getarea/:id'. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** Who may call it: any one of these; none means anyone. */
  auth?: readonly Credential[];
  params?: P;
  query?: Q;
  body?: B;
  headers?: H;
  /**
   * The body as it arrives: JSON (the default), raw bytes (a signature over them, an image), or
   * a form (application/x-www-form-urlencoded: Twilio's webhooks).
   */
  bodyKind?: 'json' | 'raw' | 'form';
  replies: R;
  /** The media type of the success reply when it is not JSON (TwiML: text/xml). */
  replyType?: string;
  /** Fields of the spec's payload that the server accepts and ignores (marked deprecated). */
  legacyFields?: readonly string[];
};

/** Declares an endpoint, keeping its exact types for the server and the client. */
export function endpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  H extends z.ZodType = z.ZodNever,
  R extends Replies = Replies,
>(definition: Endpoint<P, Q, B, H, R>): Endpoint<P, Q, B, H, R> {
  // The endpoint's own replies win over the common ones (a more precise description).
  return {
    ...definition,
    replies: { ...commonFailures(definition.method), ...definition.replies },
  };
}

/**
 * Failures any endpoint can answer whatever it does, so each endpoint lists them without
 * repeating them: a request that cannot be read (400: a bad path or query parameter, a body
 * that is not JSON), the database briefly away (503), and for writes a cookie-authenticated
 * call from another site (403), a body too large (413) or of another type (415).
 */
function commonFailures(method: HttpMethod): Replies {
  return method === 'GET' ? failures(400, 503) : failures(400, 403, 413, 415, 503);
}

/** Field → messages of a refused request: the `errors` of every 422 reply. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** The error replies an endpoint can give, by status, all of the one error shape. */
export function failures<S extends number>(...statuses: S[]): Record<S, typeof errorReply> {
  return Object.fromEntries(statuses.map((s) => [s, errorReply])) as Record<S, typeof errorReply>;
}

/** Money as the spec shows it: pounds with two decimals ('12.50'; '0.00' = call for price). */
export const money = text()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'GBP in pounds with two decimals', examples: ['12.50'] });

/** An instant as ISO 8601 in UTC ('2026-11-24T09:00:00.000Z'). */
export const instant = z.iso.datetime().meta({ description: 'An instant, ISO 8601 in UTC' });

/** `status: true` of every successful reply of the spec's calls. */
export const ok = z.literal(true);

/** A reply of an endpoint, by status. */
export type ReplyOf<E extends Endpoint, S extends keyof E['replies']> = z.output<
  E['replies'][S] & z.ZodType
>;

/** Whether a schema slot of an endpoint was declared (`endpoint()` leaves absent ones ZodNever). */
type Declared<S> = [NonNullable<S>] extends [z.ZodNever]
  ? false
  : NonNullable<S> extends z.ZodType
    ? true
    : false;
type Input<S> = z.input<NonNullable<S> & z.ZodType>;
/** Present when the endpoint declares the schema; required when it has a required field. */
type Slot<K extends string, S> =
  Declared<S> extends true
    ? object extends Input<S>
      ? { [P in K]?: Input<S> }
      : { [P in K]: Input<S> }
    : object;

/** The request an endpoint takes, as the caller writes it (z.input: before parsing). */
export type RequestOf<E extends Endpoint> = Slot<'params', E['params']> &
  Slot<'query', E['query']> &
  Slot<'body', E['body']>;

/**
 * An order's refunds as refunds (walkthrough 9): each with its credit note, the discount
 * without them, and what the order came to before them.
 */
export const orderRefunds = {
  refunds: z
    .array(z.object({ amount: money, credit_note: text().meta({ examples: ['CN-000001'] }) }))
    .meta({
      description: 'Money given back, oldest first, each with the credit note that documents it',
    }),
  price_discount: money.meta({ description: '`discount` without the refunds' }),
  charged_total: money.meta({ description: 'What the order came to before any refund' }),
};
