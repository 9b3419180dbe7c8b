import { describe, expect, it } from 'vitest';
import {
  addressLines,
  doorInAddress,
  buildingNumberOf,
  formatAddress,
  formatFullAddress,
  storedAddressLines,
  streetLine,
} from './address';

describe('one address formatter (issue 12: the building number is never lost or doubled)', () => {
  it('keeps a typed flat apart from the building number and street', () => {
    expect(streetLine('Flat 2', '7 Elgin Avenue')).toBe('Flat 2, 7 Elgin Avenue');
    expect(
      formatAddress({
        door_number: 'Flat 2',
        line1: '7 Elgin Avenue',
        town: 'London',
        postcode: 'w9 2hd',
      }),
    ).toBe('Flat 2, 7 Elgin Avenue, London, W9 2HD');
  });

  it('prints the house number once when the door number is the building number', () => {
    expect(streetLine('2', '2 Fortune Green Road')).toBe('2 Fortune Green Road');
    expect(streetLine('10', '10 Randolph Avenue')).toBe('10 Randolph Avenue');
    expect(streetLine('12A', '12a Elgin Avenue')).toBe('12a Elgin Avenue');
    expect(streetLine('Flat 2, 7', '7 Elgin Avenue')).toBe('Flat 2, 7 Elgin Avenue');
    expect(streetLine('Flat 2, 7 Elgin Avenue', '7 Elgin Avenue')).toBe('Flat 2, 7 Elgin Avenue');
    expect(
      formatFullAddress({ door_number: '2', line1: '2 Fortune Green Road', postcode: 'NW6 1DT' }),
    ).toBe('2 Fortune Green Road\nNW6 1DT');
  });

  it('does not mistake a door number for the start of a longer building number', () => {
    expect(streetLine('1', '10 Randolph Avenue')).toBe('1, 10 Randolph Avenue');
    expect(streetLine('7', '7a Elgin Avenue')).toBe('7, 7a Elgin Avenue');
  });

  it('reads older records and API clients that keep the number in the door field', () => {
    expect(streetLine('12', 'Elgin Avenue')).toBe('12 Elgin Avenue');
    expect(streetLine('Flat 2, 31', 'Warrington Crescent')).toBe('Flat 2, 31 Warrington Crescent');
    expect(streetLine('Basement', 'Elgin Avenue')).toBe('Basement, Elgin Avenue');
    expect(streetLine('', '7 Elgin Avenue')).toBe('7 Elgin Avenue');
    expect(streetLine('Flat 2', '')).toBe('Flat 2');
  });

  it('prints the company once', () => {
    const dental = {
      company: 'Fortune Dental Practice',
      door_number: '1',
      line1: '1 Fortune Green Road',
      town: 'London',
      postcode: 'NW6 1DT',
    };
    expect(addressLines(dental)).toEqual([
      'Fortune Dental Practice',
      '1 Fortune Green Road',
      'London',
      'NW6 1DT',
    ]);
    expect(
      addressLines({
        ...dental,
        door_number: '',
        line1: 'Fortune Dental Practice, 1 Fortune Green Road',
      }),
    ).toEqual(['Fortune Dental Practice, 1 Fortune Green Road', 'London', 'NW6 1DT']);
    expect(addressLines({ ...dental, line2: 'Fortune Dental Practice' })).toEqual([
      'Fortune Dental Practice',
      '1 Fortune Green Road',
      'London',
      'NW6 1DT',
    ]);
  });

  it('puts a named building on its own line with the flat (issue 18)', () => {
    const flat = { door_number: 'Flat 2', building: 'Elgin Court', line1: '7 Elgin Avenue' };
    expect(addressLines({ ...flat, town: 'London', postcode: 'w9 2hd' })).toEqual([
      'Flat 2, Elgin Court',
      '7 Elgin Avenue',
      'London',
      'W9 2HD',
    ]);
    // The building number as the door is said once, on the street line.
    expect(addressLines({ ...flat, door_number: '7' })).toEqual(['Elgin Court', '7 Elgin Avenue']);
  });

  it('finds the building number of a street line', () => {
    expect(buildingNumberOf('7 Elgin Avenue')).toBe('7');
    expect(buildingNumberOf('10-12 Randolph Avenue')).toBe('10-12');
    expect(buildingNumberOf('Elgin Avenue')).toBe('');
    expect(buildingNumberOf('7')).toBe('7');
  });

  it('reads a stored multi-line address with each line once', () => {
    expect(
      storedAddressLines(
        'Fortune Dental Practice\nFortune Dental Practice\n 1 Fortune Green Road\n\nLondon',
      ),
    ).toEqual(['Fortune Dental Practice', '1 Fortune Green Road', 'London']);
  });
});

describe('doorInAddress (issue 31: the driver reads the door once)', () => {
  it('a door the address line starts with or holds is already said', () => {
    expect(doorInAddress('12', ['12 Elgin Avenue', 'London', 'W9 2HD'])).toBe(true);
    expect(doorInAddress('7', ['7 Elgin Avenue'])).toBe(true);
    expect(doorInAddress('Flat 2', ['Flat 2, 7 Elgin Avenue'])).toBe(true);
    expect(doorInAddress('7', ['Flat 2, 7 Elgin Avenue'])).toBe(true);
    expect(doorInAddress('flat 2.', ['Flat 2, Elgin Court', '7 Elgin Avenue'])).toBe(true);
    expect(doorInAddress('', ['7 Elgin Avenue'])).toBe(true);
  });
  it('a door the lines do not say is shown', () => {
    expect(doorInAddress('Flat 2', ['7 Elgin Avenue', 'London'])).toBe(false);
    expect(doorInAddress('12', ['120 Elgin Avenue'])).toBe(false);
    expect(doorInAddress('Basement', ['3 Randolph Avenue'])).toBe(false);
  });
});
