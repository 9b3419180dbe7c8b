import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Who counts as "the same person" for first-order offers and referrals (issue 31, N3;
 * decision 037). A guest checkout makes a new customer row every time, so an offer for a
 * first order, or a referral that must come from someone else, is judged by keys anyone can
 * compare: the e-mail in a normal form, the phone in E.164 and the address (postcode and
 * first line with the house or flat). Pure: the database keeps the keys of every order
 * (`orders.email_key`, `phone_key`, `address_key`) and counts by them.
 *
 * An empty key means "nothing to compare" and never matches.
 */

/** Mail providers that deliver `a.b.c@` to `abc@`; googlemail.com is gmail.com. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An e-mail address in its normal form: lower case, without a `+tag`, and for Gmail without
 * dots and with googlemail.com read as gmail.com. `Alice.Smith+x@GoogleMail.com` →
 * `alicesmith@gmail.com`.
 */
export function emailKey(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * A phone number in E.164 (`07700 900123`, `+44 7700 900123`, `0044 7700900123` →
 * `+447700900123`), UK numbers unless they say otherwise; '' when it is no number.
 */
export function phoneKey(phone: string): string {
  const typed = phone.trim().replace(/^00/, '+');
  if (!/\d/.test(typed)) return '';
  const parsed = parsePhoneNumberFromString(typed, 'GB');
  return parsed ? parsed.number : '';
}

/** Words of an address line that say nothing about which home it is. */
const NOISE = new Set(['flat', 'apartment', 'apt', 'unit', 'no', 'number', 'the']);

/** Street words people shorten, in their short form. */
const SHORT: Record<string, string> = {
  road: 'rd',
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  lane: 'ln',
  gardens: 'gdns',
  gdn: 'gdns',
  place: 'pl',
  square: 'sq',
  terrace: 'ter',
  terr: 'ter',
  crescent: 'cres',
  court: 'ct',
  close: 'cl',
  drive: 'dr',
  grove: 'gr',
};

/**
 * The home an address is, for comparing: the postcode without spaces and the house or flat
 * with the first line, in words (`12`, `Elgin Avenue`, `w9 2hd` and `Flat 12`, `Elgin Ave.`,
 * `W92HD` are one key); '' without a postcode or a first line.
 */
export function addressKey(address: { postcode: string; line1: string; door?: string }): string {
  const postcode = address.postcode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const words = `${address.door ?? ''} ${address.line1}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    // "12a" and "12 a" are one door.
    .replace(/(\d)\s+([a-z])\b/g, '$1$2')
    .split(' ')
    .filter((w) => w && !NOISE.has(w))
    .map((w) => SHORT[w] ?? w);
  if (!postcode || words.length === 0) return '';
  return `${postcode}|${words.join(' ')}`;
}

export type PersonKeys = { email: string; phone: string; address: string };

/** The keys of one person as an order or a customer has them. */
export function personKeys(person: {
  email: string;
  phone: string;
  address?: { postcode: string; line1: string; door?: string } | null;
}): PersonKeys {
  return {
    email: emailKey(person.email),
    phone: phoneKey(person.phone),
    address: person.address ? addressKey(person.address) : '',
  };
}

export type SameBy = 'email' | 'phone' | 'address';

/**
 * Whether two sets of keys are one person, and by what (the first that matches: e-mail,
 * phone, address); null when none does. Empty keys never match.
 */
export function samePerson(a: PersonKeys, b: PersonKeys): SameBy | null {
  for (const by of ['email', 'phone', 'address'] as const) {
    if (a[by] && a[by] === b[by]) return by;
  }
  return null;
}
