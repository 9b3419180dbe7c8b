/**
 * Tag numbers (decision 027): the order's number and a two-digit sequence, "100042-01",
 * "100042-02" … so a tag read off a label says which order it belongs to, and tags never
 * collide between orders in practice (the database only insists within an order). Pure.
 */

/** What staff may type as a tag: letters, digits and hyphens, 1–24 characters. */
export const TAG_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,23}$/;

/** A tag as stored and compared: trimmed, upper case (a scanner or a person may type either). */
export function normaliseTag(typed: string): string {
  return typed.trim().toUpperCase();
}

/** The next free tag of an order: one more than the highest "{orderNo}-NN" it has. */
export function suggestTag(orderNo: number, existing: readonly string[]): string {
  const prefix = `${orderNo}-`;
  let highest = 0;
  for (const tag of existing) {
    if (!tag.startsWith(prefix)) continue;
    const n = Number(tag.slice(prefix.length));
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  const used = new Set(existing);
  let next = highest + 1;
  while (used.has(`${prefix}${String(next).padStart(2, '0')}`)) next += 1;
  return `${prefix}${String(next).padStart(2, '0')}`;
}
