import { describe, expect, it } from 'vitest';
import { againBooking, type RepeatedOrder } from './book-again';
import type { SavedAddressOption } from './saved-address-choice';

const order: RepeatedOrder = {
  id: 'c3a4b5d6-0000-4000-8000-000000000001',
  line1: '7 Elgin Avenue',
  line2: '',
  town: 'London',
  postcode: 'W9 2HD',
  company: '',
  address_type: 'Residential',
  door_number: 'Flat 2',
  building: 'Elgin Court',
  access_notes: 'Gate code 1234',
  notes: 'Two suits',
};

const entry: SavedAddressOption = {
  id: '4b0c4a52-7c1e-4a53-9d2a-0f5d2c1e9a11',
  label: 'Home',
  text: 'Flat 2, Elgin Court, 7 Elgin Avenue, London, W9 2HD',
  door_number: 'Flat 2',
  building: 'Elgin Court',
  line1: '7 Elgin Avenue',
  line2: '',
  town: 'London',
  postcode: 'W9 2HD',
  company: '',
  address_type: 'Residential',
  access_notes: 'Gate code 1234',
};

describe('book again (issue 18)', () => {
  it('chooses the saved address that is the same place, with the order’s notes', () => {
    const again = againBooking(order, [{ ...entry, id: 'other', line1: '1 Other Road' }, entry]);
    expect(again.notes).toBe('Two suits');
    expect(again.server.values).toMatchObject({ saved: entry.id, door: 'Flat 2', line1: '' });
  });

  it('fills the address in as typed when no saved address is that place', () => {
    const again = againBooking(order, [{ ...entry, door_number: 'Flat 3' }]);
    expect(again.server.values).toMatchObject({
      saved: 'new',
      manual: '1',
      line1: '7 Elgin Avenue',
      postcode: 'W9 2HD',
      door: 'Flat 2',
      building: 'Elgin Court',
      access_notes: 'Gate code 1234',
    });
    expect(againBooking(order, []).server.values.saved).toBe('');
  });
});
