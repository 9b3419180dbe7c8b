/*
 * The one list of error codes (issue 30; decision 045). Every error reply of /api carries one
 * as `code`, beside `message` (for people, the spec's wording) and `errors` (per field): pages
 * and clients decide what to do from the code, never from the message's text, which may be
 * reworded at any time. A code is kebab-case, stable once published (the app reads it), and
 * belongs to one kind; the kind is what the server maps to an HTTP status
 * (server/error-status.ts), so one code always comes with the same status.
 *
 * Each kind has a generic code of its own name or near it (`validation-failed`, `conflict`,
 * `not-found` …): a refusal nobody needs to tell apart uses it. A situation a page or client
 * acts on gets a specific code here, thrown where it happens.
 */

/** What sort of failure a code is; each kind is one HTTP status. */
export type ErrorKind =
  | 'malformed'
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-media-type'
  | 'timeout'
  | 'rate-limited'
  | 'internal'
  | 'provider-unavailable'
  | 'unavailable';

type Entry = { kind: ErrorKind; about: string };

export const ERROR_CODES = {
  // ── The request could not be read (400, 413, 415, 408) ──
  'malformed-request': {
    kind: 'malformed',
    about: 'The request could not be read: bad JSON, path, query or header.',
  },
  'file-missing': { kind: 'malformed', about: 'An upload arrived without a file in it.' },
  'webhook-signature-invalid': {
    kind: 'malformed',
    about: 'A webhook came without a valid signature.',
  },
  'request-too-large': { kind: 'too-large', about: 'The body is larger than this endpoint takes.' },
  'unsupported-media-type': {
    kind: 'unsupported-media-type',
    about: 'The body is not of a type this endpoint reads (send JSON).',
  },
  'request-timeout': { kind: 'timeout', about: 'The request did not arrive in time.' },

  // ── A rule of the request is broken (422); `errors` names the fields ──
  'validation-failed': { kind: 'invalid', about: 'One or more fields break a rule; see `errors`.' },
  'cash-short': {
    kind: 'invalid',
    about: 'The cash tendered at the counter is less than the ticket’s total.',
  },
  'speed-not-offered': {
    kind: 'invalid',
    about: 'The branch does not offer that speed (express or same day) at its counter.',
  },
  'speed-not-for-item': {
    kind: 'invalid',
    about: 'An item on the ticket takes longer than the branch’s turnaround and cannot be hurried.',
  },
  'same-day-too-late': {
    kind: 'invalid',
    about: 'Same day is for items handed in by the branch’s cut-off on a day it is open.',
  },
  'unpaid-needs-reason': {
    kind: 'invalid',
    about:
      'A counter ticket with money due is handed over unpaid only with a recorded reason (owner’s setting).',
  },
  'value-not-storable': {
    kind: 'invalid',
    about: 'The database refused a value the schemas let through (out of range, bad date).',
  },
  'postcode-invalid': { kind: 'invalid', about: 'The postcode is not a UK postcode.' },
  'postcode-not-covered': { kind: 'invalid', about: 'We do not collect from this postcode.' },
  'email-taken': { kind: 'invalid', about: 'Another account already uses this e-mail address.' },
  'password-wrong': { kind: 'invalid', about: 'The current password given is not the right one.' },
  'one-time-code-wrong': {
    kind: 'invalid',
    about: 'The e-mailed code is wrong or has expired (account deletion).',
  },
  'link-expired-or-used': {
    kind: 'invalid',
    about: 'An e-mailed one-use link (password reset, e-mail change) is wrong, used or expired.',
  },
  'phone-not-textable': {
    kind: 'invalid',
    about: 'Texts were asked for a number that cannot take them.',
  },
  'promo-unknown': { kind: 'invalid', about: 'No promo code or referral code of that name.' },
  'promo-not-started': { kind: 'invalid', about: 'The promo code is not valid yet.' },
  'promo-expired': { kind: 'invalid', about: 'The promo code has expired.' },
  'promo-used-up': { kind: 'invalid', about: 'The promo code has no uses left.' },
  'promo-customer-limit': {
    kind: 'invalid',
    about: 'This customer has used the promo code as many times as it allows.',
  },
  'promo-below-minimum': { kind: 'invalid', about: 'The order is below the code’s minimum spend.' },
  'first-order-only': {
    kind: 'invalid',
    about: 'The code is for a first order, and this is not one.',
  },
  'own-referral': { kind: 'invalid', about: 'A customer entered their own referral code.' },
  'app-offer-app-only': {
    kind: 'invalid',
    about: 'The app’s first-order offer was claimed by an order not placed from the app.',
  },
  'app-offer-used': {
    kind: 'invalid',
    about: 'The person (customer, e-mail, phone or home) has had the app’s offer already.',
  },
  'app-offer-not-combined': {
    kind: 'invalid',
    about: 'The app’s offer was claimed with another first-order offer (code or referral).',
  },
  'settle-required': {
    kind: 'invalid',
    about: 'The new total is below what was paid: say whether the excess is refunded or credited.',
  },
  'refund-too-large': { kind: 'invalid', about: 'The refund is more than was paid.' },
  'refund-over-cash': {
    kind: 'invalid',
    about:
      'A cash refund at the counter is more than was paid in cash on the order (decision 053).',
  },
  'amount-over-due': {
    kind: 'invalid',
    about: 'The amount to take at the counter is more than is due (decision 053).',
  },
  'not-an-image': { kind: 'invalid', about: 'The uploaded file is not an image we read.' },
  'photo-too-large': { kind: 'invalid', about: 'The photo is larger than a photo may be.' },
  'push-service-unknown': {
    kind: 'invalid',
    about: 'A push subscription’s endpoint is not at a browser’s push service (issue 33).',
  },

  // ── Who is asking (401, 403) ──
  unauthenticated: { kind: 'unauthenticated', about: 'Log in (or the session has ended).' },
  'login-failed': {
    kind: 'unauthenticated',
    about: 'The e-mail (or user name) and password do not match.',
  },
  'checkout-expired': {
    kind: 'unauthenticated',
    about: 'The checkout token is missing or expired: fill in the details again.',
  },
  'link-invalid': {
    kind: 'unauthenticated',
    about: 'The signed link (payment, approval, plan, reschedule) is wrong or expired.',
  },
  forbidden: { kind: 'forbidden', about: 'The caller may not do this.' },
  'cross-site-request': {
    kind: 'forbidden',
    about: 'A cookie-authenticated change did not come from our own pages.',
  },
  'staff-role-required': {
    kind: 'forbidden',
    about: 'This back-office action needs another role.',
  },

  // ── Not there (404) ──
  'not-found': { kind: 'not-found', about: 'No such thing, or not the caller’s to see.' },
  'endpoint-not-found': { kind: 'not-found', about: 'No /api endpoint at this method and path.' },

  // ── The state of things refuses it (409) ──
  conflict: { kind: 'conflict', about: 'The current state refuses this change.' },
  'order-changed': {
    kind: 'conflict',
    about: 'The order changed meanwhile (someone else acted): reload and try again.',
  },
  'slot-gone': {
    kind: 'conflict',
    about: 'The chosen collection or delivery window is no longer offered: choose another.',
  },
  'slot-full': { kind: 'conflict', about: 'The chosen window has just filled up: choose another.' },
  'express-by-phone': { kind: 'conflict', about: 'Express delivery is booked by phone only.' },
  'order-not-cancellable': {
    kind: 'conflict',
    about: 'The order can no longer be cancelled online (too late, or past collection).',
  },
  'order-not-reschedulable': {
    kind: 'conflict',
    about: 'The collection or delivery can no longer be moved online.',
  },
  'link-used': { kind: 'conflict', about: 'A one-use link (reschedule) was already used.' },
  'status-move-refused': {
    kind: 'conflict',
    about: 'The order cannot go from its status to the one asked for.',
  },
  'approval-needed': {
    kind: 'conflict',
    about: 'The total is above the customer’s cap: they approve it before the card is charged.',
  },
  'approval-closed': {
    kind: 'conflict',
    about: 'The approval request was already answered, withdrawn or replaced.',
  },
  'no-current-branch': {
    kind: 'conflict',
    about: 'The counter works in the session’s branch: choose the branch you are working in first.',
  },
  'counter-not-enabled': {
    kind: 'conflict',
    about: 'The session’s branch takes no orders over the counter (the owner’s branch setting).',
  },
  'ticket-not-ready': {
    kind: 'conflict',
    about: 'A counter ticket is handed over once it is marked ready (decision 050).',
  },
  'ticket-collected': {
    kind: 'conflict',
    about:
      'The counter ticket, or a line of it, was already handed over: nothing is collected twice.',
  },
  'collect-elsewhere-off': {
    kind: 'conflict',
    about:
      'The ticket was raised at another branch, and the owner’s setting keeps collection at that branch.',
  },
  'last-notice-not-sent': {
    kind: 'conflict',
    about:
      'An uncollected ticket is decided on only once its 90-day last notice was sent to the customer (decision 054).',
  },
  'ticket-donated': {
    kind: 'conflict',
    about: 'The owner gave the uncollected ticket’s items away: it is decided for good.',
  },
  'till-open': {
    kind: 'conflict',
    about: 'The branch’s till is open already: one open day per branch (decision 051).',
  },
  'till-not-open': {
    kind: 'conflict',
    about: 'Cash is taken at the counter only into an open till: open the day with a float first.',
  },
  'day-closed': {
    kind: 'conflict',
    about:
      'The till day is closed and cannot be changed; a correction goes into the next open day.',
  },
  'paid-meanwhile': {
    kind: 'conflict',
    about:
      'The ticket was paid another way while the customer’s saved card was charged: the charge is given back.',
  },
  'nothing-due': {
    kind: 'conflict',
    about: 'Nothing is due on the order (or it is not priced yet).',
  },
  'nothing-paid': {
    kind: 'conflict',
    about: 'Nothing was paid, or paid above the total, to give back.',
  },
  'no-saved-card': { kind: 'conflict', about: 'The order has no saved card to charge.' },
  'no-reader': {
    kind: 'conflict',
    about:
      'The counter’s branch has no card reader set: the owner sets its reader id (decision 053).',
  },
  'reader-unknown': {
    kind: 'conflict',
    about: 'The payment provider does not know the branch’s card reader id.',
  },
  'reader-busy': {
    kind: 'conflict',
    about: 'The card reader is taking another payment, or one is waiting for this ticket.',
  },
  'reader-idle': { kind: 'conflict', about: 'The card reader is not waiting for a card.' },
  'card-declined': {
    kind: 'conflict',
    about: 'The customer’s card was declined (at the reader or saved); nothing was taken.',
  },
  'no-account-payment': {
    kind: 'conflict',
    about: 'The ticket’s customer has no online account with a saved card or credit to use.',
  },
  'payment-refused': {
    kind: 'conflict',
    about: 'The order cannot take this payment now, or the provider refused a refund.',
  },
  'plan-stopped': { kind: 'conflict', about: 'The regular collection plan was stopped.' },
  'claim-window-closed': {
    kind: 'conflict',
    about:
      'A claim came after its window (after the intake report or delivery, the owner’s hours); the message says when it closed.',
  },
  'claim-window-not-open': {
    kind: 'conflict',
    about: 'A claim came before its window opened (no intake report yet, or not delivered yet).',
  },
  'claim-not-offered': {
    kind: 'conflict',
    about:
      'The claim has no standing offer to accept or dispute (not made yet, signed off yet, or answered).',
  },
  'claim-paid': { kind: 'conflict', about: 'The claim has been paid already (it is paid once).' },
  'claim-refund-too-large': {
    kind: 'conflict',
    about:
      'The offer is more than can be refunded to the card or PayPal of the order: take it as credit.',
  },
  'claim-disputed': {
    kind: 'conflict',
    about:
      'The claim has been disputed already: the owner is looking at it, or has given a final answer (a claim is disputed once after a decline).',
  },
  'claim-garment-declined': {
    kind: 'conflict',
    about:
      'A garment of a declined claim that may still be disputed cannot be claimed again: dispute that claim instead.',
  },
  'claim-offer-not-raised': {
    kind: 'conflict',
    about: 'A raised offer must be more than the one standing.',
  },
  'claim-staff-left': {
    kind: 'conflict',
    about: 'The member of staff who authorised the offer has left: the shop must look at it.',
  },
  'already-done': {
    kind: 'conflict',
    about: 'Done once already (a review, a reply, a report sent, a case answered).',
  },
  'idempotency-key-reused': {
    kind: 'conflict',
    about: 'The same Idempotency-Key came with a different request.',
  },
  'stop-changed': {
    kind: 'conflict',
    about: "The office changed the stop since the driver's phone loaded it (its version).",
  },

  // ── Too many (429) ──
  'rate-limited': { kind: 'rate-limited', about: 'Too many attempts: wait for Retry-After.' },

  // ── Ours or a dependency's (500, 502, 503) ──
  'internal-error': { kind: 'internal', about: 'Something failed on our side; it was logged.' },
  'payment-provider-unavailable': {
    kind: 'provider-unavailable',
    about: 'The payment provider did not answer as expected: try again.',
  },
  'service-unavailable': {
    kind: 'unavailable',
    about: 'The database is briefly unavailable: try again after Retry-After.',
  },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes of one kind: what an error class of that kind may carry. */
export type ErrorCodeOf<K extends ErrorKind> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['kind'] extends K ? C : never;
}[ErrorCode];

/** Every code, for the contract's enum. */
export const errorCodeList = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function kindOf(code: ErrorCode): ErrorKind {
  return ERROR_CODES[code].kind;
}

/**
 * Codes that only the typed client gives (shared/api/client.ts), for a call that got no reply
 * the API wrote: never sent by the server.
 */
export const CLIENT_ERROR_CODES = {
  'no-reply': 'No reply came: no signal, aborted, or a request that could not be built.',
  'unreadable-reply': 'A successful status came with a body that is not JSON.',
} as const;

export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;

/** Worth sending again as it is, later: no reply, a timeout, or a failure on our side. */
export function isTransient(code: ErrorCode | ClientErrorCode): boolean {
  if (code === 'no-reply') return true;
  if (code === 'unreadable-reply') return false;
  const kind = kindOf(code);
  return (
    kind === 'timeout' ||
    kind === 'internal' ||
    kind === 'provider-unavailable' ||
    kind === 'unavailable'
  );
}
