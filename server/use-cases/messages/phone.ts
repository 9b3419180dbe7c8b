import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A customer's phone as typed ("07700 900123", "+44 7700 900123") in E.164 (+447700900123),
 * the form the text provider and its webhooks use; UK numbers unless they say otherwise.
 * Null when it is no number at all, or not one a text can reach (a landline, a pager, a
 * personal 070 number).
 */
export function textablePhone(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed, 'GB');
  if (!parsed) return null;
  // Ofcom's drama range (07700 900000-900999), which the metadata calls invalid, is a UK
  // mobile number in form: the demo customers and the tests use it.
  if (parsed.countryCallingCode === '44' && /^7700900\d{3}$/.test(parsed.nationalNumber)) {
    return parsed.number;
  }
  if (!parsed.isValid()) return null;
  const type = parsed.getType();
  // The min metadata cannot always tell a mobile (the islands' 07624…): only numbers known not
  // to take texts are refused: landlines, pagers (076) and personal numbers (070).
  if (type === 'FIXED_LINE' || type === 'PAGER' || type === 'PERSONAL_NUMBER') return null;
  return parsed.number;
}
