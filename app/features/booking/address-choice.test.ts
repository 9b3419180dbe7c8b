import { describe, expect, it } from 'vitest';
import {
  addressChoiceReducer,
  chosenLocation,
  initialAddressChoice,
  type AddressChoice,
} from './address-choice';
import type { FoundAddress } from './address-search';
import { EMPTY_BOOKING } from './booking-params';
import { DIFFERENT_ADDRESS, type SavedAddressOption } from './saved-address-choice';

/** The home booking form's address choice (issue 18): what each step of the visitor leaves. */

const home: SavedAddressOption = {
  id: 'a1',
  label: 'Home',
  text: 'Flat 3, 12 Elgin Avenue, London, W9 2HD',
  door_number: 'Flat 3',
  building: '',
  line1: '12 Elgin Avenue',
  line2: '',
  town: 'London',
  postcode: 'W9 2HD',
  company: '',
  address_type: 'Residential',
  access_notes: 'Ring twice',
};

const found: FoundAddress = {
  label: '7 Elgin Avenue, London, W9 2HD',
  line1: '7 Elgin Avenue',
  town: 'London',
  postcode: 'W9 2HD',
  company: '',
  address_type: 'Residential',
  buildingNumber: '7',
};

const none = { usingSaved: null, manual: false, values: undefined };
const empty = initialAddressChoice({ values: undefined, saved: [] });
const run = (state: AddressChoice, ...events: Parameters<typeof addressChoiceReducer>[1][]) =>
  events.reduce(addressChoiceReducer, state);

describe('initialAddressChoice', () => {
  it('starts empty for a visitor, and on the most recent saved address for a customer', () => {
    expect(empty).toMatchObject({ saved: '', found: null, manual: false, door: '' });
    expect(initialAddressChoice({ values: undefined, saved: [home] })).toMatchObject({
      saved: 'a1',
      door: 'Flat 3',
    });
  });

  it('takes back what a submit without JavaScript posted: typed by hand, or found', () => {
    const typed = { ...EMPTY_BOOKING, manual: '1', line1: '12 Elgin Avenue', postcode: 'W9 2HD' };
    expect(initialAddressChoice({ values: typed, saved: [home] })).toMatchObject({
      saved: DIFFERENT_ADDRESS,
      manual: true,
      street: '12 Elgin Avenue',
      postcode: 'W9 2HD',
      door: '',
    });
    const searched = { ...typed, manual: '0', door: '7' };
    expect(initialAddressChoice({ values: searched, saved: [] })).toMatchObject({
      manual: false,
      street: '',
      searchText: '12 Elgin Avenue, London, W9 2HD',
      found: { line1: '12 Elgin Avenue', postcode: 'W9 2HD', manual: false },
      door: '7',
    });
  });
});

describe('addressChoiceReducer', () => {
  it("fills a house's door with its building number, but never over a door typed", () => {
    expect(run(empty, { type: 'found', found })).toMatchObject({ door: '7', doorFilled: true });
    const other = { ...found, buildingNumber: '9', line1: '9 Elgin Avenue' };
    expect(run(empty, { type: 'found', found }, { type: 'found', found: other }).door).toBe('9');
    const typed = run(empty, { type: 'door', door: 'Flat 2' }, { type: 'found', found });
    expect(typed).toMatchObject({ door: 'Flat 2', doorFilled: false });
  });

  it('keeps what was typed before hydration, and changes nothing when nothing was', () => {
    expect(run(empty, { type: 'typed', line1: '', postcode: '', door: '' })).toBe(empty);
    expect(
      run(empty, { type: 'typed', line1: '12 Elgin Avenue', postcode: 'W9', door: '12' }),
    ).toMatchObject({ manual: true, street: '12 Elgin Avenue', postcode: 'W9', door: '12' });
  });

  it('brings back a booking kept in the browser, in the address book only when there is one', () => {
    const location = {
      ...chosenLocation(run(empty, { type: 'found', found }), none)!,
      saved: 'a1',
    };
    const restored = { type: 'restored', location, door: '7' } as const;
    expect(run(empty, restored)).toMatchObject({
      saved: '',
      found: location,
      searchText: found.label,
      door: '7',
      doorFilled: true,
    });
    expect(run({ ...empty, saved: DIFFERENT_ADDRESS }, restored).saved).toBe('a1');
  });

  it('a saved address brings its door; another address empties it', () => {
    const chosen = run(empty, { type: 'saved-chosen', id: 'a1', option: home });
    expect(chosen).toMatchObject({ saved: 'a1', door: 'Flat 3', doorFilled: false });
    const other = run(chosen, { type: 'saved-chosen', id: DIFFERENT_ADDRESS, option: undefined });
    expect(other).toMatchObject({ saved: DIFFERENT_ADDRESS, door: '' });
  });
});

describe('chosenLocation', () => {
  it('is the saved entry, else the address typed when complete, else the one found', () => {
    expect(chosenLocation(empty, { ...none, usingSaved: home })).toMatchObject({
      saved: 'a1',
      access_notes: 'Ring twice',
    });
    const typing = run(empty, { type: 'street', street: ' 12 Elgin Avenue ' });
    expect(chosenLocation(typing, { ...none, manual: true })).toBeNull();
    expect(
      chosenLocation(run(typing, { type: 'postcode', postcode: 'w92hd' }), {
        ...none,
        manual: true,
      }),
    ).toMatchObject({ label: '12 Elgin Avenue, London, W9 2HD', manual: true });
    expect(chosenLocation(run(empty, { type: 'found', found }), none)?.label).toBe(found.label);
    expect(chosenLocation(run(empty, { type: 'search-edited' }), none)).toBeNull();
  });
});
