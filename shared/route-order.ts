/**
 * The order a driver takes the day's stops in (issue 16): by slot, then by postcode within a
 * slot, so the van works through one district before the next instead of zigzagging. Pure;
 * the driver's view and the tracking page ("you are stop N") both read it.
 */
export type RoutableStop = { startsAt: Date; postcode: string };

/** W2 4DX → ['W', 2, '', '4DX']; NW10 → ['NW', 10, '', '']; EC1A 1BB → ['EC', 1, 'A', '1BB']. */
function postcodeKey(postcode: string): [string, number, string, string] {
  const compact = postcode.toUpperCase().replace(/\s+/g, '');
  const inward = compact.length > 4 ? compact.slice(-3) : '';
  const outward = inward ? compact.slice(0, -3) : compact;
  const match = /^([A-Z]+)(\d*)([A-Z]?)$/.exec(outward);
  if (!match) return [outward, 0, '', inward];
  return [match[1]!, Number(match[2] || 0), match[3]!, inward];
}

export function comparePostcodes(a: string, b: string): number {
  const ka = postcodeKey(a);
  const kb = postcodeKey(b);
  for (let i = 0; i < ka.length; i++) {
    const x = ka[i]!;
    const y = kb[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/** The stops in driving order; a new array, the input untouched. Ties keep their input order. */
export function routeOrder<T extends RoutableStop>(stops: readonly T[]): T[] {
  return [...stops].sort(
    (a, b) =>
      a.startsAt.getTime() - b.startsAt.getTime() || comparePostcodes(a.postcode, b.postcode),
  );
}
