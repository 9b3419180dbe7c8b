import { describe, expect, it } from 'vitest';
import {
  doorOfFound,
  foundLocation,
  initialSavedChoice,
  serverLocation,
  typedLocation,
} from './address-location';
import type { FoundAddress } from './address-search';
import { EMPTY_BOOKING } from './booking-params';
import { DIFFERENT_ADDRESS, type SavedAddressOption } from './saved-address-choice';

/** The home booking form's address rules (spec 3 selected_location, issue 18's address book). */

const found: FoundAddress = {
  label: '7 Elgin Avenue, London, W9 2HD',
  line1: '7 Elgin Avenue',
  town: 'London',
  postcode: 'W9 2HD',
  company: '',
  address_type: 'Residential',
  buildingNumber: '7',
};

const home = { id: 'a1', line1: '12 Elgin Avenue' } as SavedAddressOption;

describe('doorOfFound', () => {
  it("fills a house's door with its building number, never over a door the customer typed", () => {
    expect(doorOfFound(found, { value: '', filledByUs: false })).toBe('7');
    expect(doorOfFound(found, { value: '9', filledByUs: true })).toBe('7');
    expect(doorOfFound(found, { value: 'Flat 2', filledByUs: false })).toBeNull();
    expect(
      doorOfFound({ ...found, buildingNumber: '' }, { value: '', filledByUs: false }),
    ).toBeNull();
  });
});

describe('the location booked', () => {
  it('keeps the building number in line1 for an address found', () => {
    expect(foundLocation(found)).toEqual({
      label: found.label,
      line1: '7 Elgin Avenue',
      line2: '',
      town: 'London',
      postcode: 'W9 2HD',
      company: '',
      address_type: 'Residential',
      manual: false,
    });
  });

  it('takes an address typed by hand once it has a street and a valid postcode', () => {
    expect(typedLocation(' 12 Elgin Avenue ', 'W9', undefined)).toBeNull();
    expect(typedLocation(' ', 'W9 2HD', undefined)).toBeNull();
    const again = { ...EMPTY_BOOKING, building: 'Elgin Court', access_notes: 'Ring twice' };
    expect(typedLocation(' 12 Elgin Avenue ', 'w92hd', again)).toMatchObject({
      label: '12 Elgin Avenue, London, W9 2HD',
      line1: '12 Elgin Avenue',
      postcode: 'W9 2HD',
      manual: true,
      building: 'Elgin Court',
      access_notes: 'Ring twice',
    });
  });

  it('takes back an address found, as a submit without JavaScript posted it, never one typed', () => {
    const posted = { ...EMPTY_BOOKING, manual: '0', line1: '7 Elgin Avenue', postcode: 'W9 2HD' };
    expect(serverLocation(posted)).toMatchObject({
      label: '7 Elgin Avenue, London, W9 2HD',
      town: 'London',
      address_type: 'Residential',
      manual: false,
    });
    expect(serverLocation({ ...posted, manual: '1' })).toBeNull();
    expect(serverLocation(undefined)).toBeNull();
  });
});

describe('initialSavedChoice', () => {
  it('starts on the entry posted, another address when one was given, else the most recent', () => {
    expect(initialSavedChoice(undefined, [])).toBe('');
    expect(initialSavedChoice(undefined, [home])).toBe('a1');
    expect(initialSavedChoice({ ...EMPTY_BOOKING, postcode: 'W9 2HD' }, [home])).toBe(
      DIFFERENT_ADDRESS,
    );
    expect(initialSavedChoice({ ...EMPTY_BOOKING, saved: 'a1', line1: 'x' }, [home])).toBe('a1');
  });
});
