import { z } from 'zod';
import { text } from './text';

/*
 * How a customer likes their garments cared for (issue 18, decision 034): shirts on hangers or
 * folded, starch, no plastic covers, hangers returned, detergent sensitivity, and access and
 * handover at the door. One schema for the API and the account's form; one summary in words
 * for the driver's and the shop's views. Pure.
 */

export const shirtOptions = ['hanger', 'folded'] as const;
export const starchOptions = ['none', 'light', 'medium', 'heavy'] as const;

export const careMessages = {
  shirts: 'Please choose hangers or folded',
  starch: 'Please choose no, light, medium or heavy starch',
  detergent: 'Please keep the detergent note under 300 characters',
  handover: 'Please keep the handover instructions under 500 characters',
  invalid: 'Please check your garment care choices.',
  saved: 'Your garment care preferences are saved.',
} as const;

export const carePreferencesSchema = z.object({
  shirts: z
    .enum(shirtOptions, { error: careMessages.shirts })
    .nullable()
    .default(null)
    .meta({ description: 'Shirts on hangers or folded; null: no preference' }),
  starch: z
    .enum(starchOptions, { error: careMessages.starch })
    .nullable()
    .default(null)
    .meta({ description: 'Starch for shirts; null: no preference' }),
  no_plastic_covers: z.boolean({ error: 'no_plastic_covers is true or false.' }).default(false),
  return_hangers: z.boolean({ error: 'return_hangers is true or false.' }).default(false),
  detergent_notes: text()
    .trim()
    .max(300, careMessages.detergent)
    .default('')
    .meta({
      examples: ['Sensitive skin: non-bio, fragrance-free'],
    }),
  handover_notes: text()
    .trim()
    .max(500, careMessages.handover)
    .default('')
    .meta({
      examples: ['Leave with the concierge; ring twice'],
    }),
});

export type CarePreferences = z.output<typeof carePreferencesSchema>;

export const noCarePreferences: CarePreferences = {
  shirts: null,
  starch: null,
  no_plastic_covers: false,
  return_hangers: false,
  detergent_notes: '',
  handover_notes: '',
};

/** The account's form as the API's body: '' is no preference, a ticked box is on. */
export function careFromForm(fields: Record<string, string>): Record<string, unknown> {
  return {
    shirts: fields.shirts || null,
    starch: fields.starch || null,
    no_plastic_covers: fields.no_plastic_covers === 'on',
    return_hangers: fields.return_hangers === 'on',
    detergent_notes: fields.detergent_notes ?? '',
    handover_notes: fields.handover_notes ?? '',
  };
}

const starchWords = {
  none: 'No starch',
  light: 'Light starch',
  medium: 'Medium starch',
  heavy: 'Heavy starch',
} as const;

/** The preferences in words, one line each, for the driver and the shop ([] when none). */
export function careSummary(care: CarePreferences): string[] {
  const lines: string[] = [];
  if (care.shirts) lines.push(care.shirts === 'hanger' ? 'Shirts on hangers' : 'Shirts folded');
  if (care.starch) lines.push(starchWords[care.starch]);
  if (care.no_plastic_covers) lines.push('No plastic covers');
  if (care.return_hangers) lines.push('Return hangers');
  if (care.detergent_notes) lines.push(`Detergent: ${care.detergent_notes}`);
  if (care.handover_notes) lines.push(`Handover: ${care.handover_notes}`);
  return lines;
}
