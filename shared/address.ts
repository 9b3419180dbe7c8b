/*
 * One way to write a postal address for people, used everywhere an address is shown: the
 * booking form's preview, the checkout summary, the order, the back office (board, order page,
 * route sheet), the address book and the e-mails. Pure; runs on both sides.
 *
 * The parts are kept apart as the customer confirmed them:
 *  - door_number: the flat or door, as typed ("Flat 2"), or the building number the booking
 *    form filled in for a house ("7");
 *  - line1: the building number and street from the address search ("7 Elgin Avenue"),
 *    never stripped of its number;
 *  - company: the business at the address, for commercial results.
 * Older records (and API clients) may hold the number in door_number and only the street in
 * line1 ("12" + "Elgin Avenue"); they read "12 Elgin Avenue" as before.
 */

export type AddressParts = {
  door_number?: string | null;
  /** The building's name as entered ("Elgin Court"), its own line with the flat (issue 18). */
  building?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  town?: string | null;
  postcode?: string | null;
};

/** A building number at the start of a line: 7, 7a, 10-12, 10–12. */
const LEADING_NUMBER = /^(\d+[a-z]?(?:\s*[-–]\s*\d+[a-z]?)?)(?=$|[\s,])/i;
/** A number that ends the door field: "Flat 2, 31" ends with 31. */
const TRAILING_NUMBER = /(?:^|[\s,])(\d+[a-z]?(?:\s*[-–]\s*\d+[a-z]?)?)$/i;

const clean = (value: string | null | undefined) =>
  (value ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[,\s]+|[,\s]+$/g, '');
const comparable = (value: string) =>
  value
    .toLowerCase()
    .replace(/[\s,.]+/g, ' ')
    .trim();

/** The building number that starts a street line: '7' of '7 Elgin Avenue', '' without one. */
export function buildingNumberOf(line1: string | null | undefined): string {
  return LEADING_NUMBER.exec(clean(line1))?.[1] ?? '';
}

/**
 * The flat or door and the building and street on one line:
 * "Flat 2" + "7 Elgin Avenue" → "Flat 2, 7 Elgin Avenue";
 * "2" + "2 Fortune Green Road" → "2 Fortune Green Road" (the number once);
 * "12" + "Elgin Avenue" → "12 Elgin Avenue".
 */
export function streetLine(
  doorNumber: string | null | undefined,
  line1: string | null | undefined,
): string {
  let door = clean(doorNumber);
  const street = clean(line1);
  if (!door) return street;
  if (!street) return door;
  const d = comparable(door);
  const s = comparable(street);
  // The door repeats the start of the street line: "7" and "7 Elgin Avenue".
  if (s === d || s.startsWith(`${d} `)) return street;
  // The door field already holds the whole line: "Flat 2, 7 Elgin Avenue".
  if (d.endsWith(` ${s}`)) return door;
  const building = buildingNumberOf(street);
  if (building) {
    // "Flat 2, 7" typed as the door of "7 Elgin Avenue": the building number once.
    const trailing = TRAILING_NUMBER.exec(door);
    if (trailing && comparable(trailing[1]!) === comparable(building)) {
      door = clean(door.slice(0, trailing.index));
      if (!door) return street;
    }
    return `${door}, ${street}`;
  }
  // A street without a number: the door field holds it ("12", or "Flat 2, 31").
  return TRAILING_NUMBER.test(door) ? `${door} ${street}` : `${door}, ${street}`;
}

/**
 * A named building's line: the flat and the building ("Flat 2, Elgin Court"), the street line
 * below it; a door that is only the street's building number is not repeated.
 */
function buildingLine(
  doorNumber: string | null | undefined,
  building: string,
  line1: string | null | undefined,
): string {
  const door = clean(doorNumber);
  if (!door || comparable(door) === comparable(buildingNumberOf(line1))) return building;
  return `${door}, ${building}`;
}

/**
 * The address as lines for people, each part once:
 * ["Fortune Dental Practice", "1 Fortune Green Road", "London", "NW6 1DT"].
 */
export function addressLines(address: AddressParts): string[] {
  const company = clean(address.company);
  const building = clean(address.building);
  const lines = building
    ? [company, buildingLine(address.door_number, building, address.line1), clean(address.line1)]
    : [company, streetLine(address.door_number, address.line1)];
  lines.push(clean(address.line2), clean(address.town));
  const postcode = clean(address.postcode).toUpperCase();
  const out: string[] = [];
  for (const line of [...lines, postcode]) {
    if (!line) continue;
    const key = comparable(line);
    // A part already said by another line (the company inside the street line, a repeated
    // line2) is left out.
    if (out.some((l) => comparable(l) === key)) continue;
    if (line === company && lines.some((l) => l !== company && comparable(l).startsWith(`${key} `)))
      continue;
    out.push(line);
  }
  return out;
}

/**
 * Whether a door or flat is already said by the address's lines, so it is not shown again
 * above them (issue 31): "12" by "12 Elgin Avenue", "Flat 2" by "Flat 2, 7 Elgin Avenue",
 * "7" by "Flat 2, 7 Elgin Avenue". "Flat 2" beside "7 Elgin Avenue" is not.
 */
export function doorInAddress(
  doorNumber: string | null | undefined,
  lines: readonly string[],
): boolean {
  const door = comparable(clean(doorNumber));
  if (!door) return true;
  return lines.some((line) => {
    const l = comparable(line);
    return l === door || l.startsWith(`${door} `) || l.includes(` ${door} `);
  });
}

/** The address on one line: "Flat 2, 7 Elgin Avenue, London, W9 2HD". */
export function formatAddress(address: AddressParts): string {
  return addressLines(address).join(', ');
}

/** The multi-line address stored as full_address and printed on the route sheet. */
export function formatFullAddress(address: AddressParts): string {
  return addressLines(address).join('\n');
}

/**
 * The lines of an address stored as text (full_address), each once: older records were
 * shown with the company or door printed again beside them.
 */
export function storedAddressLines(fullAddress: string | null | undefined): string[] {
  const out: string[] = [];
  for (const raw of (fullAddress ?? '').split('\n')) {
    const line = clean(raw);
    if (line && !out.some((l) => comparable(l) === comparable(line))) out.push(line);
  }
  return out;
}
