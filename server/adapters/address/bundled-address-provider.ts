import { ALL_AREAS } from '../../content/served-areas';
import type { AddressProvider, AddressSuggestion, RetrievedAddress } from './address-provider';

/**
 * The embedded default: an address set bundled with the code, covering every served area
 * (two streets per district, door numbers 1 to 60), plus a few addresses just outside the
 * served area so the coverage message can be tried. Works offline; labelled in the logs.
 */
type Entry = { id: string; door: string; street: string; postcode: string; company: string };

const DOORS = 60;
const OUTSIDE: [street: string, postcode: string][] = [
  ['High Street', 'CR0 1NA'], // Croydon
  ['Station Road', 'HA1 2SQ'], // Harrow
  ['Church Road', 'TW10 6LN'], // Richmond
];

function entries(): Entry[] {
  const list: Entry[] = [];
  const streets = [...ALL_AREAS.flatMap((a) => a.streets), ...OUTSIDE];
  for (const [street, postcode] of streets) {
    for (let door = 1; door <= DOORS; door++) {
      list.push({
        id: `GB|BND|${postcode.replace(' ', '')}|${door}|${street.replace(/\W+/g, '-')}`,
        door: String(door),
        street,
        postcode,
        company: door === 1 ? `${street.split(' ')[0]} Dental Practice` : '',
      });
    }
  }
  return list;
}

const ADDRESSES = entries();
const BY_ID = new Map(ADDRESSES.map((a) => [a.id, a]));

function label(a: Entry): string {
  return [a.company, `${a.door} ${a.street}`, 'London', a.postcode].filter(Boolean).join(', ');
}

function containerId(a: Entry): string {
  return `GB|BND|STREET|${a.postcode.replace(' ', '')}|${a.street.replace(/\W+/g, '-')}`;
}

const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function createBundledAddressProvider(): AddressProvider {
  return {
    kind: 'bundled',
    async find(text, container) {
      if (container?.startsWith('GB|BND|STREET|')) {
        return ADDRESSES.filter((a) => containerId(a) === container).map(toAddressSuggestion);
      }
      const words = text
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean);
      if (words.length === 0) return [];
      const matches = ADDRESSES.filter((a) => {
        const haystack =
          `${a.door} ${a.street} ${a.postcode} ${compact(a.postcode)} ${a.company}`.toLowerCase();
        const whole = compact(text);
        return (
          words.every((w) => haystack.includes(w)) ||
          (whole.length >= 2 && compact(a.postcode).startsWith(whole))
        );
      });
      // Many doors on one street: offer the street as a container, as Loqate does.
      const byStreet = new Map<string, Entry[]>();
      for (const a of matches) {
        const key = containerId(a);
        byStreet.set(key, [...(byStreet.get(key) ?? []), a]);
      }
      const suggestions: AddressSuggestion[] = [];
      for (const [id, group] of byStreet) {
        if (group.length <= 5) suggestions.push(...group.map(toAddressSuggestion));
        else {
          const first = group[0]!;
          suggestions.push({
            Id: id,
            Type: 'Street',
            Text: `${first.street}, ${first.postcode}`,
            Description: `London - ${group.length} Addresses`,
            Label: `${first.street}, London, ${first.postcode}`,
          });
        }
      }
      return suggestions.slice(0, 10);
    },
    async retrieve(id) {
      const a = BY_ID.get(id);
      if (!a) return null;
      const result: RetrievedAddress = {
        Id: a.id,
        Label: label(a),
        Line1: a.company ? a.company : `${a.door} ${a.street}`,
        Line2: a.company ? `${a.door} ${a.street}` : '',
        City: 'London',
        PostalCode: a.postcode,
        Company: a.company,
        BuildingNumber: a.door,
        Street: a.street,
        Type: a.company ? 'Commercial' : 'Residential',
      };
      return result;
    },
  };
}

function toAddressSuggestion(a: Entry): AddressSuggestion {
  return {
    Id: a.id,
    Type: 'Address',
    Text: a.company ? `${a.company}, ${a.door} ${a.street}` : `${a.door} ${a.street}`,
    Description: `London, ${a.postcode}`,
    Label: label(a),
  };
}
