/**
 * UK postcodes: the format check of the Royal Mail (outward code, space, inward code) and the
 * postcode district that coverage is decided by. London's central districts are split into
 * sub-districts (W1U, WC1N, EC1R, SW1W, E1W), which belong to their district (W1, WC1 …).
 */
const POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/;

/** Upper-case with one space before the inward code, or null when it is no UK postcode. */
export function normalisePostcode(input: string): string | null {
  const compact = input.toUpperCase().replace(/\s+/g, '');
  const match = POSTCODE.exec(compact);
  return match ? `${match[1]} ${match[2]}` : null;
}

export function isUkPostcode(input: string): boolean {
  return normalisePostcode(input) !== null;
}

/** The outward code of a postcode or of an outward code alone ("W9 2HD" → "W9"). */
export function outwardCode(input: string): string | null {
  const full = normalisePostcode(input);
  if (full) return full.split(' ')[0]!;
  const compact = input.toUpperCase().replace(/\s+/g, '');
  return /^[A-Z]{1,2}\d[A-Z\d]?$/.test(compact) ? compact : null;
}

/** The district an outward code belongs to: W1U → W1, WC1N → WC1, NW10 → NW10. */
export function postcodeDistrict(outward: string): string {
  const code = outward.toUpperCase();
  return /^[A-Z]{1,2}\d[A-Z]$/.test(code) ? code.slice(0, -1) : code;
}
