/*
 * The claim form's photos that were not added once the claim was made (issue 34, decision 063
 * "Pages"): the claim stands, and its page says which and why. Only a photo the image library
 * cannot read is "could not be read"; the others say their own refusal (the hourly limit, a
 * claim no longer open); a refused receipt is said apart. Passed in the 303's query as codes
 * (never as text: a link cannot put words on our page), read back into sentences here. Pure.
 */

export type PhotoRefusal = 'not-an-image' | 'rate-limited' | 'already-done' | 'other';

const known: readonly PhotoRefusal[] = ['not-an-image', 'rate-limited', 'already-done'];

/** A refusal's code as the query carries it. */
export const refusalOf = (code: string): PhotoRefusal =>
  (known as readonly string[]).includes(code) ? (code as PhotoRefusal) : 'other';

/** The query's part: `photo.<code>=<count>` per refusal of garment photos, `receipt=<code>`. */
export function refusalQuery(photos: PhotoRefusal[], receipt: PhotoRefusal | null) {
  const query: Record<string, string> = {};
  for (const code of photos) {
    query[`photo.${code}`] = String(Number(query[`photo.${code}`] ?? 0) + 1);
  }
  if (receipt) query.receipt = receipt;
  return query;
}

/** One sentence: `subject` ('One photo', '3 photos', 'Your receipt') and why it was not added. */
function sentence(subject: string, code: PhotoRefusal, one: boolean) {
  const it = one ? 'it' : 'them';
  const was = one ? 'was' : 'were';
  switch (code) {
    case 'not-an-image':
      return `${subject} could not be read as an image: please add ${it} again below.`;
    case 'rate-limited':
      return `${subject} ${was} not added: we take 30 photos an hour. Please add ${it} below in a while.`;
    case 'already-done':
      return `${subject} ${was} not added: photos are added while we look into the claim, before our answer.`;
    default:
      return `${subject} could not be added: please add ${it} again below.`;
  }
}

/** The sentences the claim's page shows for the refusals in its query. */
export function photoRefusalNotices(params: URLSearchParams): string[] {
  const notices: string[] = [];
  for (const code of [...known, 'other' as const]) {
    const count = Number(params.get(`photo.${code}`) ?? 0);
    if (!Number.isSafeInteger(count) || count <= 0) continue;
    notices.push(sentence(count === 1 ? 'One photo' : `${count} photos`, code, count === 1));
  }
  const receipt = params.get('receipt');
  if (receipt) notices.push(sentence('Your receipt', refusalOf(receipt), true));
  return notices;
}
