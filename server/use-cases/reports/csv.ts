/*
 * CSV as RFC 4180 has it (decision 054): fields with a comma, a quote or a line break are
 * quoted, quotes doubled, lines ended by CRLF. A text field a spreadsheet would run as a
 * formula (=, +, -, @ first, and not a number) starts with an apostrophe instead.
 */

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

export function csvField(value: string | number): string {
  let text = String(value);
  if (FORMULA.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
