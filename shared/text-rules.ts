/*
 * The rules of every text field (shared/text.ts builds the zod schema from them), without zod:
 * the browser's form checks use them too and stay out of zod's 24 kB (docs/decisions/041).
 */

/** C0 control characters other than tab (\t) and newline (\n); \r is normalised away first. */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const textMessages = {
  control: 'Please remove the invisible control characters from this field.',
  date: 'Enter a real date like 2026-11-23.',
  recordId: 'Not a record id.',
} as const;

/** Well-formed UTF-16 with \n line breaks (the same on every browser, no toWellFormed needed). */
export function normaliseText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(LONE_SURROGATE, '\uFFFD');
}

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}
