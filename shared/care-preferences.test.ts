import { describe, expect, it } from 'vitest';
import {
  careFromForm,
  carePreferencesSchema,
  careSummary,
  noCarePreferences,
} from './care-preferences';

describe('garment care preferences (issue 18)', () => {
  it('reads the account form: blank is no preference, ticked boxes are on', () => {
    const parsed = carePreferencesSchema.parse(
      careFromForm({
        shirts: 'folded',
        starch: '',
        no_plastic_covers: 'on',
        detergent_notes: ' Non-bio ',
      }),
    );
    expect(parsed).toEqual({
      ...noCarePreferences,
      shirts: 'folded',
      no_plastic_covers: true,
      detergent_notes: 'Non-bio',
    });
    expect(carePreferencesSchema.safeParse({ starch: 'extra' }).success).toBe(false);
  });

  it('says the preferences in words for the driver and the shop', () => {
    expect(careSummary(noCarePreferences)).toEqual([]);
    expect(
      careSummary({
        shirts: 'hanger',
        starch: 'light',
        no_plastic_covers: true,
        return_hangers: true,
        detergent_notes: 'Non-bio',
        handover_notes: 'Concierge',
      }),
    ).toEqual([
      'Shirts on hangers',
      'Light starch',
      'No plastic covers',
      'Return hangers',
      'Detergent: Non-bio',
      'Handover: Concierge',
    ]);
  });
});
