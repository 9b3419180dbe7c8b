import { describe, expect, test } from 'vitest';
import { claimInput } from '@shared/claims/input';
import { claimBody, fieldErrorsByGarment, includedGarments } from './claim-fields';

describe('the claim form’s fields', () => {
  const fields = {
    'g.7.include': 'on',
    'g.7.kind': 'damaged',
    'g.7.damage_kind': 'shrunk',
    'g.7.category': 'shirts',
    'g.7.age_months': '6',
    'g.7.replacement_cost': '',
    'g.7.note': 'Shrunk at the cuffs',
    'g.9.kind': 'missing',
    'g.9.category': 'coats',
    'g.11.include': 'on',
    'g.11.kind': 'missing',
    'g.11.damage_kind': 'shrunk',
    'g.11.category': '',
    note: 'Thanks',
  };

  test('only ticked garments are claimed, with what their kind needs', () => {
    const ids = includedGarments(fields);
    expect(ids).toEqual([7, 11]);
    const body = claimBody(fields, ids);
    expect(body.items[0]).toMatchObject({
      order_garment_id: 7,
      kind: 'damaged',
      damage_kind: 'shrunk',
      age_months: '6',
      replacement_cost: undefined,
    });
    expect(body.items[1]!.damage_kind).toBeUndefined();
    const parsed = claimInput.safeParse(claimBody(fields, [7]));
    expect(parsed.success).toBe(true);
  });

  test('the schema’s errors are named by the garment’s fields', () => {
    const parsed = claimInput.safeParse(claimBody(fields, [7, 11]));
    expect(parsed.success).toBe(false);
    const errors = Object.fromEntries(
      parsed.error!.issues.map((i) => [i.path.join('.'), i.message]),
    );
    const named = fieldErrorsByGarment(errors, [7, 11]);
    expect(named['g.11.category']).toBe('Choose what kind of garment it is.');
    expect(named['g.11.age_months']).toBe('Give its age in months.');
    expect(fieldErrorsByGarment({ items: 'Choose at least one garment.' }, [])).toEqual({
      items: 'Choose at least one garment.',
    });
  });
});

describe('ids from paths and fields', () => {
  test('a record id, or null for anything the database could not hold', async () => {
    const { recordIdOf } = await import('./claim-fields');
    expect(recordIdOf('12')).toBe(12);
    expect(recordIdOf('2147483648')).toBeNull();
    expect(recordIdOf('x')).toBeNull();
    expect(recordIdOf('0')).toBeNull();
  });
});
